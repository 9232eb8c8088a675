/// What the text a line shows asks of its box: the fonts it is drawn in and the attachments
/// in it, gathered over one or more UTF-8 ranges (a truncated line shows two).
struct LineContent {
    /// The fonts of the chain (bit i: font i, and ``FontChain/attachmentBit``; see
    /// ``MeasuredSegment/fontMask``) of the text in the ranges added.
    var fontMask: UInt32 = 0
    /// The highest ascent and descent of the attachments in them, or `nil` when none is.
    var boxes: (ascent: Double, descent: Double)?

    /// Adds the text in `range` of a text cut into `segments` and measured by `measurer`: the
    /// fonts of each segment it holds whole, and of the runs of the part it holds of another
    /// (a piece of a cut word, or a kept suffix starting inside a word).
    /// - Complexity: O(log segments + segments in `range` + log runs + attachments in `range`).
    mutating func add(_ range: Range<Int>, of segments: UnsafeBufferPointer<MeasuredSegment>, in measurer: RunMeasurer) {
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
            let segment = segments[low]
            if range.lowerBound <= Int(segment.start) && Int(segment.end) <= range.upperBound {
                mask |= segment.fontMask
            } else {
                mask |= LineContent.fontMask(of: max(range.lowerBound, Int(segment.start))..<min(range.upperBound, Int(segment.end)),
                                             runs: measurer)
            }
            low += 1
        }
        fontMask |= mask
        guard mask & FontChain.attachmentBit != 0, let extent = measurer.styles?.boxExtent(in: range) else { return }
        boxes = (max(boxes?.ascent ?? -.infinity, extent.ascent), max(boxes?.descent ?? -.infinity, extent.descent))
    }

    /// The fonts of the runs `part` of the text lies in.
    private static func fontMask(of part: Range<Int>, runs measurer: RunMeasurer) -> UInt32 {
        let runs = measurer.runs
        var mask: UInt32 = 0
        var r = measurer.firstRun(containing: part.lowerBound)
        while r < runs.count, Int(runs[r].start) < part.upperBound {
            mask |= runs[r].isAttachment ? FontChain.attachmentBit : 1 << UInt32(runs[r].font)
            r += 1
        }
        return mask
    }

    /// The natural box of a line showing this in `fonts` (``FontChain/lineBox(mask:boxes:)``).
    func box(in fonts: FontChain) -> LineBox {
        fonts.lineBox(mask: fontMask, boxes: boxes)
    }
}
