/// Bidi_Class values as bytes, for the resolver's inner loops (same order as ``BidiClass``).
enum BC {
    static let L: UInt8 = 0, R: UInt8 = 1, AL: UInt8 = 2, EN: UInt8 = 3, ES: UInt8 = 4, ET: UInt8 = 5
    static let AN: UInt8 = 6, CS: UInt8 = 7, NSM: UInt8 = 8, BN: UInt8 = 9, B: UInt8 = 10, S: UInt8 = 11
    static let WS: UInt8 = 12, ON: UInt8 = 13, LRE: UInt8 = 14, LRO: UInt8 = 15, RLE: UInt8 = 16
    static let RLO: UInt8 = 17, PDF: UInt8 = 18, LRI: UInt8 = 19, RLI: UInt8 = 20, FSI: UInt8 = 21, PDI: UInt8 = 22

    /// Bit set of classes that can make a paragraph with level-0 base anything but all level 0:
    /// R, AL, AN and the explicit embedding, override and isolate initiators.
    static let nonTrivialMask: UInt32 = 1 << 1 | 1 << 2 | 1 << 6 | 1 << 14 | 1 << 15 | 1 << 16 | 1 << 17 | 1 << 19 | 1 << 20 | 1 << 21
    /// Classes removed by rule X9 (BN and the embedding/override controls).
    static let removedMask: UInt32 = 1 << 9 | 1 << 14 | 1 << 15 | 1 << 16 | 1 << 17 | 1 << 18
    /// Classes that rule L1 resets at the end of a line when trailing (whitespace, isolates, X9-removed).
    static let trailingMask: UInt32 = 1 << 12 | 1 << 19 | 1 << 20 | 1 << 21 | 1 << 22 | removedMask
    /// Neutral and isolate classes (NI) for rules N1 and N2.
    static let neutralMask: UInt32 = 1 << 10 | 1 << 11 | 1 << 12 | 1 << 13 | 1 << 19 | 1 << 20 | 1 << 21 | 1 << 22

    @inline(__always) static func isRemoved(_ c: UInt8) -> Bool { removedMask & (1 << UInt32(c)) != 0 }
    @inline(__always) static func isIsolateInitiator(_ c: UInt8) -> Bool { c >= LRI && c <= FSI }
    @inline(__always) static func isNeutral(_ c: UInt8) -> Bool { neutralMask & (1 << UInt32(c)) != 0 }
}

/// The per-scalar result of resolving one paragraph (immutable once built).
final class BidiStorage: @unchecked Sendable {
    /// Number of scalars (set once after decoding; the buffers may be larger).
    var count: Int
    /// UTF-8 offset of each scalar, plus the byte count at index `count`.
    let offsets: UnsafeMutablePointer<UInt32>
    /// Original Bidi_Class of each scalar, with the bracket flag bits of the table.
    let classes: UnsafeMutablePointer<UInt8>
    /// Resolved embedding level of each scalar (before L1); X9-removed scalars
    /// take the level of the preceding scalar (of the first kept one at the start).
    let levels: UnsafeMutablePointer<UInt8>

    /// The single allocation holding the three buffers.
    private let memory: UnsafeMutableRawPointer

    /// Allocates buffers for up to `count` scalars (one allocation).
    init(count: Int) {
        self.count = count
        let capacity = max(count, 1)
        let offsetBytes = (capacity + 1) * MemoryLayout<UInt32>.stride
        memory = .allocate(byteCount: offsetBytes + 2 * capacity, alignment: MemoryLayout<UInt32>.alignment)
        offsets = memory.bindMemory(to: UInt32.self, capacity: capacity + 1)
        classes = (memory + offsetBytes).bindMemory(to: UInt8.self, capacity: 2 * capacity)
        levels = classes + capacity
    }

    deinit {
        memory.deallocate()
    }

