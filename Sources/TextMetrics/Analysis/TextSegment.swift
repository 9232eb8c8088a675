/// A piece of text between two line-break opportunities, as analysis finds it — bounds only,
/// not measured yet (measuring makes it a ``MeasuredSegment``).
///
/// Byte offsets are UTF-8 offsets into the text: `start ≤ contentEnd ≤ shapedEnd ≤ end`.
/// `contentEnd..<shapedEnd` is trailing whitespace, which hangs at the end of a line;
/// `shapedEnd..<end` holds line separators (LF, CR LF, NEL, U+2028, U+2029…), which are never
/// shaped and have no width.
///
/// A *character run* (``isCharacterRun``) stands for several segments of one character
/// each — ideographs, kana, Hangul: three-byte characters with a break opportunity after
/// every one — kept as one while every character of it is context-free in its font (see
/// ``ContextFreeAdvances``), so its width is the sum of their advances, and a line may end
/// after any of them with the width of the characters before. Chinese and Japanese text,
/// where every ideograph is a segment, is then cut, measured and fitted a run at a time.
struct TextSegment: Sendable {
    var start: Int32
    var contentEnd: Int32
    var shapedEnd: Int32
    var end: Int32
    /// A line must end after this segment (a separator, or the end of the text).
    var isMandatoryBreak: Bool
    /// The segment is a character run: `(end - start) / 3` characters of three UTF-8 bytes,
    /// no whitespace, a break opportunity after each.
    var isCharacterRun = false

    /// The number of characters of a character run.
    var characterCount: Int { Int(end - start) / 3 }
}
