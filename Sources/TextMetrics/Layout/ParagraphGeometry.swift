/// A paragraph style in the units of one layout: each line's room and indent (a paragraph's
/// first line apart from its others), its tab stops, and how a line's natural box becomes the
/// box it is stacked with (``ParagraphStyle``).
///
/// A class: a layout hands it to every line it fits, and a struct this size (the style, two
/// rooms, the stops) would be copied each time; a text without a paragraph style has none.
final class ParagraphGeometry {
    let style: ParagraphStyle
    /// The room of a paragraph's first line and of its other lines.
    let first: LineRoom
    let other: LineRoom
    /// The tab stops, when the text has a tab.
    let tabs: TabStops?

    /// Where a line may run, in layout units.
    struct LineRoom {
        /// The line's width in (fractional) layout units.
        let maxUnits: Double
        /// The widest line in whole layout units (``LineFitter/limit(forMaxUnits:)``).
        let limit: Int64
        /// The head indent in layout units: where the line starts from the leading edge.
        let indent: Int64
        /// The head indent in points.
        let indentPoints: Double
        /// The room in points (infinite in an unlimited container).
        let width: Double
    }

    /// `style` in a container `width` points wide, at `pointsPerUnit`; `hasTabs` when the text
    /// holds a tab. A line whose indents leave no room gets the least room there is: one
    /// cluster per line (``ParagraphStyle/checkRoom(inWidth:)`` tells it apart as an error).
    init(_ style: ParagraphStyle, width: Double, pointsPerUnit: Double, hasTabs: Bool) {
        self.style = style
        func room(isFirst: Bool) -> LineRoom {
            let indent = isFirst ? style.firstLineHeadIndent : style.headIndent
            let indentUnits = Int64((indent / pointsPerUnit).rounded())
            // The room in layout units from the indent as lines are placed (whole units), so a
            // text is measured and fitted against the same indent.
            guard let points = style.lineRoom(width: width, isFirst: isFirst) else {
                return LineRoom(maxUnits: 1e-6 / pointsPerUnit, limit: LineFitter.limit(forMaxUnits: 1e-6 / pointsPerUnit),
                                indent: indentUnits, indentPoints: indent, width: 1e-6)
            }
            let maxUnits = (points + indent) / pointsPerUnit - Double(indentUnits)
            return LineRoom(maxUnits: maxUnits, limit: LineFitter.limit(forMaxUnits: maxUnits),
                            indent: indentUnits, indentPoints: indent, width: points)
        }
        first = room(isFirst: true)
        other = room(isFirst: false)
        tabs = hasTabs ? TabStops(style, pointsPerUnit: pointsPerUnit) : nil
    }

    /// The room of a line, first in its paragraph or not.
    @inline(__always)
    func room(isFirst: Bool) -> LineRoom { isFirst ? first : other }
}

extension ParagraphStyle {
    /// The height a line of natural box `box` is stacked with, and how far its baseline moves
    /// down for it: the natural height times ``lineHeightMultiple``, clamped to the minimum
    /// and maximum line heights; the difference goes above the text.
    func stacked(_ box: LineBox) -> (height: Double, shift: Double) {
        let natural = box.height
        var height = lineHeightMultiple > 0 ? natural * lineHeightMultiple : natural
        if minimumLineHeight > 0 { height = max(height, minimumLineHeight) }
        if maximumLineHeight > 0 { height = min(height, maximumLineHeight) }
        return (height, height - natural)
    }

    /// The space above a line after the first: line spacing, and when the line starts a
    /// paragraph, the paragraph spacing after the one before and before its own.
    func spacing(beforeLineStartingParagraph startsParagraph: Bool) -> Double {
        lineSpacing + (startsParagraph ? paragraphSpacing + paragraphSpacingBefore : 0)
    }

    /// Whether every line of a text in this style with `paragraphs` paragraphs is fitted in
    /// the container's whole width and stacked alike: no indents (every line's room is the
    /// width), and no paragraph spacing between lines. Its tabs aside, such a text breaks
    /// into lines as it would without the style.
    func stacksLinesAlike(paragraphs: Int) -> Bool {
        firstLineHeadIndent == 0 && headIndent == 0 && tailIndent == 0
            && (paragraphs <= 1 || paragraphSpacing == 0 && paragraphSpacingBefore == 0)
    }
}

extension ParagraphStyle {
    /// Throws when the indents leave a line no room in a container `width` points wide.
    /// - Throws: ``InvalidArgumentError`` naming `tailIndent` (or the head indent at fault).
    public func checkRoom(inWidth width: Double) throws {
        for isFirst in [true, false] where lineRoom(width: width, isFirst: isFirst) == nil {
            let head = isFirst ? "firstLineHeadIndent" : "headIndent"
            throw InvalidArgumentError(
                argument: "tailIndent",
                requirement: "a value that leaves room after \(head) (\(isFirst ? firstLineHeadIndent : headIndent) pt) in a line \(width) pt wide",
                value: "\(tailIndent)")
        }
    }
}
