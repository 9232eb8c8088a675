/// The advances of a character run's characters (see ``TextSegment/isCharacterRun``) in
/// layout units: the context-free advances of the run's font, scaled exactly — what line
/// fitting and truncation add up where a line ends inside the run.
struct CharacterRunAdvances {
    let table: ContextFreeAdvances
    /// Layout units per unit of the run's font.
    let scale: Int64
    let bytes: UnsafeBufferPointer<UInt8>
    /// Letter spacing after each character, in layout units (0 but in attributed text).
    var kern: Int64 = 0

    /// The advance of the character (three bytes) starting at byte `offset`, its letter
    /// spacing included.
    @inline(__always)
    func advance(at offset: Int) -> Int64 {
        // Measuring kept the run whole only because every character of it is in the table.
        Int64(table.advance(of: UTF8Scan.codePoint(at: offset, in: bytes).value) ?? 0) * scale + kern
    }

    /// Adds the advances of the run's characters from byte `offset` to `end` to `width` while
    /// the total stays at most `limit`; returns the offset of the first character left out,
    /// or `end`.
    @inline(__always)
    func add(from offset: Int, to end: Int, to width: inout Int64, limit: Int64) -> Int {
        guard kern != 0 else { return table.addAdvances(from: offset, to: end, in: bytes, scale: scale, to: &width, limit: limit) }
        var at = offset
        while at < end {
            let next = width + advance(at: at)
            guard next <= limit else { break }
            width = next
            at += 3
        }
        return at
    }

    /// The run's characters as grapheme clusters with their advances (each character is one).
    func graphemes(of segment: TextSegment) -> GraphemeAdvances {
        let count = segment.characterCount
        let start = Int(segment.start)
        return GraphemeAdvances(ends: (1...count).map { Int32(3 * $0) },
                                advances: (0..<count).map { Int32(clamping: advance(at: start + 3 * $0)) },
                                contentBytes: segment.end - segment.start)
    }
}
