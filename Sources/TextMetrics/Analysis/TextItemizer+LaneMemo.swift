import TextSegmentation

/// What the itemizer's cluster lane found of the characters it met (which it takes as a
/// cluster's base, which as a mark), kept from cluster to cluster and, by each thread, from
/// text to text in one chain: Thai, Lao, Khmer and Myanmar posts meet the same few dozen
/// letters and marks, which are then looked up once a thread rather than once a text.
extension TextItemizer {
    /// What the cluster lane found of the characters of one block of 128 code points (the
    /// last one it met) for runs of one font and script: which it takes as a cluster's base,
    /// which as a mark of the cluster before. Only what depends on nothing but the character,
    /// the font, the script and the chain is kept; each thread keeps it from text to text for
    /// the chain it is of (``KeptLaneMemo``).
    struct LetterLaneMemo {
        /// What the lane takes a character as.
        enum Kind { case base, mark, unknown }

        private(set) var font: UInt8 = .max
        private(set) var script: UnicodeScript = .unknown
        /// The block (code point >> 7) the bits are of.
        private var block: UInt32 = .max
        private var bases: (UInt64, UInt64) = (0, 0)
        private var marks: (UInt64, UInt64) = (0, 0)

        init() {}

        /// What `value` was found to be, if it was met.
        @inline(__always)
        func known(_ value: UInt32) -> Kind {
            guard value >> 7 == block else { return .unknown }
            let bit = UInt64(1) << UInt64(value & 63)
            let (base, mark) = value & 64 == 0 ? (bases.0, marks.0) : (bases.1, marks.1)
            return base & bit != 0 ? .base : mark & bit != 0 ? .mark : .unknown
        }

        /// Keeps that the lane takes `value` as `kind` (`.base` or `.mark`) in a run of `font`
        /// and `script`, forgetting what it kept of other blocks, fonts and scripts.
        @inline(__always)
        mutating func remember(_ value: UInt32, as kind: Kind, font: UInt8, script: UnicodeScript) {
            if font != self.font || script != self.script {
                self = LetterLaneMemo()
                (self.font, self.script) = (font, script)
            }
            if value >> 7 != block {
                block = value >> 7
                (bases, marks) = ((0, 0), (0, 0))
            }
            let bit = UInt64(1) << UInt64(value & 63)
            switch (kind, value & 64 == 0) {
            case (.base, true): bases.0 |= bit
            case (.base, false): bases.1 |= bit
            case (.mark, true): marks.0 |= bit
            case (.mark, false): marks.1 |= bit
            case (.unknown, _): break
            }
        }
    }

    /// The calling thread's ``LetterLaneMemo`` and the chain it is of. What the memo holds
    /// depends on the chain's fonts (which of them has a character, and first), so it is kept
    /// with the chain's members — held, so that their storage cannot be freed and another
    /// chain's take its address — and a text of another chain starts with an empty memo.
    /// Confined to its thread: no lock.
    final class KeptLaneMemo {
        /// The memo, at an address that stays while the thread lives.
        private let memo: UnsafeMutablePointer<LetterLaneMemo>
        @exclusivity(unchecked) private var members: [FontChain.Member] = []
        @exclusivity(unchecked) private var colorMask: UInt16 = 0

        private static let perThread = ThreadSpecific<KeptLaneMemo>()

        private init() {
            memo = .allocate(capacity: 1)
            memo.initialize(to: LetterLaneMemo())
        }

        deinit {
            memo.deinitialize(count: 1)
            memo.deallocate()
        }

        /// The calling thread's memo of `fonts`: what its lane found in this chain before, or
        /// an empty memo when the thread last itemized another chain. Valid on this thread
        /// until it itemizes again: the itemizer reads it in, works on its copy and writes it
        /// back, and calls nothing that itemizes in between.
        static func memo(of fonts: FontChain) -> UnsafeMutablePointer<LetterLaneMemo> {
            let kept: Unmanaged<KeptLaneMemo>
            if let current = perThread.current {
                kept = current
            } else {
                let made = KeptLaneMemo()
                perThread.keep(made)
                kept = Unmanaged.passUnretained(made)
            }
            return kept._withUnsafeGuaranteedRef { kept in
                if !kept.isOf(fonts) {
                    (kept.members, kept.colorMask) = (fonts.members, fonts.colorMask)
                    kept.memo.pointee = LetterLaneMemo()
                }
                return kept.memo
            }
        }

        /// Whether the memo is of `fonts`: the same members (one array, so one chain or a copy
        /// of it) and color fonts.
        @inline(__always)
        private func isOf(_ fonts: FontChain) -> Bool {
            colorMask == fonts.colorMask && members.withUnsafeBufferPointer { kept in
                fonts.members.withUnsafeBufferPointer { $0.baseAddress == kept.baseAddress }
            }
        }
    }
}
