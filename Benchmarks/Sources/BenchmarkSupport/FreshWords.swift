/// Lowercase pseudo-words of 2–9 letters (up to 12 once the short ones run out) that are
/// never handed out twice, so a text made of them has no segment that was shaped before.
///
/// Words of each length are an affine permutation of `0 ..< 26^length` walked by a counter,
/// so uniqueness costs no memory; a length whose words are used up is skipped.
public struct FreshWords: Sendable {
    private var random: SeededGenerator
    private var used = [UInt64](repeating: 0, count: 13)
    private let offsets: [UInt64]
    private static let capacity: [UInt64] = (0...12).map { length in
        (0..<length).reduce(UInt64(1)) { product, _ in product * 26 }
    }
    /// Odd and not a multiple of 13, so coprime with every power of 26.
    private static let multiplier: UInt64 = 1_000_003

    public init(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        offsets = (0...12).map { length in UInt64.random(in: 0..<FreshWords.capacity[length], using: &random) }
        self.random = random
    }

    /// Whether a new word of `length` letters is still available, `planned` more being promised.
    public func isAvailable(_ length: Int, planned: UInt64 = 0) -> Bool {
        (2...12).contains(length) && used[length] + planned < FreshWords.capacity[length]
    }

    /// A new word of `length` letters (`isAvailable(length)` must hold).
    public mutating func word(length: Int) -> String {
        let modulus = FreshWords.capacity[length]
        var value = (used[length] * (FreshWords.multiplier % modulus) % modulus
            + offsets[length]) % modulus
        used[length] += 1
        var letters = [UInt8](repeating: 0, count: length)
        for index in 0..<length {
            letters[index] = 97 + UInt8(value % 26)
            value /= 26
        }
        return String(decoding: letters, as: UTF8.self)
    }

    /// A text of exactly `length` characters: fresh words of 2–9 letters separated by single
    /// spaces. Once the short words are used up, words of up to 12 letters fill what 2–9 cannot;
    /// the words of a text are planned before any is handed out, and a length no fresh words
    /// can fill any more stops the process with a message instead of looping.
    public mutating func text(length: Int = 70) -> String {
        for attempt in 0..<1_000 {
            var plan: [Int] = []
            var planned = [UInt64](repeating: 0, count: FreshWords.capacity.count)
            var remaining = length
            // Lengths that leave nothing, or room for at least one more word (2 letters + a space).
            func fits(_ length: Int) -> Bool {
                length <= remaining && (length == remaining || remaining - length >= 3)
                    && isAvailable(length, planned: planned[length])
            }
            while remaining >= 2 {
                // After a few dead ends, every other attempt takes long words first.
                let long = (10...12).first(where: fits)
                let short = (2...9).filter(fits).randomElement(using: &random)
                guard let pick = (attempt >= 10 && attempt % 2 == 0 ? long ?? short : short ?? long) else { break }
                plan.append(pick)
                planned[pick] += 1
                remaining -= pick == remaining ? pick : pick + 1
            }
            if remaining == 0 { return plan.map { word(length: $0) }.joined(separator: " ") }
        }
        fatalError("FreshWords: no fresh words left for a text of \(length) characters (used per length: \(used))")
    }
}
