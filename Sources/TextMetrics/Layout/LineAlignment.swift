import TextSegmentation

/// Where a paragraph style's alignment draws each line (``TextLine/x``): inside the line's room
/// — from its head indent to where its tail indent ends it, both measured from the paragraph's
/// leading edge (the left in a left-to-right paragraph, the right in a right-to-left one).
/// Alignment moves lines, never their breaks or the layout's height.
struct LineAlignment {
    let alignment: TextAlignment
    /// The width lines are aligned in: the container's, or in an unlimited container the
    /// layout's own (its widest line and indent).
    let width: Double

    /// The x of a line `lineWidth` points wide whose room starts `indent` points from its
    /// paragraph's leading edge and is `room` points wide (infinite: to the far edge).
    func x(lineWidth: Double, indent: Double, room: Double, rightToLeft: Bool) -> Double {
        let roomWidth = room.isFinite ? room : max(0, width - indent)
        let left = rightToLeft ? width - indent - roomWidth : indent
        switch alignment {
        case .left: return left
        case .right: return left + roomWidth - lineWidth
        case .center: return left + (roomWidth - lineWidth) / 2
        case .natural, .justified: return rightToLeft ? left + roomWidth - lineWidth : left
        }
    }

    /// The UTF-8 ranges of the paragraphs of `bytes` whose first strong character is right to
    /// left (UAX #9 rules P2–P3), in order; empty when the text holds nothing right to left.
    static func rightToLeftParagraphs(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard BidiLevels.mayHaveRightToLeft(bytes) else { return [] }
        return BidiParagraph.paragraphRanges(utf8: bytes).filter { range in
            BidiLevels.mayHaveRightToLeft(UnsafeBufferPointer(rebasing: bytes[range]))
                && BidiParagraph(utf8: UnsafeBufferPointer(rebasing: bytes[range])).baseDirection == .rightToLeft
        }
    }
}