    /// Index of the first scalar whose offset is at least `byteOffset` (`count` if none).
    func scalarIndex(atOrAfter byteOffset: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) >> 1
            if Int(offsets[mid]) < byteOffset { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// The UAX #9 resolution steps P2–I2 over one paragraph of a ``BidiStorage``.
///
/// Works on raw buffers allocated once per paragraph, so each step is a
/// linear pass (N0 scans are bounded by the 63-deep bracket stack).
struct BidiResolver {
    let storage: BidiStorage
    let n: Int
    /// Bracket scalars of the paragraph: scalar index and pair key, in text order.
    let bracketIndices: [Int32]
    let bracketKeys: [UInt32]

    /// Current (rewritten) class of each scalar.
    let types: UnsafeMutablePointer<UInt8>
    /// For an isolate initiator the index of its matching PDI, for a matched PDI the index of its initiator; else -1.
    let matches: UnsafeMutablePointer<Int32>
    /// Level runs over the scalars not removed by X9: first and last scalar index and level.
    let runFirst: UnsafeMutablePointer<Int32>
    let runLast: UnsafeMutablePointer<Int32>
    let runLevel: UnsafeMutablePointer<UInt8>
    /// Scratch for one isolating run sequence: scalar indices and classes.
    let seqIndex: UnsafeMutablePointer<Int32>
    let seqTypes: UnsafeMutablePointer<UInt8>

    /// The single allocation holding all scratch buffers.
    private let memory: UnsafeMutableRawPointer

    /// Allocates scratch buffers for the scalars of `storage` (one allocation).
    init(storage: BidiStorage, bracketIndices: [Int32], bracketKeys: [UInt32]) {
        self.storage = storage
        n = storage.count
        self.bracketIndices = bracketIndices
        self.bracketKeys = bracketKeys
        let capacity = max(n, 1)
        memory = .allocate(byteCount: 19 * capacity, alignment: MemoryLayout<Int32>.alignment)
        let wide = memory.bindMemory(to: Int32.self, capacity: 4 * capacity)
        matches = wide
        runFirst = wide + capacity
        runLast = wide + 2 * capacity
        seqIndex = wide + 3 * capacity
        let narrow = (memory + 16 * capacity).bindMemory(to: UInt8.self, capacity: 3 * capacity)
        types = narrow
        runLevel = narrow + capacity
        seqTypes = narrow + 2 * capacity
    }

    /// Frees the scratch buffers.
    func deallocate() {
        memory.deallocate()
    }

    // MARK: - P2, P3 and BD9

    /// BD9: pairs isolate initiators with their matching PDIs (by counting; a paragraph separator ends all).
    func matchIsolates() {
        let classes = storage.classes
        var stack: [Int32] = []
        for i in 0..<n {
            matches[i] = -1
            let c = classes[i] & BidiClass.classMask
            if BC.isIsolateInitiator(c) {
                stack.append(Int32(i))
            } else if c == BC.PDI {
                if let opener = stack.popLast() {
                    matches[Int(opener)] = Int32(i)
                    matches[i] = opener
                }
            } else if c == BC.B {
                stack.removeAll(keepingCapacity: true)
            }
        }
    }

    /// P2/P3 over `start..<end`: 1 if the first strong class (skipping isolates) is R or AL,
    /// 0 if it is L, nil if there is none. Stops at a paragraph separator.
    func firstStrongLevel(from start: Int, to end: Int, hasIsolates: Bool) -> UInt8? {
        let classes = storage.classes
        var i = start
        while i < end {
            let c = classes[i] & BidiClass.classMask
            if c == BC.L { return 0 }
            if c == BC.R || c == BC.AL { return 1 }
            if c == BC.B { return nil }
            if hasIsolates && BC.isIsolateInitiator(c) {
                let match = Int(matches[i])
                if match < 0 { return nil }
                i = match
            }
            i += 1
        }
        return nil
    }

    // MARK: - X1–X8

    /// Explicit levels and directions; fills `storage.levels` and overrides `types`.
    func resolveExplicit(baseLevel: UInt8) {
        let levels = storage.levels
        let maxDepth: UInt8 = 125
        // Directional status stack: level and flags (bit 0/1: override L/R, bit 2: isolate).
        let stackLevel = UnsafeMutablePointer<UInt8>.allocate(capacity: Int(maxDepth) + 2)
        let stackFlags = UnsafeMutablePointer<UInt8>.allocate(capacity: Int(maxDepth) + 2)
        defer {
            stackLevel.deallocate()
            stackFlags.deallocate()
        }
        var depth = 1
        stackLevel[0] = baseLevel
        stackFlags[0] = 0
        var overflowIsolates = 0, overflowEmbeddings = 0, validIsolates = 0
        for i in 0..<n {
            let t = types[i]
            let top = depth - 1
            switch t {
            case BC.RLE, BC.LRE, BC.RLO, BC.LRO:
                levels[i] = stackLevel[top]
                let rtl = t == BC.RLE || t == BC.RLO
                let current = stackLevel[top]
                let newLevel = rtl ? (current + 1) | 1 : (current + 2) & ~1
                if newLevel <= maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                    stackLevel[depth] = newLevel
                    stackFlags[depth] = t == BC.RLO ? 2 : t == BC.LRO ? 1 : 0
                    depth += 1
                } else if overflowIsolates == 0 {
                    overflowEmbeddings += 1
                }
            case BC.RLI, BC.LRI, BC.FSI:
                levels[i] = stackLevel[top]
                let flags = stackFlags[top]
                if flags & 3 != 0 { types[i] = flags & 1 != 0 ? BC.L : BC.R }
                var rtl = t == BC.RLI
                if t == BC.FSI {
                    let match = Int(matches[i])
                    rtl = firstStrongLevel(from: i + 1, to: match < 0 ? n : match, hasIsolates: true) == 1
                }
                let current = stackLevel[top]
                let newLevel = rtl ? (current + 1) | 1 : (current + 2) & ~1
                if newLevel <= maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                    validIsolates += 1
                    stackLevel[depth] = newLevel
                    stackFlags[depth] = 4
                    depth += 1
                } else {
                    overflowIsolates += 1
                }
            case BC.PDI:
                if overflowIsolates > 0 {
                    overflowIsolates -= 1
                } else if validIsolates > 0 {
                    overflowEmbeddings = 0
                    while stackFlags[depth - 1] & 4 == 0 { depth -= 1 }
                    depth -= 1
                    validIsolates -= 1
                }
                levels[i] = stackLevel[depth - 1]
                let flags = stackFlags[depth - 1]
                if flags & 3 != 0 { types[i] = flags & 1 != 0 ? BC.L : BC.R }
            case BC.PDF:
                levels[i] = stackLevel[top]
                if overflowIsolates > 0 {
                } else if overflowEmbeddings > 0 {
                    overflowEmbeddings -= 1
                } else if stackFlags[top] & 4 == 0 && depth >= 2 {
                    depth -= 1
                }
            case BC.B:
                // X8: a paragraph separator ends every embedding, override and isolate.
                levels[i] = baseLevel
                depth = 1
                overflowIsolates = 0
                overflowEmbeddings = 0
                validIsolates = 0
            case BC.BN:
                levels[i] = stackLevel[top]
            default:
                levels[i] = stackLevel[top]
                let flags = stackFlags[top]
                if flags & 3 != 0 { types[i] = flags & 1 != 0 ? BC.L : BC.R }
            }
        }
    }

