import TextMetrics

/// Runs of Han ideographs whose segments were never shaped before: the ideograph
/// counterpart of ``FreshWords``.
///
/// Every ideograph is a line-break segment of its own, cached with the character after it
/// (see the face's segment cache), so a run is new when every ideograph followed by its
/// neighbour is new, and so is its last ideograph followed by the run's ending (nothing,
/// a space, or a punctuation mark from ``endings``).
///
/// The ideographs the face has in U+4E00–U+9FFF are shuffled and cut to a prime count `n`.
/// A run of stride `d` (1 ..< n) takes the ideographs at `(p + d)·d, (p + 1 + d)·d, …` (mod n)
/// for its next free positions `p, p + 1, …`, so its neighbour pairs are `(x, x + d)` with a
/// different `x` at every position: each stride hands out its positions once, which
/// makes every pair new, with no memory beyond one counter per stride. Endings are
/// tracked per ideograph. About `n · endings.count` runs are available (125,000 for
/// wqy-microhei); when they run out, `run` stops the process rather than hand out a
/// cached run.
public struct FreshIdeographs: Sendable {
    /// What a run may end with: its last ideograph followed by one of these is new once.
    public static let endings = ["", " ", "，", "。", "！", "？"]

    private let ideographs: [Unicode.Scalar]
    /// For each stride, the next position not handed out (index 0 unused).
    private var nextPosition: [Int32]
    /// For each ideograph, a bit per ending already used after it.
    private var usedEndings: [UInt8]
    private var random: SeededGenerator

    /// The number of distinct ideographs the runs are made of (a prime).
    public var count: Int { ideographs.count }

    /// Runs of the ideographs of U+4E00–U+9FFF that `face` has.
    public init(seed: UInt64, face: FontFace) {
        var random = SeededGenerator(seed: seed)
        var covered = (0x4E00...0x9FFF).compactMap(Unicode.Scalar.init).filter(face.hasGlyph)
        covered.shuffle(using: &random)
        var n = covered.count
        while n > 2, !FreshIdeographs.isPrime(n) { n -= 1 }
        precondition(n > 2, "\(face.familyName) has too few ideographs")
        ideographs = Array(covered.prefix(n))
        nextPosition = [Int32](repeating: 0, count: n)
        usedEndings = [UInt8](repeating: 0, count: n)
        self.random = random
    }

    /// `length` ideographs and one of `endings` (all from ``endings``), never handed out
    /// before in this combination.
    public mutating func run(length: Int, endings: [String] = FreshIdeographs.endings) -> String {
        let n = ideographs.count
        precondition((1..<n).contains(length), "run length \(length) out of range")
        let allowed = endings.reduce(UInt8(0)) { mask, ending in
            guard let bit = FreshIdeographs.endings.firstIndex(of: ending) else {
                preconditionFailure("\"\(ending)\" is not one of FreshIdeographs.endings")
            }
            return mask | 1 << UInt8(bit)
        }
        for _ in 0..<1_000_000 {
            let stride = Int.random(in: 1..<n, using: &random)
            let start = Int(nextPosition[stride])
            guard start + length <= n else { continue }
            let last = index(start + length - 1, stride)
            let free = allowed & ~usedEndings[last]
            guard free != 0 else {
                nextPosition[stride] += 1  // skip a position whose last ideograph is used up
                continue
            }
            var bits = (0..<FreshIdeographs.endings.count).filter { free & 1 << UInt8($0) != 0 }
            bits.shuffle(using: &random)
            usedEndings[last] |= 1 << UInt8(bits[0])
            nextPosition[stride] = Int32(start + length)
            var text = String.UnicodeScalarView()
            for position in start..<start + length { text.append(ideographs[index(position, stride)]) }
            return String(text) + FreshIdeographs.endings[bits[0]]
        }
        fatalError("FreshIdeographs: no new run of \(length) ideographs left")
    }

    /// The ideograph at `position` of stride `stride`: `(position + stride) · stride` mod n,
    /// so that strides do not all start with the same ideograph.
    private func index(_ position: Int, _ stride: Int) -> Int {
        (position + stride) * stride % ideographs.count
    }

    private static func isPrime(_ n: Int) -> Bool {
        var divisor = 2
        while divisor * divisor <= n {
            if n % divisor == 0 { return false }
            divisor += 1
        }
        return true
    }
}
