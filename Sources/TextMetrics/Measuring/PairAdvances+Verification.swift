/// The check a new ``PairAdvances`` table passes before it is used: HarfBuzz shapes text
/// that holds every pair of qualifying printable ASCII characters and every non-zero
/// kerning pair of the others, and every glyph's advance must be the table's advance plus
/// its kerning before the next character. A table that disagrees anywhere — a layout the
/// analysis misread, a damaged table HarfBuzz ignores — is not used.
extension PairAdvances {
    static func agreesWithHarfBuzz(advances: [Int32], kerning: [Int16], shaper: HarfBuzzFont) -> Bool {
        let qualifying = (0..<slotCount).filter { advances[$0] != noAdvance }
        let ascii = qualifying.filter { $0 < asciiSlots }
        var sequence = deBruijnPairs(ascii.count).map { ascii[$0] }
        for a in qualifying where a >= asciiSlots {
            sequence.append(a)
            for b in qualifying where kerning[a * columns + b] != 0 && kerning[a * columns + b] != shapePair {
                sequence += [b, a]
            }
        }
        // Cut the sequence where a pair must be shaped (a ligature start) and check each piece.
        var piece: [Int] = []
        for slot in sequence {
            if let last = piece.last, kerning[last * columns + slot] == shapePair {
                guard agrees(piece, advances, kerning, shaper) else { return false }
                piece.removeAll(keepingCapacity: true)
            }
            piece.append(slot)
        }
        return agrees(piece, advances, kerning, shaper)
    }

    /// Whether HarfBuzz shapes `slots` into one glyph per character with the table's advances.
    private static func agrees(_ slots: [Int], _ advances: [Int32], _ kerning: [Int16], _ shaper: HarfBuzzFont) -> Bool {
        guard !slots.isEmpty else { return true }
        var text = ""
        var offsets: [Int32] = []
        for slot in slots {
            offsets.append(Int32(text.utf8.count))
            text.unicodeScalars.append(Unicode.Scalar(scalar(ofSlot: slot))!)
        }
        var glyphs: [ShapedGlyph] = []
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBufferPointer { bytes in
            shaper.shape(UnsafeBufferPointer(bytes), range: 0..<bytes.count, into: &glyphs)
        }
        guard glyphs.count == slots.count else { return false }
        for (i, glyph) in glyphs.enumerated() {
            var expected = advances[slots[i]]
            if i + 1 < slots.count { expected += Int32(kerning[slots[i] * columns + slots[i + 1]]) }
            guard glyph.cluster == offsets[i], glyph.advance == expected else { return false }
        }
        return true
    }

    /// A sequence over `0..<k` in which every ordered pair (repeats included) appears as
    /// neighbours: the de Bruijn sequence B(k, 2), made linear.
    static func deBruijnPairs(_ k: Int) -> [Int] {
        guard k > 0 else { return [] }
        var sequence: [Int] = []
        var a = [Int](repeating: 0, count: 3)
        func build(_ t: Int, _ p: Int) {
            if t > 2 {
                if 2 % p == 0 { sequence += a[1...p] }
                return
            }
            a[t] = a[t - p]
            build(t + 1, p)
            guard a[t - p] + 1 < k else { return }
            for j in (a[t - p] + 1)..<k {
                a[t] = j
                build(t + 1, t)
            }
        }
        build(1, 1)
        sequence.append(sequence[0])
        return sequence
    }
}
