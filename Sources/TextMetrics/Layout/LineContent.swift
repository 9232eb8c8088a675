/// What the text a line shows asks of its box: the fonts it is drawn in and the attachments
/// in it, gathered over one or more UTF-8 ranges (a truncated line shows two).
struct LineContent {
    /// The fonts of the chain (bit i: font i, and ``FontChain/attachmentBit``; see
    /// ``MeasuredSegment/fontMask``) of every segment holding some of the ranges added.
    var fontMask: UInt32 = 0
    /// The highest ascent and descent of the attachments in them, or `nil` when none is.
    var boxes: (ascent: Double, descent: Double)?

    /// Adds the text in `range` of a text cut into `segments` with `styles`.
    /// - Complexity: O(log segments + segments in `range` + attachments in `range`).
    mutating func add(_ range: Range<Int>, of segments: UnsafeBufferPointer<MeasuredSegment>, styles: RunStyles?) {
        guard !range.isEmpty else { return }
        // The segments are in text order: find the first that ends after the range's start.
        var low = 0
        var high = segments.count
        while low < high {
            let mid = (low + high) / 2
            if Int(segments[mid].end) <= range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var mask: UInt32 = 0
        while low < segments.count, Int(segments[low].start) < range.upperBound {
            mask |= segments[low].fontMask
            low += 1
        }
        fontMask |= mask
        guard mask & FontChain.attachmentBit != 0, let extent = styles?.boxExtent(in: range) else { return }
        boxes = (max(boxes?.ascent ?? -.infinity, extent.ascent), max(boxes?.descent ?? -.infinity, extent.descent))
    }

    /// The natural box of a line showing this in `fonts` (``FontChain/lineBox(mask:boxes:)``).
    func box(in fonts: FontChain) -> LineBox {
        fonts.lineBox(mask: fontMask, boxes: boxes)
    }
}
