import Testing
import TestSupport
@testable import TextMetrics

/// `AttributedText` is a value: a copy changed leaves the original as it was (its parts are
/// shared until then), equal texts hash alike, and a builder that goes on appending after
/// `build()` leaves the built text alone. The references are the values themselves, compared
/// field by field, and texts built two ways.
@Suite struct AttributedValueTests {
    static func style() throws -> TextStyle {
        TextStyle(fonts: try FontChain(named: ["Roboto-Regular", "NotoColorEmoji"], size: 15))
    }

    static func spaced() -> ParagraphStyle {
        var paragraph = ParagraphStyle()
        paragraph.lineSpacing = 4
        return paragraph
    }

    @Test func aChangedCopyLeavesTheOriginal() throws {
        let original = AttributedText("@alice replied to @bob \u{FFFC}", style: try Self.style())
        var copy = original
        #expect(copy == original && copy.hashValue == original.hashValue)
        try copy.addAttributes(TextAttributes(size: 13), to: 0..<6)
        try copy.addAttachment(try TextAttachment(width: 18, ascent: 14, descent: 4), at: 23)
        copy.paragraphStyle = Self.spaced()
        #expect(original.spans.isEmpty && original.attachments.isEmpty && original.paragraphStyle == nil)
        #expect(copy.spans.map(\.range) == [0..<6] && copy.attachments.map(\.offset) == [23])
        #expect(copy != original)
        // Changing the copy again (its parts its own now) changes only it.
        var second = copy
        try second.addAttributes(TextAttributes(kern: 1), to: 7..<14)
        #expect(copy.spans.count == 1 && second.spans.count == 2)
        // Equal parts make equal texts, whatever shares what.
        var rebuilt = AttributedText("@alice replied to @bob \u{FFFC}", style: try Self.style())
        try rebuilt.addAttributes(TextAttributes(size: 13), to: 0..<6)
        try rebuilt.addAttachment(try TextAttachment(width: 18, ascent: 14, descent: 4), at: 23)
        rebuilt.paragraphStyle = Self.spaced()
        #expect(rebuilt == copy && rebuilt.hashValue == copy.hashValue)
    }

    @Test func attachmentsAreKeptInOffsetOrder() throws {
        var text = AttributedText("\u{FFFC} a \u{FFFC} b \u{FFFC}", style: try Self.style())
        let box = try TextAttachment(width: 10, ascent: 10)
        for offset in [6, 0, 12] { try text.addAttachment(box, at: offset) }
        #expect(text.attachments.map(\.offset) == [0, 6, 12])
    }

    @Test func aBuilderBuildsWhatTheStringAndRangesGive() throws {
        let medium = try FontChain(named: ["Roboto-Medium"], size: 15)
        let box = try TextAttachment(width: 18, ascent: 14, descent: 4)
        var builder = AttributedText.Builder(style: try Self.style())
        builder.append("@alice", TextAttributes(fonts: medium))
        builder.append(" wrote ")
        builder.appendAttachment(box)
        let first = try builder.build()
        builder.append(" example.com/x", TextAttributes(size: 13))
        let second = try builder.build()
        // The text built first is as it was when built.
        #expect(first.string == "@alice wrote \u{FFFC}" && first.spans.count == 1)
        let expected = try AttributedText("@alice wrote \u{FFFC} example.com/x", style: try Self.style(),
                                          spans: [.init(range: 0..<6, attributes: TextAttributes(fonts: medium)),
                                                  .init(range: 16..<30, attributes: TextAttributes(size: 13))],
                                          attachments: [.init(offset: 13, attachment: box)])
        #expect(second == expected)
        #expect(try PreparedText(second).layout(in: .unlimited) == PreparedText(expected).layout(in: .unlimited))
    }

    @Test func aBuilderNamesWhatItCannotUse() throws {
        func argument(_ build: () throws -> AttributedText) -> String? {
            do {
                _ = try build()
                return nil
            } catch let error as InvalidArgumentError {
                return error.argument
            } catch {
                return "\(error)"
            }
        }
        var builder = AttributedText.Builder(style: try Self.style())
        builder.append("fine ")
        builder.append("spaced", TextAttributes(kern: .nan))
        #expect(argument { try builder.build() } == "spans[0].kern")
        // A U+FFFC after a prepended mark (U+0600 ARABIC NUMBER SIGN, GB9b) is in its cluster.
        var prepended = AttributedText.Builder(style: try Self.style())
        prepended.append("\u{0600}")
        prepended.appendAttachment(try TextAttachment(width: 9, ascent: 9))
        #expect(argument { try prepended.build() } == "attachments[0].offset")
    }
}