    // MARK: - X9, X10 and the per-sequence rules

    /// Resolves all levels of the paragraph (after P2/P3 and X1–X8).
    func resolveImplicit(baseLevel: UInt8, hasIsolates: Bool) {
        let classes = storage.classes
        let levels = storage.levels
        // BD7: level runs over the scalars X9 keeps.
        var runCount = 0
        var i = 0
        while i < n {
            let c = classes[i] & BidiClass.classMask
            if BC.isRemoved(c) { i += 1; continue }
            let level = levels[i]
            if runCount > 0 && runLevel[runCount - 1] == level {
                runLast[runCount - 1] = Int32(i)
            } else {
                runFirst[runCount] = Int32(i)
                runLast[runCount] = Int32(i)
                runLevel[runCount] = level
                runCount += 1
            }
            i += 1
        }
        // BD13: isolating run sequences.
        for run in 0..<runCount {
            let first = Int(runFirst[run])
            if hasIsolates && classes[first] & BidiClass.classMask == BC.PDI && matches[first] >= 0 { continue }
            var count = 0
            var current = run
            while true {
                var k = Int(runFirst[current])
                let last = Int(runLast[current])
                while k <= last {
                    if !BC.isRemoved(classes[k] & BidiClass.classMask) {
                        seqIndex[count] = Int32(k)
                        seqTypes[count] = types[k]
                        count += 1
                    }
                    k += 1
                }
                let lastClass = classes[last] & BidiClass.classMask
                guard hasIsolates, BC.isIsolateInitiator(lastClass), matches[last] >= 0 else { break }
                current = runContaining(Int(matches[last]), runCount: runCount)
            }
            let level = runLevel[run]
            let previous = run > 0 ? runLevel[run - 1] : baseLevel
            let lastIndex = Int(runLast[current])
            let next: UInt8
            if BC.isIsolateInitiator(classes[lastIndex] & BidiClass.classMask) || current + 1 >= runCount {
                next = baseLevel
            } else {
                next = runLevel[current + 1]
            }
            let sos = max(previous, level) & 1 == 1 ? BC.R : BC.L
            let eos = max(next, level) & 1 == 1 ? BC.R : BC.L
            resolveSequence(count: count, level: level, sos: sos, eos: eos)
        }
        // X9-removed scalars take the level of the preceding scalar (of the
        // following one at the start), so they never split a run.
        let leading = runCount > 0 ? levels[Int(runFirst[0])] : baseLevel
        for i in 0..<n where BC.isRemoved(classes[i] & BidiClass.classMask) {
            levels[i] = i > 0 ? levels[i - 1] : leading
        }
    }

