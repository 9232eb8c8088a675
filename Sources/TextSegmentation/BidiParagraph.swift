/// A paragraph direction for the Unicode Bidirectional Algorithm (UAX #9).
public enum BidiDirection: Hashable, Sendable {
    /// Left-to-right: paragraph embedding level 0.
    case leftToRight
    /// Right-to-left: paragraph embedding level 1.
    case rightToLeft
}

/// A run of text at one embedding level: a UTF-8 byte range and its level.
///
/// Odd levels are right-to-left, even levels left-to-right.
public struct BidiRun: Hashable, Sendable {
    /// The UTF-8 byte offsets the run covers.
    public var range: Range<Int>
    /// The resolved embedding level (0...126).
    public var level: UInt8

    /// Creates a run.
    public init(range: Range<Int>, level: UInt8) {
        self.range = range
        self.level = level
    }

    /// Whether the run is displayed right to left (its level is odd).
    public var isRightToLeft: Bool { level & 1 == 1 }
}

/// The resolved embedding levels of one paragraph of UTF-8 text (UAX #9, Unicode 15.0).
///
/// Applies rules P2–P3 (or an explicit paragraph direction), X1–X10, W1–W7,
/// N0–N2 and I1–I2 on creation; ``logicalRuns(forLine:)`` and
/// ``visualRuns(forLine:)`` apply L1 and L2 to one line. Offsets are UTF-8 byte
/// offsets into the text; malformed bytes are each treated as U+FFFD (class ON).
///
/// The text should be one paragraph (split text with ``paragraphRanges(in:)``,
/// rule P1). A paragraph separator inside the text is handled as UAX #9 handles
/// one at the end of a paragraph: it gets the paragraph level and ends all
/// embeddings, overrides and isolates (X8); the paragraph level is still taken
/// from the text before the first separator.
///
/// Text without right-to-left letters, Arabic digits or explicit directional
/// formatting characters, in a left-to-right or auto-detected paragraph, takes
/// a fast path: every byte is at level 0 and nothing per-scalar is stored.
///
/// - Complexity: O(n) time and memory in the length of the text (paired-bracket
///   resolution is bounded by the 63-element bracket stack of BD16).
public struct BidiParagraph: Sendable {
    /// The paragraph embedding level: 0 (left to right) or 1 (right to left).
    public let baseLevel: UInt8
    /// The length of the text in UTF-8 bytes.
    public let byteCount: Int
    /// Per-scalar results; nil when every byte is at level 0 (the fast path).
    let storage: BidiStorage?

