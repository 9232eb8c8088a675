/// The Unicode line breaking algorithm (UAX #14, Unicode 15.0) over UTF-8 text.
///
/// Implements rules LB1–LB31, including LB8a, LB9/LB10 (combining marks and
/// ZWJ), LB15 as of Unicode 15.0, LB21a, LB21b, LB28a, LB30, LB30a and LB30b,
/// with LB25 tailored as in UAX #14 section 8.2, example 7 (the tailoring that
/// `LineBreakTest.txt` uses). LB1 resolves AI, SG and XX to AL, SA to CM (for
/// General_Category Mn and Mc) or AL, and CJ to NS — or, under a language's
/// ``LineBreakTailoring``, CJ to ID and Hangul to AL.
///
/// A run of class SA (Thai, Lao, Khmer, Myanmar…: a letter of class SA, then any such
/// letters and the marks and joiners attached to them) also breaks between its words where
/// ICU's dictionary break iterator does, unless the tailoring turns
/// ``LineBreakTailoring/breaksSoutheastAsianWords`` off; everything else, the run's edges
/// included, follows the rules with SA as AL. Text without such a letter costs nothing more.
///
/// Malformed UTF-8 is tolerated: each byte that is not part of a well-formed
/// sequence is treated as U+FFFD.
public enum LineBreaking {
    /// Calls `body` for every break opportunity in order.
    ///
    /// Never reports offset 0 (LB2); always reports the end of text (LB3) as
    /// mandatory, unless the text is empty. Offsets are UTF-8 byte offsets into
    /// `bytes` and always fall on scalar boundaries.
    ///
    /// - Parameter tailoring: the language's tailoring of the classes (default: none).
    /// - Complexity: O(n) in the number of bytes. No allocation for text without a letter of
    ///   class SA; a run of such letters goes to ICU, which allocates, and is remembered per
    ///   thread when at most 512 bytes long (a run met again costs a hash and a comparison).
    public static func forEachOpportunity(inUTF8 bytes: UnsafeBufferPointer<UInt8>, tailoring: LineBreakTailoring = .none,
                                          _ body: (LineBreakOpportunity) -> Void) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        scan(base, bytes.count, tailoring) { offset, mandatory, count in
            body(LineBreakOpportunity(offset: offset, isMandatory: mandatory))
            var next = offset &+ 3
            while next < offset &+ 3 &* count {
                body(LineBreakOpportunity(offset: next, isMandatory: false))
                next &+= 3
            }
        }
    }

    /// The opportunities of ``forEachOpportunity(inUTF8:tailoring:_:)``, with each stretch of
    /// ideographs after an ideograph in one call: `body(opportunity, count)` stands for
    /// `count` opportunities, at `opportunity.offset` and every 3 bytes after it, each before
    /// an ideograph of U+4E00–U+9FFF (three UTF-8 bytes) when `count` > 1, and none mandatory
    /// then. Lets a caller that keeps such ideographs together skip a call per character.
    /// `count` is 0 for one opportunity inside a run of class SA, which starts a grapheme
    /// cluster (``SoutheastAsianBreaking``): a caller that skips opportunities inside clusters
    /// need not look there.
    package static func forEachOpportunityStride(inUTF8 bytes: UnsafeBufferPointer<UInt8>,
                                                 tailoring: LineBreakTailoring = .none,
                                                 _ body: (LineBreakOpportunity, Int) -> Void) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        scan(base, bytes.count, tailoring) { offset, mandatory, count in
            body(LineBreakOpportunity(offset: offset, isMandatory: mandatory), count)
        }
    }

    /// Appends every break opportunity of `bytes`, in order, to `result`.
    ///
    /// The same opportunities as ``forEachOpportunity(inUTF8:tailoring:_:)``, under `tailoring`; lets a
    /// caller reuse one buffer (call `removeAll(keepingCapacity: true)` between
    /// texts) so that steady-state use does not allocate.
    ///
    /// - Complexity: O(n) in the number of bytes.
    public static func appendOpportunities(inUTF8 bytes: UnsafeBufferPointer<UInt8>, tailoring: LineBreakTailoring = .none,
                                           to result: inout [LineBreakOpportunity]) {
        forEachOpportunity(inUTF8: bytes, tailoring: tailoring) { result.append($0) }
    }

    /// Returns every break opportunity of `text`, with UTF-8 offsets, under `tailoring`
    /// (default: none).
    ///
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func opportunities(in text: String, tailoring: LineBreakTailoring = .none) -> [LineBreakOpportunity] {
        var text = text
        var result: [LineBreakOpportunity] = []
        text.withUTF8 { appendOpportunities(inUTF8: $0, tailoring: tailoring, to: &result) }
        return result
    }

    // MARK: - Implementation

    /// The outcome of the rules for one position.
    private enum Decision {
        case prohibited, allowed, mandatory
    }

    /// What the rules need to know about the text before the current position.
    ///
    /// A "unit" is a scalar together with the combining marks and ZWJs that LB9
    /// attaches to it; its class is the class of the base scalar.
    private struct State {
        /// Class of the last unit.
        var prev: LineBreakClass
        /// Table value of the last unit's base scalar (class plus ``LineBreakClass/flag``).
        var prevValue: UInt8
        /// Whether the last unit's base scalar is U+25CC DOTTED CIRCLE (LB28a).
        var prevDotted: Bool
        /// Class of the unit before the last one (`.BK` at the start of text, which no pair rule uses as a left side here).
        var prevPrev: LineBreakClass = .BK
        /// Whether the unit before the last one is U+25CC.
        var prevPrevDotted = false
        /// Class of the last unit that is not SP (for the `X SP*` rules LB8, LB14–LB17).
        var lastNonSpace: LineBreakClass
        /// Whether the last scalar (absorbed or not) is ZWJ (LB8a).
        var prevIsZWJ: Bool
        /// Whether the run of RI units ending at the last unit has odd length (LB30a).
        var oddRegionalIndicators: Bool
        /// LB25 (tailored) progress: 1 after `NU (NU|SY|IS)*`, 2 after that plus CL or CP, else 0.
        var numeric: UInt8

        init(first cls: LineBreakClass, value: UInt8, dotted: Bool, isZWJ: Bool) {
            prev = cls
            prevValue = value
            prevDotted = dotted
            lastNonSpace = cls
            prevIsZWJ = isZWJ
            oddRegionalIndicators = cls == .RI
            numeric = cls == .NU ? 1 : 0
        }

        /// Records a new unit.
        @inline(__always)
        mutating func push(_ cls: LineBreakClass, value: UInt8, dotted: Bool, isZWJ: Bool) {
            prevPrev = prev
            prevPrevDotted = prevDotted
            prev = cls
            prevValue = value
            prevDotted = dotted
            if cls != .SP { lastNonSpace = cls }
            prevIsZWJ = isZWJ
            oddRegionalIndicators = cls == .RI ? !oddRegionalIndicators : false
            switch cls {
            case .NU: numeric = 1
            case .SY, .IS: numeric = numeric == 1 ? 1 : 0
            case .CL, .CP: numeric = numeric == 1 ? 2 : 0
            default: numeric = 0
            }
        }
    }

    /// Runs the algorithm, reporting `(offset, isMandatory, count)` for every opportunity —
    /// `count` of them, 3 bytes apart, in a stretch of ideographs; one, with `count` 0, inside
    /// a run of class SA (see ``forEachOpportunityStride(inUTF8:tailoring:_:)``).
    @inline(__always)
    private static func scan(_ base: UnsafePointer<UInt8>, _ end: Int, _ tailoring: LineBreakTailoring,
                             _ report: (Int, Bool, Int) -> Void) {
        // The language's tailoring is in its table (see LineBreakClass.trie(for:)).
        let trie = LineBreakClass.trie(for: tailoring)
        let al = LineBreakClass.AL.rawValue
        // Never in a table without the dictionary (see LineBreakClass.trie(for:)).
        let southeastAsianLetter = LineBreakClass.southeastAsianLetter

        // The first unit (LB10: a leading CM or ZWJ is AL).
        let (first, firstLength) = UTF8Decoding.decode(base, at: 0, end: end)
        var value = trie.value(first)
        var cls = LineBreakClass(tableValue: value)
        let firstIsZWJ = cls == .ZWJ
        if cls == .CM || cls == .ZWJ { cls = .AL; value = letterValue(ofUnattached: value) }
        var state = State(first: cls, value: value, dotted: first == 0x25CC, isZWJ: firstIsZWJ)

        var index = firstLength
        if value == southeastAsianLetter {
            index = southeastAsianRun(base, start: 0, firstEnd: firstLength, end, trie, &state, report)
        }
        while index < end {
            // ASCII fast path: a letter after a letter never breaks (LB28), and
            // after any number of them the state is what pushing one AL gives.
            if state.prev == .AL, !state.prevIsZWJ, !state.prevDotted {
                let start = index
                while index < end {
                    let byte = base[index] | 0x20
                    guard byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") else { break }
                    index &+= 1
                }
                if index != start { state.push(.AL, value: al, dotted: false, isZWJ: false) }
                if index == end { break }
            }

            let lead = base[index]
            let scalar: UInt32
            let length: Int
            if lead < 0x80 {
                scalar = UInt32(lead)
                length = 1
                value = trie.asciiValue(lead)
            } else {
                (scalar, length) = UTF8Decoding.decodeMultibyte(base, at: index, end: end, lead: lead)
                value = trie.value(scalar)
            }
            cls = LineBreakClass(tableValue: value)
            let isZWJ = cls == .ZWJ
            if cls == .CM || isZWJ {
                switch state.prev {
                case .BK, .CR, .LF, .NL, .SP, .ZW:
                    // LB10: not attached to anything; treat as AL.
                    cls = .AL
                    value = letterValue(ofUnattached: value)
                default:
                    // LB9: attach to the previous unit; never a break before it.
                    state.prevIsZWJ = isZWJ
                    index &+= length
                    continue
                }
            }
            let dotted = scalar == 0x25CC
            // Ideograph after ideograph, the commonest pair of CJK text: no rule before LB31
            // applies when nothing is attached to the first (LB8a) — a break is allowed.
            if cls == .ID, state.prev == .ID, !state.prevIsZWJ {
                let first = index
                var count = 1
                state.push(cls, value: value, dotted: false, isZWJ: false)
                index &+= length
                // More ideographs of U+4E00–U+9FFF (all ID, with one table value, three bytes
                // after one of three bytes): the same decision before each, and the same state
                // after, without table lookups.
                if CJKIdeographs.contains(scalar), CJKIdeographs.decode(base, at: index, end: end) != nil {
                    repeat {
                        count &+= 1
                        index &+= 3
                    } while CJKIdeographs.decode(base, at: index, end: end) != nil
                    state.push(cls, value: value, dotted: false, isZWJ: false)
                }
                report(first, false, count)
                continue
            }
            // A letter of class SA starts a run, broken inside by dictionary.
            if value == southeastAsianLetter {
                switch decide(state, cls, value, false, base, index &+ length, end, trie) {
                case .prohibited: break
                case .allowed: report(index, false, 1)
                case .mandatory: report(index, true, 1)
                }
                state.push(cls, value: value, dotted: false, isZWJ: false)
                index = southeastAsianRun(base, start: index, firstEnd: index &+ length, end, trie, &state, report)
                continue
            }
            // The word boundaries of Latin text. A space is never broken before (LB7) unless
            // after a hard break (LB4, LB5); a letter after a space is broken before (LB18)
            // unless `OP SP*` holds it (LB14) — no other rule before LB18 can apply to it.
            if cls == .SP {
                switch state.prev {
                case .BK, .CR, .LF, .NL: break
                default:
                    state.push(cls, value: value, dotted: false, isZWJ: false)
                    index &+= length
                    continue
                }
            } else if cls == .AL, state.prev == .SP, state.lastNonSpace != .OP, !dotted {
                report(index, false, 1)
                // A ZWJ after a space is AL (LB10) but still holds what follows (LB8a).
                state.push(cls, value: value, dotted: false, isZWJ: isZWJ)
                index &+= length
                continue
            } else if lead >= 0xE0, state.prev == .SP, cls == .ID || cls == .EB || cls == .EM || cls == .RI,
                      state.lastNonSpace != .OP {
                // The same after a space for ideographs and emoji (three or four bytes).
                report(index, false, 1)
                state.push(cls, value: value, dotted: false, isZWJ: false)
                index &+= length
                continue
            } else if (cls == .EM && state.prev == .EB) || (cls == .RI && state.prev == .RI && state.oddRegionalIndicators) {
                // A skin tone after its emoji (LB30b), the second indicator of a flag (LB30a):
                // never broken before, and no earlier rule allows a break after an emoji base
                // or an indicator.
                state.push(cls, value: value, dotted: false, isZWJ: false)
                index &+= length
                continue
            }
            switch decide(state, cls, value, dotted, base, index &+ length, end, trie) {
            case .prohibited: break
            case .allowed: report(index, false, 1)
            case .mandatory: report(index, true, 1)
            }
            state.push(cls, value: value, dotted: dotted, isZWJ: isZWJ)
            index &+= length
        }
        report(end, true, 1)  // LB3
    }

    /// The table value of AL for a CM or ZWJ that LB10 treats as AL: a mark of class SA (a
    /// Thai vowel after a space) stays flagged, to start a run of class SA.
    @inline(__always)
    private static func letterValue(ofUnattached value: UInt8) -> UInt8 {
        value == LineBreakClass.southeastAsianMark ? LineBreakClass.southeastAsianLetter : LineBreakClass.AL.rawValue
    }

    /// The rest of a run of class SA whose first letter ends at `firstEnd` and is in `state`:
    /// finds where the run ends (the first scalar that is neither a letter of class SA nor a
    /// mark or joiner attached to it), reports the dictionary's breaks inside it, and leaves
    /// `state` as the rules would after the run (every pair in it is AL × AL, × CM or ZWJ ×,
    /// so no rule breaks inside). Returns the end of the run.
    @inline(never)
    private static func southeastAsianRun(_ base: UnsafePointer<UInt8>, start: Int, firstEnd: Int, _ end: Int,
                                          _ trie: PropertyTrie, _ state: inout State,
                                          _ report: (Int, Bool, Int) -> Void) -> Int {
        let southeastAsianLetter = LineBreakClass.southeastAsianLetter
        var index = firstEnd
        var scalars = 1
        var letters = 1
        var lastIsZWJ = false
        while index < end {
            // Thai, Lao, Khmer and Myanmar letters and marks are three bytes long.
            let scalar: UInt32
            let length: Int
            if base[index] & 0xF0 == 0xE0, let decoded = UTF8Decoding.decodeThreeByte(base, at: index, end: end) {
                (scalar, length) = (decoded, 3)
            } else {
                (scalar, length) = UTF8Decoding.decode(base, at: index, end: end)
            }
            let value = trie.value(scalar)
            if value == southeastAsianLetter {
                letters &+= 1
                lastIsZWJ = false
            } else {
                let cls = LineBreakClass(tableValue: value)
                guard cls == .CM || cls == .ZWJ else { break }
                lastIsZWJ = cls == .ZWJ
            }
            scalars &+= 1
            index &+= length
        }
        if letters > 1 {
            state.push(.AL, value: southeastAsianLetter, dotted: false, isZWJ: lastIsZWJ)
        } else {
            state.prevIsZWJ = lastIsZWJ
        }
        SoutheastAsianBreaking.forEachBreak(base, from: start, to: index, scalarCount: scalars, trie) { report($0, false, 0) }
        return index
    }

    /// The class of the unit starting at `index` (skipping attached CM and ZWJ), or nil at the end of text.
    ///
    /// Only called when the current unit can take combining marks, so every
    /// CM or ZWJ that follows it belongs to it (LB9).
    private static func nextUnitClass(_ base: UnsafePointer<UInt8>, _ index: Int, _ end: Int,
                                      _ trie: PropertyTrie) -> LineBreakClass? {
        var index = index
        while index < end {
            let (scalar, length) = UTF8Decoding.decode(base, at: index, end: end)
            let cls = LineBreakClass(tableValue: trie.value(scalar))
            if cls != .CM && cls != .ZWJ { return cls }
            index &+= length
        }
        return nil
    }

    /// Applies LB4–LB31 to the position before a unit of class `cur`.
    ///
    /// `next` is the offset just after the current unit's base scalar, for
    /// the two rules that look one unit ahead (tailored LB25, LB28a).
    @inline(__always)
    private static func decide(
        _ s: State, _ cur: LineBreakClass, _ curValue: UInt8, _ curDotted: Bool,
        _ base: UnsafePointer<UInt8>, _ next: Int, _ end: Int, _ trie: PropertyTrie
    ) -> Decision {
        let prev = s.prev
        // LB4, LB5: hard breaks.
        switch prev {
        case .BK, .LF, .NL: return .mandatory
        case .CR: return cur == .LF ? .prohibited : .mandatory
        default: break
        }
        // LB6: × (BK | CR | LF | NL); LB7: × SP, × ZW.
        switch cur {
        case .BK, .CR, .LF, .NL, .SP, .ZW: return .prohibited
        default: break
        }
        // LB8: ZW SP* ÷
        if s.lastNonSpace == .ZW { return .allowed }
        // LB8a: ZWJ ×
        if s.prevIsZWJ { return .prohibited }
        // An ideograph after closing or exclamation punctuation (字，字 字！字), the commonest
        // pair of CJK text after two ideographs: no rule from here to LB31 holds an ideograph
        // to CL or EX (LB16 holds only NS after CL), so a break is allowed.
        if cur == .ID && (prev == .CL || prev == .EX) { return .allowed }
        // LB11: × WJ, WJ ×
        if cur == .WJ || prev == .WJ { return .prohibited }
        // LB12: GL ×
        if prev == .GL { return .prohibited }
        // LB12a: [^SP BA HY] × GL
        if cur == .GL && prev != .SP && prev != .BA && prev != .HY { return .prohibited }
        // LB13: × CL, × CP, × EX, × IS, × SY
        switch cur {
        case .CL, .CP, .EX, .IS, .SY: return .prohibited
        default: break
        }
        // LB14: OP SP* ×
        if s.lastNonSpace == .OP { return .prohibited }
        // LB15: QU SP* × OP
        if cur == .OP && s.lastNonSpace == .QU { return .prohibited }
        // LB16: (CL | CP) SP* × NS
        if cur == .NS && (s.lastNonSpace == .CL || s.lastNonSpace == .CP) { return .prohibited }
        // LB17: B2 SP* × B2
        if cur == .B2 && s.lastNonSpace == .B2 { return .prohibited }
        // LB18: SP ÷
        if prev == .SP { return .allowed }
        // LB19: × QU, QU ×
        if cur == .QU || prev == .QU { return .prohibited }
        // LB20: ÷ CB, CB ÷
        if cur == .CB || prev == .CB { return .allowed }
        // LB21: × BA, × HY, × NS, BB ×
        switch cur {
        case .BA, .HY, .NS: return .prohibited
        default: break
        }
        if prev == .BB { return .prohibited }
        // LB21a: HL (HY | BA) ×
        if s.prevPrev == .HL && (prev == .HY || prev == .BA) { return .prohibited }
        // LB21b: SY × HL
        if prev == .SY && cur == .HL { return .prohibited }
        // LB22: × IN
        if cur == .IN { return .prohibited }

        let prevIsLetter = prev == .AL || prev == .HL
        let curIsLetter = cur == .AL || cur == .HL
        // LB23: (AL | HL) × NU, NU × (AL | HL)
        if (prevIsLetter && cur == .NU) || (prev == .NU && curIsLetter) { return .prohibited }
        // LB23a: PR × (ID | EB | EM), (ID | EB | EM) × PO
        switch (prev, cur) {
        case (.PR, .ID), (.PR, .EB), (.PR, .EM), (.ID, .PO), (.EB, .PO), (.EM, .PO): return .prohibited
        default: break
        }
        // LB24: (PR | PO) × (AL | HL), (AL | HL) × (PR | PO)
        let prevIsAffix = prev == .PR || prev == .PO
        let curIsAffix = cur == .PR || cur == .PO
        if (prevIsAffix && curIsLetter) || (prevIsLetter && curIsAffix) { return .prohibited }
        // LB25, tailored (UAX #14 section 8.2, example 7):
        //   (PR | PO) × (OP | HY)? NU
        //   (OP | HY) × NU
        //   NU (NU | SY | IS)* × (NU | SY | IS | CL | CP)   [includes NU × (NU | SY | IS)]
        //   NU (NU | SY | IS)* (CL | CP)? × (PO | PR)
        if prevIsAffix {
            if cur == .NU { return .prohibited }
            if (cur == .OP || cur == .HY) && nextUnitClass(base, next, end, trie) == .NU { return .prohibited }
        }
        if (prev == .OP || prev == .HY) && cur == .NU { return .prohibited }
        if s.numeric == 1 {
            switch cur {
            case .NU, .SY, .IS, .CL, .CP: return .prohibited
            default: break
            }
        }
        if s.numeric != 0 && curIsAffix { return .prohibited }
        // LB26: Korean syllable blocks.
        switch (prev, cur) {
        case (.JL, .JL), (.JL, .JV), (.JL, .H2), (.JL, .H3),
             (.JV, .JV), (.JV, .JT), (.H2, .JV), (.H2, .JT),
             (.JT, .JT), (.H3, .JT):
            return .prohibited
        default: break
        }
        // LB27: (JL | JV | JT | H2 | H3) × PO, PR × (JL | JV | JT | H2 | H3)
        switch (prev, cur) {
        case (.JL, .PO), (.JV, .PO), (.JT, .PO), (.H2, .PO), (.H3, .PO),
             (.PR, .JL), (.PR, .JV), (.PR, .JT), (.PR, .H2), (.PR, .H3):
            return .prohibited
        default: break
        }
        // LB28: (AL | HL) × (AL | HL)
        if prevIsLetter && curIsLetter { return .prohibited }
        // LB28a: Brahmic orthographic syllables (◌ is U+25CC).
        //   AP × (AK | ◌ | AS)
        //   (AK | ◌ | AS) × (VF | VI)
        //   (AK | ◌ | AS) VI × (AK | ◌)
        //   (AK | ◌ | AS) × (AK | ◌ | AS) VF
        let prevIsAksara = prev == .AK || prev == .AS || s.prevDotted
        let curIsAksara = cur == .AK || cur == .AS || curDotted
        if prev == .AP && curIsAksara { return .prohibited }
        if prevIsAksara && (cur == .VF || cur == .VI) { return .prohibited }
        if prev == .VI && (cur == .AK || curDotted)
            && (s.prevPrev == .AK || s.prevPrev == .AS || s.prevPrevDotted) {
            return .prohibited
        }
        if prevIsAksara && curIsAksara && nextUnitClass(base, next, end, trie) == .VF { return .prohibited }
        // LB29: IS × (AL | HL)
        if prev == .IS && curIsLetter { return .prohibited }
        // LB30: (AL | HL | NU) × [OP - EastAsian], [CP - EastAsian] × (AL | HL | NU)
        if (prevIsLetter || prev == .NU) && cur == .OP && curValue & LineBreakClass.flag == 0 { return .prohibited }
        if prev == .CP && s.prevValue & LineBreakClass.flag == 0 && (curIsLetter || cur == .NU) { return .prohibited }
        // LB30a: break between pairs of regional indicators only.
        if prev == .RI && cur == .RI && s.oddRegionalIndicators { return .prohibited }
        // LB30b: EB × EM, [\p{Extended_Pictographic} & \p{Cn}] × EM
        if cur == .EM && (prev == .EB || (prev == .ID && s.prevValue & LineBreakClass.flag != 0)) { return .prohibited }
        // LB31
        return .allowed
    }
}