    /// The level run containing scalar `index` (which X9 keeps).
    private func runContaining(_ index: Int, runCount: Int) -> Int {
        var low = 0, high = runCount - 1
        while low < high {
            let mid = (low + high + 1) >> 1
            if Int(runFirst[mid]) <= index { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// W1–W7, N0–N2 and I1–I2 for the isolating run sequence in `seqIndex`/`seqTypes`.
    private func resolveSequence(count m: Int, level: UInt8, sos: UInt8, eos: UInt8) {
        let t = seqTypes
        // W1: NSM takes the class of the previous character (ON after an isolate initiator or PDI).
        var previous = sos
        var hasNumbers = false
        for k in 0..<m {
            let c = t[k]
            if c == BC.NSM {
                t[k] = previous
            } else {
                previous = BC.isIsolateInitiator(c) || c == BC.PDI ? BC.ON : c
            }
            if c == BC.EN || c == BC.AN { hasNumbers = true }
        }
        // W2: EN after AL becomes AN; W3: AL becomes R.
        var lastStrong = sos
        for k in 0..<m {
            let c = t[k]
            if c == BC.L || c == BC.R || c == BC.AL {
                lastStrong = c
                if c == BC.AL { t[k] = BC.R }
            } else if c == BC.EN {
                hasNumbers = true
                if lastStrong == BC.AL { t[k] = BC.AN }
            }
        }
        if hasNumbers {
            // W4: a single separator between two numbers of the same kind.
            if m >= 3 {
                for k in 1..<(m - 1) {
                    let c = t[k]
                    if c == BC.ES || c == BC.CS {
                        let before = t[k - 1], after = t[k + 1]
                        if before == BC.EN && after == BC.EN {
                            t[k] = BC.EN
                        } else if c == BC.CS && before == BC.AN && after == BC.AN {
                            t[k] = BC.AN
                        }
                    }
                }
            }
            // W5: terminators adjacent to European numbers.
            var k = 0
            while k < m {
                if t[k] != BC.ET { k += 1; continue }
                let start = k
                while k < m && t[k] == BC.ET { k += 1 }
                if (start > 0 && t[start - 1] == BC.EN) || (k < m && t[k] == BC.EN) {
                    for j in start..<k { t[j] = BC.EN }
                }
            }
        }
        // W6: remaining separators and terminators become ON.
        for k in 0..<m {
            let c = t[k]
            if c == BC.ES || c == BC.ET || c == BC.CS { t[k] = BC.ON }
        }
        // W7: EN after L (or sos L) becomes L.
        if hasNumbers {
            lastStrong = sos
            for k in 0..<m {
                let c = t[k]
                if c == BC.L || c == BC.R {
                    lastStrong = c
                } else if c == BC.EN && lastStrong == BC.L {
                    t[k] = BC.L
                }
            }
        }
        let embedding = level & 1 == 1 ? BC.R : BC.L
        // N0: paired brackets.
        if !bracketIndices.isEmpty {
            resolveBrackets(count: m, embedding: embedding, sos: sos)
        }
        // N1, N2: sequences of neutrals.
        var k = 0
        while k < m {
            if !BC.isNeutral(t[k]) { k += 1; continue }
            let start = k
            while k < m && BC.isNeutral(t[k]) { k += 1 }
            let before: UInt8
            if start == 0 {
                before = sos
            } else {
                let c = t[start - 1]
                before = c == BC.L ? BC.L : BC.R  // R, EN, AN all count as R
            }
            let after: UInt8
            if k == m {
                after = eos
            } else {
                let c = t[k]
                after = c == BC.L ? BC.L : BC.R
            }
            let resolved = before == after ? before : embedding
            for j in start..<k { t[j] = resolved }
        }
        // I1, I2.
        let levels = storage.levels
        if level & 1 == 0 {
            for k in 0..<m {
                let c = t[k]
                let index = Int(seqIndex[k])
                if c == BC.R { levels[index] = level + 1 }
                else if c == BC.AN || c == BC.EN { levels[index] = level + 2 }
                else { levels[index] = level }
            }
        } else {
            for k in 0..<m {
                let c = t[k]
                let index = Int(seqIndex[k])
                levels[index] = c == BC.L || c == BC.EN || c == BC.AN ? level + 1 : level
            }
        }
    }

    /// The pair key of the bracket at scalar `index`.
    private func bracketKey(at index: Int32) -> UInt32 {
        var low = 0, high = bracketIndices.count
        while low < high {
            let mid = (low + high) >> 1
            if bracketIndices[mid] < index { low = mid + 1 } else { high = mid }
        }
        return bracketKeys[low]
    }

    /// BD16 and N0 for the current sequence.
    private func resolveBrackets(count m: Int, embedding: UInt8, sos: UInt8) {
        let t = seqTypes
        let classes = storage.classes
        let flagMask = BidiClass.openBracketFlag | BidiClass.closeBracketFlag
        // BD16 with its 63-element stack.
        var pairs: [(open: Int, close: Int)] = []
        withUnsafeTemporaryAllocation(of: (key: UInt32, position: Int).self, capacity: 63) { openers in
            var depth = 0
            for k in 0..<m {
                guard t[k] == BC.ON else { continue }
                let flags = classes[Int(seqIndex[k])] & flagMask
                if flags == 0 { continue }
                let key = bracketKey(at: seqIndex[k])
                if flags == BidiClass.openBracketFlag {
                    if depth == 63 { return }  // BD16: stack full, stop looking for pairs.
                    openers[depth] = (key, k)
                    depth += 1
                } else {
                    var s = depth - 1
                    while s >= 0 {
                        if openers[s].key == key {
                            pairs.append((openers[s].position, k))
                            depth = s
                            break
                        }
                        s -= 1
                    }
                }
            }
        }
        if pairs.isEmpty { return }
        pairs.sort { $0.open < $1.open }
        @inline(__always) func strong(_ c: UInt8) -> UInt8 {
            switch c {
            case BC.L: return BC.L
            case BC.R, BC.AL, BC.EN, BC.AN: return BC.R
            default: return BC.ON
            }
        }
        for pair in pairs {
            // N0 a–b: strong classes inside the pair.
            var found = BC.ON
            var j = pair.open + 1
            while j < pair.close {
                let d = strong(t[j])
                if d == embedding { found = d; break }
                if d != BC.ON { found = d }
                j += 1
            }
            if found == BC.ON { continue }  // N0 d
            if found != embedding {
                // N0 c: the context before the opening bracket.
                var before = sos
                var b = pair.open - 1
                while b >= 0 {
                    let d = strong(t[b])
                    if d != BC.ON { before = d; break }
                    b -= 1
                }
                found = before == found ? found : embedding
            }
            t[pair.open] = found
            t[pair.close] = found
            // NSMs (before W1) right after either bracket take its new class.
            var after = pair.open + 1
            while after < pair.close && classes[Int(seqIndex[after])] & BidiClass.classMask == BC.NSM {
                t[after] = found
                after += 1
            }
            after = pair.close + 1
            while after < m && classes[Int(seqIndex[after])] & BidiClass.classMask == BC.NSM {
                t[after] = found
                after += 1
            }
        }
    }
}
