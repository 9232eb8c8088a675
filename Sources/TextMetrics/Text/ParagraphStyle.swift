/// How the lines of every paragraph of a text are spaced, indented, tabbed and aligned, as
/// `NSParagraphStyle` does it — with its names, meanings and defaults (a paragraph ends at a
/// mandatory break).
///
/// ```swift
/// var style = ParagraphStyle()
/// style.lineSpacing = 4
/// style.lineHeightMultiple = 1.2
/// style.firstLineHeadIndent = 16
/// var text = AttributedText(post, style: body)
/// text.paragraphStyle = try style.validated()
/// ```
///
/// Where Apple's documentation leaves a point open, TextMetrics does what UIKit (TextKit) is
/// reported to do; each rule is stated on its property and in the README:
/// - a line's natural height (largest ascent + largest descent + largest line gap) is
///   multiplied by ``lineHeightMultiple``, then clamped to ``minimumLineHeight`` and
///   ``maximumLineHeight``; what that adds (or takes) goes **above** the text — the baseline
///   moves down by it — so text sits at the bottom of a taller line, as in UIKit;
/// - ``lineSpacing`` goes between lines, not after the last line of the text;
/// - ``paragraphSpacing`` goes after every paragraph but the last; ``paragraphSpacingBefore``
///   before every paragraph but the first;
/// - tab stops are measured from the line's leading edge (the container's, indents not
///   subtracted); beyond the last stop, tabs go to multiples of ``defaultTabInterval`` (with an
///   interval of 0, a tab keeps its glyph's width).
public struct ParagraphStyle: Hashable, Sendable {
    /// Points added between one line's bottom and the next line's top (not after the last line).
    public var lineSpacing: Double = 0
    /// A factor for each line's natural height (0: none), applied before the minimum and maximum.
    public var lineHeightMultiple: Double = 0
    /// The least height of a line in points (0: none).
    public var minimumLineHeight: Double = 0
    /// The greatest height of a line in points (0: none); a line clamped below its natural
    /// height keeps its descent and loses from the top.
    public var maximumLineHeight: Double = 0
    /// Points after each paragraph but the last.
    public var paragraphSpacing: Double = 0
    /// Points before each paragraph but the first.
    public var paragraphSpacingBefore: Double = 0
    /// The leading indent of each paragraph's first line, in points.
    public var firstLineHeadIndent: Double = 0
    /// The leading indent of each paragraph's other lines, in points.
    public var headIndent: Double = 0
    /// Positive: where lines end, measured from the leading margin; zero or negative: from the
    /// trailing margin (−10 ends lines 10 pt short of the container's width).
    public var tailIndent: Double = 0
    /// Left tab stops, in points from the line's leading edge, increasing. The default is
    /// CoreText's: twelve stops 28 pt apart.
    public var tabStops: [Double] = ParagraphStyle.defaultTabStops
    /// The interval of the tab stops beyond the last of ``tabStops`` (0: none).
    public var defaultTabInterval: Double = 0
    /// Where lines are drawn: it never changes their breaks or the layout's height.
    public var alignment: TextAlignment = .natural

    /// CoreText's default tab stops: every 28 pt up to 336 pt.
    public static let defaultTabStops: [Double] = (1...12).map { Double($0) * 28 }

    /// `NSParagraphStyle.default`.
    public init() {}

    /// The largest value of any field, in points (or as a multiple): indents and tab stops are
    /// whole layout units of 64 bits.
    public static let maxValue = InvalidArgumentError.maxPoints

    /// This style, checked (preparing a text checks its style so).
    /// - Throws: ``InvalidArgumentError`` naming the field: a NaN or infinite value, or one
    ///   past ``maxValue`` either way; a negative spacing, multiple, line height, head indent or
    ///   tab stop; a maximum line height below the minimum; tab stops out of order.
    public func validated() throws -> ParagraphStyle {
        func check(_ value: Double, _ name: @autoclosure () -> String, negativeAllowed: Bool = false) throws {
            try InvalidArgumentError.requirePoints(value, name(), negativeAllowed: negativeAllowed)
        }
        try check(lineSpacing, "lineSpacing")
        try check(lineHeightMultiple, "lineHeightMultiple")
        try check(minimumLineHeight, "minimumLineHeight")
        try check(maximumLineHeight, "maximumLineHeight")
        try check(paragraphSpacing, "paragraphSpacing")
        try check(paragraphSpacingBefore, "paragraphSpacingBefore")
        try check(firstLineHeadIndent, "firstLineHeadIndent")
        try check(headIndent, "headIndent")
        try check(tailIndent, "tailIndent", negativeAllowed: true)
        try check(defaultTabInterval, "defaultTabInterval")
        if maximumLineHeight > 0, maximumLineHeight < minimumLineHeight {
            throw InvalidArgumentError(argument: "maximumLineHeight", requirement: "0 or at least minimumLineHeight (\(minimumLineHeight))",
                                       value: "\(maximumLineHeight)")
        }
        for (index, stop) in tabStops.enumerated() {
            try check(stop, "tabStops[\(index)]")
            if index > 0, stop <= tabStops[index - 1] {
                throw InvalidArgumentError(argument: "tabStops[\(index)]", requirement: "greater than the stop before (\(tabStops[index - 1]))",
                                           value: "\(stop)")
            }
        }
        return self
    }

    /// The room a line has, in points, in a container `width` wide: from its head indent
    /// (``firstLineHeadIndent`` on a paragraph's first line, else ``headIndent``) to where
    /// ``tailIndent`` ends it; `nil` when that leaves no room.
    func lineRoom(width: Double, isFirst: Bool) -> Double? {
        let head = isFirst ? firstLineHeadIndent : headIndent
        let end = tailIndent > 0 ? tailIndent : width + tailIndent
        let room = end - head
        return room > 0 ? room : nil
    }
}

/// Where a paragraph's lines are drawn, as `NSTextAlignment`.
public enum TextAlignment: String, CaseIterable, Hashable, Sendable {
    /// At the left margin.
    case left
    /// At the right margin.
    case right
    /// Centred between the margins.
    case center
    /// Left in a left-to-right paragraph, right in a right-to-left one (its first strong
    /// character's direction).
    case natural
    /// Stretched to both margins, but a paragraph's last line, which is natural.
    case justified
}
