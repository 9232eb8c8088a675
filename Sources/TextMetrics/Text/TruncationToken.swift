/// What a truncated line ends with: "…", "… more" in a link's font and color — an attributed
/// text prepared once and set on the ``TextContainer`` of every layout that may truncate.
///
/// ```swift
/// var more = AttributedText("… more", style: try TextStyle(fonts: medium, color: TextColor(hex: "#1DA1F2")))
/// let container = try TextContainer(width: 320, numberOfLines: 3, lineBreakMode: .truncateTail,
///                                   truncationToken: try TruncationToken(more))
/// ```
///
/// The token is never split: the last line shown keeps the longest prefix (whole words first,
/// then grapheme clusters, measured as shaped after the cut) whose width plus the token's fits;
/// when the token alone is wider than the line, the text's own "…" is used, and when that is
/// too, the line is clipped. The last line is as tall as the token's fonts ask. Head and middle
/// truncation take the token too. Without a token, "…" in the text's fonts, as UIKit.
///
/// Immutable and `Sendable`; equal when their attributed texts are.
public struct TruncationToken: Hashable, Sendable {
    /// The token's text and styles.
    public var text: AttributedText { storage.text }
    /// The token prepared: its width, its glyphs.
    public var prepared: PreparedText { storage.prepared }
    /// Its width in points (one line, however long).
    public var width: Double { storage.width }
    /// Its line's ascent, descent and line gap, in points.
    var box: LineBox { storage.box }
    /// Its glyphs, positioned from its start and baseline, marked as the token's.
    var glyphs: [PositionedGlyph] { storage.glyphs }

    /// What the token holds, behind one reference: a container, copied into every layout
    /// pass, carries a token as one word, not as its text and prepared text.
    private final class Storage: Sendable {
        let text: AttributedText
        let prepared: PreparedText
        let width: Double
        let box: LineBox
        let glyphs: [PositionedGlyph]

        init(text: AttributedText, prepared: PreparedText, width: Double, box: LineBox, glyphs: [PositionedGlyph]) {
            self.text = text
            self.prepared = prepared
            self.width = width
            self.box = box
            self.glyphs = glyphs
        }
    }

    private let storage: Storage

    /// `text` prepared as a token.
    /// - Throws: ``InvalidArgumentError`` for an empty text or one with a line separator.
    public init(_ text: AttributedText) throws {
        guard !text.string.isEmpty else {
            throw InvalidArgumentError(argument: "truncationToken", requirement: "a non-empty text", value: "\"\"")
        }
        guard !text.string.unicodeScalars.contains(where: CharacterProperties.isLineSeparator) else {
            throw InvalidArgumentError(argument: "truncationToken", requirement: "one line (no line separator)",
                                       value: String(reflecting: text.string))
        }
        let prepared = try PreparedText(text)
        let layout = prepared.layout(in: .unlimited)
        let glyphs = prepared.glyphs(for: layout).flatMap { $0 }.map { glyph in
            var glyph = glyph
            glyph.isTruncationToken = true
            return glyph
        }
        storage = Storage(text: text, prepared: prepared, width: layout.size.width,
                          box: prepared.lineBox(of: 0..<text.string.utf8.count), glyphs: glyphs)
    }

    /// Tokens are equal when their texts are.
    public static func == (lhs: TruncationToken, rhs: TruncationToken) -> Bool { lhs.text == rhs.text }

    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
