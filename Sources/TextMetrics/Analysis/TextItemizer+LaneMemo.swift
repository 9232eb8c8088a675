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

        /// The chain it is of: the address of its members' storage (``KeptLaneMemo`` holds
        /// them); `nil` for a memo of no chain yet.
        let chain: UnsafeRawPointer?
        /// The font of the runs it is of (`.max`: none yet).
        private(set) var font: UInt8 = .max
        /// The script of the runs it is of.
        private(set) var script: UnicodeScript = .unknown
        /// The block (code point >> 7) the bits are of.
        private var block: UInt32 = .max
        /// The characters of the block taken as a cluster's base: bit i of the first word is
        /// code point `block << 7 + i`, of the second `block << 7 + 64 + i`.
        private var bases: (UInt64, UInt64) = (0, 0)
        /// The characters of the block taken as a mark of the cluster before, bit for bit as `bases`.
        private var marks: (UInt64, UInt64) = (0, 0)

        /// An empty memo of the chain whose members' storage is at `chain`.
        init(chain: UnsafeRawPointer?) { self.chain = chain }

        /// Whether it is of runs of `run`'s font and script: what it holds applies to `run`.
        @inline(__always)
        func isOf(_ run: TextRun) -> Bool { font == run.font && script == run.script }

        /// What `value` was found to be, if it was met.
        @inline(__always)
        func known(_ value: UInt32) -> Kind {
            guard value >> 7 == block else { return .unknown }
            let bit = UInt64(1) << UInt64(value & 63)
            let (base, mark) = value & 64 == 0 ? (bases.0, marks.0) : (bases.1, marks.1)
            return base & bit != 0 ? .base : mark & bit != 0 ? .mark : .unknown
        }

        /// Keeps that the lane takes `value` as `kind` (`.base` or `.mark`) in `run`, forgetting
        /// what it kept of other blocks, and of runs of other fonts and scripts.
        @inline(__always)
        mutating func remember(_ value: UInt32, as kind: Kind, in run: TextRun) {
            if !isOf(run) {
                self = LetterLaneMemo(chain: chain)
                (font, script) = (run.font, run.script)
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
    /// chain's take its address — and a text of another chain starts with an empty memo. A
    /// thread thus holds the members of the last chain it itemized (their coverage tables) until
    /// it exits or itemizes another. Confined to its thread: no lock.
    final class KeptLaneMemo: ThreadObject {
        /// The memo, at an address that stays while the thread lives.
        private let memo: UnsafeMutablePointer<LetterLaneMemo>
        /// The members of the chain the memo is of, held.
        @exclusivity(unchecked) private var members: [FontChain.Member] = []

        /// Each thread's memo, released when the thread exits.
        private static let perThread = ThreadSpecific<KeptLaneMemo>()

        /// An empty memo of no chain (a thread's, made by ``perThread``).
        init() {
            memo = .allocate(capacity: 1)
            memo.initialize(to: LetterLaneMemo(chain: nil))
        }

        /// Frees the memo (the thread is exiting).
        deinit {
            memo.deinitialize(count: 1)
            memo.deallocate()
        }

        /// The calling thread's memo of `fonts`: what its lane found in this chain before, or
        /// an empty memo when the thread last itemized another chain. Valid on this thread
        /// until it itemizes again; the itemizer reads it in, works on its copy, and writes it
        /// back only while the kept memo is still of its chain (``LetterLaneMemo/chain``).
        static func memo(of fonts: FontChain) -> UnsafeMutablePointer<LetterLaneMemo> {
            perThread.object._withUnsafeGuaranteedRef { kept in
                // One members array is one chain, a copy of it, or a one-font chain of the same
                // face at another size (the face keeps one array for those): the same coverage.
                let chain = fonts.members.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
                if kept.memo.pointee.chain != chain {
                    kept.members = fonts.members
                    kept.memo.pointee = LetterLaneMemo(chain: chain)
                }
                return kept.memo
            }
        }
    }
}
