/// What measuring reads of an attributed text's styles beyond their fonts (which its runs
/// index in the chain of drawn fonts): each shaping style's letter spacing in layout units and
/// its shaping options, and each attachment's box. A run points at its style, or an attachment
/// run at its box, by ``TextRun/style``.
///
/// Plain text has none: its measurer's styles are `nil`, and nothing here is read.
final class RunStyles: Sendable {
    /// One shaping style.
    struct Style: Sendable {
        /// Letter spacing after each grapheme cluster, in layout units (0: none).
        let kern: Int64
        /// The language and features the style's runs are shaped with, or `nil` for none.
        let options: ShapingOptions?
    }

    /// An attachment's box, in layout units and points.
    struct Box: Sendable {
        /// The width in layout units.
        let width: Int64
        /// How far the box reaches above the baseline, in points.
        let ascent: Double
        /// How far the box reaches below the baseline, in points.
        let descent: Double
        /// The UTF-8 offset of its U+FFFC.
        let offset: Int
    }

    /// The shaping styles, by index.
    let styles: [Style]
    /// The attachments, by index, in text order.
    let boxes: [Box]
    /// Whether some style spaces its letters.
    let hasKern: Bool

    init(styles: [Style], boxes: [Box]) {
        self.styles = styles
        self.boxes = boxes
        hasKern = styles.contains { $0.kern != 0 }
    }

    /// The highest box ascent and descent (in points) of the attachments whose U+FFFC lies in
    /// `range` of the text, or `nil` when none does.
    func boxExtent(in range: Range<Int>) -> (ascent: Double, descent: Double)? {
        var extent: (ascent: Double, descent: Double)?
        // The boxes are in text order: find the first at or after the range's start.
        var low = 0
        var high = boxes.count
        while low < high {
            let mid = (low + high) / 2
            if boxes[mid].offset < range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var i = low
        while i < boxes.count, boxes[i].offset < range.upperBound {
            let box = boxes[i]
            extent = (max(extent?.ascent ?? -.infinity, box.ascent), max(extent?.descent ?? -.infinity, box.descent))
            i += 1
        }
        return extent
    }
}