    /// Resolves the embedding levels of a paragraph of UTF-8 text.
    ///
    /// - Parameters:
    ///   - bytes: the text; need not be well-formed.
    ///   - baseDirection: the paragraph direction, or nil to determine it from
    ///     the first strong character (rules P2 and P3; left to right if none).
    public init(utf8 bytes: UnsafeBufferPointer<UInt8>, baseDirection: BidiDirection? = nil) {
        precondition(bytes.count < Int(UInt32.max), "text too long for BidiParagraph")
        byteCount = bytes.count
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            baseLevel = baseDirection == .rightToLeft ? 1 : 0
            storage = nil
            return
        }
        if baseDirection != .rightToLeft && !BidiParagraph.mayNeedResolution(base, count: bytes.count) {
            baseLevel = 0
            storage = nil
            return
        }
        // Decode: classes, offsets and bracket keys.
        let count = bytes.count
        let scratch = BidiStorage(count: count)  // upper bound on the scalar count
        let trie = BidiClass.trie
        var bracketIndices: [Int32] = []
        var bracketKeys: [UInt32] = []
        var seen: UInt32 = 0
        var scalars = 0
        var i = 0
        while i < count {
            let byte = base[i]
            scratch.offsets[scalars] = UInt32(truncatingIfNeeded: i)
            let value: UInt8
            if byte < 0x80 {
                value = trie.asciiValue(byte)
                i += 1
                if value & (BidiClass.openBracketFlag | BidiClass.closeBracketFlag) != 0 {
                    bracketIndices.append(Int32(scalars))
                    bracketKeys.append(BidiClass.bracketPairKey(UInt32(byte)))
                }
            } else {
                let (scalar, length) = UTF8Decoding.decodeMultibyte(base, at: i, end: count, lead: byte)
                value = trie.value(scalar)
                i += length
                if value & (BidiClass.openBracketFlag | BidiClass.closeBracketFlag) != 0 {
                    bracketIndices.append(Int32(scalars))
                    bracketKeys.append(BidiClass.bracketPairKey(scalar))
                }
            }
            scratch.classes[scalars] = value
            seen |= 1 << UInt32(value & BidiClass.classMask)
            scalars += 1
        }
        scratch.offsets[scalars] = UInt32(truncatingIfNeeded: count)
        if baseDirection != .rightToLeft && seen & BC.nonTrivialMask == 0 {
            baseLevel = 0
            storage = nil
            return
        }
        scratch.count = scalars
        let storage = scratch
        let resolver = BidiResolver(storage: storage, bracketIndices: bracketIndices, bracketKeys: bracketKeys)
        defer { resolver.deallocate() }
        for k in 0..<scalars { resolver.types[k] = storage.classes[k] & BidiClass.classMask }
        let isolateMask: UInt32 = 1 << 19 | 1 << 20 | 1 << 21 | 1 << 22
        let hasIsolates = seen & isolateMask != 0
        if hasIsolates { resolver.matchIsolates() }
        let level: UInt8
        switch baseDirection {
        case .leftToRight: level = 0
        case .rightToLeft: level = 1
        case nil: level = resolver.firstStrongLevel(from: 0, to: scalars, hasIsolates: hasIsolates) ?? 0
        }
        let explicitMask: UInt32 = 1 << 10 | 1 << 14 | 1 << 15 | 1 << 16 | 1 << 17 | 1 << 18 | isolateMask
        if seen & explicitMask != 0 {
            resolver.resolveExplicit(baseLevel: level)
        } else {
            storage.levels.update(repeating: level, count: scalars)
        }
        resolver.resolveImplicit(baseLevel: level, hasIsolates: hasIsolates)
        baseLevel = level
        self.storage = storage
    }

    /// Resolves the embedding levels of a paragraph (see ``init(utf8:baseDirection:)``).
    public init(_ text: String, baseDirection: BidiDirection? = nil) {
        var text = text
        self = text.withUTF8 { BidiParagraph(utf8: $0, baseDirection: baseDirection) }
    }

    /// The paragraph direction (from ``baseLevel``).
    public var baseDirection: BidiDirection { baseLevel & 1 == 1 ? .rightToLeft : .leftToRight }

    /// Whether the whole paragraph is at level 0, found by the fast path without running the algorithm.
    public var isTriviallyLeftToRight: Bool { storage == nil && baseLevel == 0 }

    /// Maximal runs of equal resolved level, in logical order, covering the whole text (before L1).
    ///
    /// Characters removed by rule X9 (BN, embedding and override controls) carry
    /// the level of the character before them (at the start of the text, of the
    /// first character after them), so they never split a run.
    public var levelRuns: [BidiRun] {
        runs(scalarRange: 0..<(storage?.count ?? 0), byteRange: 0..<byteCount, applyL1: false)
    }

    /// The resolved level (before L1) of the scalar that contains UTF-8 offset `offset`.
    public func level(atUTF8Offset offset: Int) -> UInt8 {
        guard let storage, storage.count > 0 else { return baseLevel }
        var index = storage.scalarIndex(atOrAfter: offset + 1) - 1
        index = min(max(index, 0), storage.count - 1)
        return storage.levels[index]
    }

    /// The runs of one line in logical order, with rule L1 applied: segment and
    /// paragraph separators, and whitespace and isolate controls before them or
    /// at the end of the line, are reset to the paragraph level.
    ///
    /// - Parameter range: the line's UTF-8 byte range (clamped to the text;
    ///   should fall on scalar boundaries).
    public func logicalRuns(forLine range: Range<Int>) -> [BidiRun] {
        let lower = min(max(range.lowerBound, 0), byteCount)
        let upper = min(max(range.upperBound, lower), byteCount)
        guard let storage else {
            return upper > lower ? [BidiRun(range: lower..<upper, level: baseLevel)] : []
        }
        let first = storage.scalarIndex(atOrAfter: lower)
        let end = storage.scalarIndex(atOrAfter: upper)
        return runs(scalarRange: first..<end, byteRange: lower..<upper, applyL1: true)
    }

    /// The runs of one line in visual order, left to right (rules L1 and L2).
    ///
    /// Within a run whose ``BidiRun/isRightToLeft`` is true the characters are
    /// displayed in reverse logical order.
    ///
    /// - Parameter range: the line's UTF-8 byte range (clamped to the text;
    ///   should fall on scalar boundaries).
    /// - Complexity: O(n + r·d) for n scalars, r runs and d distinct levels in the line.
    public func visualRuns(forLine range: Range<Int>) -> [BidiRun] {
        var runs = logicalRuns(forLine: range)
        guard runs.count > 1 else { return runs }
        var highest: UInt8 = 0
        var lowestOdd: UInt8 = 255
        for run in runs {
            highest = max(highest, run.level)
            if run.isRightToLeft { lowestOdd = min(lowestOdd, run.level) }
        }
        if lowestOdd == 255 { return runs }
        var level = highest
        while level >= lowestOdd {
            var k = 0
            while k < runs.count {
                if runs[k].level < level { k += 1; continue }
                let start = k
                while k < runs.count && runs[k].level >= level { k += 1 }
                var low = start, high = k - 1
                while low < high {
                    runs.swapAt(low, high)
                    low += 1
                    high -= 1
                }
            }
            level -= 1
        }
        return runs
    }

    /// Level runs over `scalarRange`, optionally with L1 applied.
    private func runs(scalarRange: Range<Int>, byteRange: Range<Int>, applyL1: Bool) -> [BidiRun] {
        guard let storage else {
            return byteRange.isEmpty ? [] : [BidiRun(range: byteRange, level: baseLevel)]
        }
        if scalarRange.isEmpty { return [] }
        var result: [BidiRun] = []
        let classes = storage.classes
        let offsets = storage.offsets
        let base = scalarRange.lowerBound
        let lineLevels = UnsafeMutablePointer<UInt8>.allocate(capacity: scalarRange.count)
        defer { lineLevels.deallocate() }
        lineLevels.update(from: storage.levels + base, count: scalarRange.count)
        if applyL1 {
            var trailingStart = -1
            var i = scalarRange.lowerBound
            while i < scalarRange.upperBound {
                defer { i += 1 }
                let c = classes[i] & BidiClass.classMask
                if c == BC.S || c == BC.B {
                    let from = trailingStart >= 0 ? trailingStart : i
                    (lineLevels + (from - base)).update(repeating: baseLevel, count: i + 1 - from)
                    trailingStart = -1
                } else if BC.trailingMask & (1 << UInt32(c)) != 0 {
                    if trailingStart < 0 { trailingStart = i }
                } else {
                    trailingStart = -1
                }
            }
            if trailingStart >= 0 {
                (lineLevels + (trailingStart - base)).update(repeating: baseLevel, count: scalarRange.upperBound - trailingStart)
            }
        }
        var start = scalarRange.lowerBound
        var level = lineLevels[0]
        var i = start + 1
        while i < scalarRange.upperBound {
            let current = lineLevels[i - base]
            if current != level {
                result.append(BidiRun(range: Int(offsets[start])..<Int(offsets[i]), level: level))
                start = i
                level = current
            }
            i += 1
        }
        result.append(BidiRun(range: Int(offsets[start])..<Int(offsets[scalarRange.upperBound]), level: level))
        return result
    }

    /// Rule P1: splits UTF-8 text into paragraphs, each ending after its
    /// paragraph separator (Bidi_Class B: LF, CR, CR LF, NEL, U+001C–U+001E, U+2029).
    ///
    /// - Complexity: O(n).
    public static func paragraphRanges(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return [] }
        let count = bytes.count
        var result: [Range<Int>] = []
        var start = 0
        var i = 0
        let trie = BidiClass.trie
        while i < count {
            let byte = base[i]
            let value: UInt8
            var length = 1
            if byte < 0x80 {
                value = trie.asciiValue(byte)
            } else {
                let decoded = UTF8Decoding.decodeMultibyte(base, at: i, end: count, lead: byte)
                value = trie.value(decoded.scalar)
                length = decoded.length
            }
            i += length
            if value & BidiClass.classMask == BC.B {
                if byte == 0x0D && i < count && base[i] == 0x0A { i += 1 }
                result.append(start..<i)
                start = i
            }
        }
        if start < count { result.append(start..<count) }
        return result
    }

    /// Rule P1 on a string (see ``paragraphRanges(utf8:)``); UTF-8 offsets.
    public static func paragraphRanges(in text: String) -> [Range<Int>] {
        var text = text
        return text.withUTF8 { paragraphRanges(utf8: $0) }
    }

    /// The fast-path check: false if no scalar is R, AL, AN or an explicit
    /// embedding, override or isolate initiator (then every level is 0 in a
    /// left-to-right or auto paragraph). ASCII is skipped eight bytes at a time.
    static func mayNeedResolution(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
        let trie = BidiClass.trie
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i < count {
            if i + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 { i += 8; continue }
            }
            let byte = base[i]
            if byte < 0x80 { i += 1; continue }
            // U+0080..U+057F (lead bytes C2..D5) hold no R, AL, AN or explicit formats.
            if byte >= 0xC2 && byte <= 0xD5 && i + 1 < count && base[i + 1] & 0xC0 == 0x80 { i += 2; continue }
            let (scalar, length) = UTF8Decoding.decodeMultibyte(base, at: i, end: count, lead: byte)
            if BC.nonTrivialMask & (1 << UInt32(trie.value(scalar) & BidiClass.classMask)) != 0 { return true }
            i += length
        }
        return false
    }
}
