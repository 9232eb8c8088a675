import Foundation
import TestSupport
import Testing
@testable import TextSegmentation

/// Runs of class SA (Thai, Lao, Khmer, Myanmar) broken between words by ICU's dictionaries,
/// checked against ICU's own line break iterator reached another way: `scripts/icu-line-breaks.py`
/// (PyICU) breaks each whole text, rules and dictionaries, with nothing of this module.
@Suite struct SoutheastAsianBreakingTests {
    /// LB1's fallback: SA resolved to AL or CM, no dictionary.
    static let withoutDictionary = LineBreakTailoring(breaksSoutheastAsianWords: false)

    static func offsets(_ text: String, _ tailoring: LineBreakTailoring = .none) -> [Int] {
        LineBreaking.opportunities(in: text, tailoring: tailoring).map(\.offset)
    }

    /// Every sentence of the corpus breaks exactly where ICU breaks it, the first time (ICU
    /// called) and the second (the answer remembered).
    @Test(arguments: SoutheastAsianCorpus.languages.map(\.name))
    func corpusAgreesWithICU(language: String) throws {
        let sentences = try #require(SoutheastAsianCorpus.languages.first { $0.name == language }?.sentences)
        let expected = try ICUReference.breaks(of: sentences)
        var agreeing = 0
        var opportunities = 0
        var byDictionary = 0
        for (sentence, icu) in zip(sentences, expected) {
            let first = Self.offsets(sentence)
            #expect(Self.offsets(sentence) == first, "remembered answer differs: \(sentence)")
            opportunities += icu.count
            byDictionary += first.count - Self.offsets(sentence, Self.withoutDictionary).count
            if first == icu {
                agreeing += 1
            } else {
                Issue.record("\(language): ICU \(icu), ours \(first): \(sentence)")
            }
        }
        print("ICU agreement \(language): \(agreeing)/\(sentences.count) sentences, \(opportunities) opportunities "
              + "(\(byDictionary) inside runs, from the dictionary)")
        // The dictionary does the work: most opportunities are inside runs.
        #expect(byDictionary * 2 > opportunities)
    }

    /// Random strings of SA letters and marks, corpus words, spaces, digits, Latin letters,
    /// punctuation, joiners and marks of other scripts. With the dictionary off the breaker is
    /// UAX #14 with LB1's fallback, as the independent ``ReferenceLineBreaker`` computes it;
    /// with it on, it adds exactly ICU's breaks strictly inside runs of class SA (PyICU on the
    /// whole string), but for those inside a grapheme cluster or before a mark — and nothing
    /// elsewhere; each added break starts a grapheme cluster.
    @Test func randomStringsAddICUsBreaksInsideRuns() throws {
        let corpus = SoutheastAsianCorpus.languages.flatMap(\.sentences)
        var letters = Set<UInt32>()
        for sentence in corpus { for scalar in sentence.unicodeScalars where scalar.value >= 0xE00 { letters.insert(scalar.value) } }
        let scalars = letters.sorted()
        let extras: [UInt32] = [0x20, 0x61, 0x62, 0x31, 0x2E, 0x28, 0x29, 0x22, 0x2D, 0x200D, 0x200B, 0x301, 0x25CC, 0x4E00,
                                0x3002, 0x1F600, 0x1A20, 0x1A60, 0xAA80, 0x11700, 0x0E2F, 0x0E46, 0x0E33]
        let words = corpus.flatMap { $0.split(separator: " ").map(String.init) }
        var generator = TestCorpus.Random(seed: 0x5EA)
        var texts: [String] = []
        for _ in 0..<4_000 {
            var text = ""
            for _ in 0..<generator.int(1...8) {
                switch generator.below(4) {
                case 0: text += String(generator.pick(words).unicodeScalars.prefix(generator.int(1...12)))
                case 1: text.unicodeScalars.append(Unicode.Scalar(generator.pick(extras))!)
                default: text.unicodeScalars.append(Unicode.Scalar(generator.pick(scalars))!)
                }
            }
            texts.append(text)
        }
        let used = Set(texts.flatMap { $0.unicodeScalars.map(\.value) })
        var reference = try #require(ReferenceLineBreaker(scalars: used), "apt-get install unicode-data")
        reference.tailoring = Self.withoutDictionary
        let icu = try ICUReference.breaks(of: texts)
        var added = 0, refused = 0
        for (text, icu) in zip(texts, icu) {
            let sequence = text.unicodeScalars.map(\.value)
            let plain = reference.breaks(sequence)
            #expect(Self.offsets(text, Self.withoutDictionary) == plain, "\(TestCorpus.scalars(of: text))")
            let inside = Self.insideRuns(sequence, reference)
            let icuInside = Set(icu).intersection(inside)
            let actual = Self.offsets(text)
            let extra = Set(actual).subtracting(plain)
            #expect(Set(plain).isSubset(of: actual), "\(TestCorpus.scalars(of: text))")
            #expect(extra.isSubset(of: icuInside), "not ICU's: \(extra.subtracting(icuInside).sorted()) in \(TestCorpus.scalars(of: text))")
            let clusters = Set(GraphemeBreaking.boundaries(in: text))
            // The breaks added start grapheme clusters, where a line may start (no join of
            // ClusterJoins), and are the stride's opportunities of count 0, which a caller
            // takes without asking that again.
            var copy = text
            let (joined, countZero) = copy.withUTF8 { bytes in
                var countZero = Set<Int>()
                LineBreaking.forEachOpportunityStride(inUTF8: bytes) { opportunity, count in
                    if count == 0 { countZero.insert(opportunity.offset) }
                }
                return (extra.filter { ClusterJoins.joins(at: $0, in: bytes) }, countZero)
            }
            #expect(extra.isSubset(of: clusters) && joined.isEmpty, "\(extra.subtracting(clusters).union(joined).sorted()) in \(TestCorpus.scalars(of: text))")
            #expect(countZero == extra, "\(TestCorpus.scalars(of: text))")
            for offset in icuInside.subtracting(extra) {
                // Refused: inside a grapheme cluster, or before a mark or after a joiner (LB9, LB8a).
                let index = Self.scalarIndex(atUTF8Offset: offset, in: text)
                let beforeMark = ["CM", "ZWJ"].contains(reference.resolved(sequence[index]))
                #expect(!clusters.contains(offset) || beforeMark || sequence[index - 1] == 0x200D,
                        "ICU's \(offset) missing in \(TestCorpus.scalars(of: text))")
                refused += 1
            }
            added += extra.count
        }
        print("random strings: \(added) breaks added inside runs of class SA, \(refused) of ICU's refused there")
        #expect(added > 1_000)
    }

    /// The UTF-8 offsets strictly inside runs of class SA: a letter of class SA (a mark of
    /// class SA after a space or at the start, LB10), then letters of class SA and the marks
    /// and joiners attached to them — from `LineBreak.txt` as the reference reads it.
    static func insideRuns(_ scalars: [UInt32], _ reference: ReferenceLineBreaker) -> Set<Int> {
        var result = Set<Int>()
        var inRun = false
        var previous = "BK"
        var offset = 0
        for scalar in scalars {
            let raw = reference.rawClass(scalar)
            let resolved = reference.resolved(scalar)
            let attached = (resolved == "CM" || resolved == "ZWJ") && !["BK", "CR", "LF", "NL", "SP", "ZW"].contains(previous)
            if raw == "SA" && !attached {
                if inRun { result.insert(offset) }
                inRun = true
                previous = "AL"
            } else if attached {
                if inRun && raw == "SA" { result.insert(offset) }  // not a break: LB9 holds it
            } else {
                inRun = false
                previous = resolved
            }
            offset += String(Unicode.Scalar(scalar)!).utf8.count
        }
        return result
    }

    static func scalarIndex(atUTF8Offset offset: Int, in text: String) -> Int {
        var bytes = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if bytes == offset { return index }
            bytes += String(scalar).utf8.count
        }
        return text.unicodeScalars.count
    }

    /// `LineBreakTest.txt`'s resolution, asked for: no break inside a run.
    @Test func withoutDictionaryRunsStayWhole() {
        #expect(Self.offsets("ภาษาไทยง่ายนิดเดียว", Self.withoutDictionary) == ["ภาษาไทยง่ายนิดเดียว".utf8.count])
        #expect(Self.offsets("ภาษาไทยง่ายนิดเดียว").count > 3)
        for tag in ["ja", "ko", "zh-Hant", "th", "en"] {
            #expect(LineBreakTailoring(language: tag).breaksSoutheastAsianWords, "\(tag)")
        }
        #expect(LineBreakTailoring.none.breaksSoutheastAsianWords)
    }

    /// The edges of a run follow UAX #14 with SA as AL, as ICU's rules do, and the state after
    /// a run carries on: a letter, digits or an opening bracket glued to a run hold to it
    /// (LB28, LB23, LB30), a space breaks (LB18), a Thai mark after a space starts a run
    /// (LB10), line feeds break (LB5) — as ICU breaks each whole text. A ZWJ holds what follows
    /// (LB8a), where ICU's dictionary may break.
    @Test func runsMeetTheirNeighboursAsLetters() throws {
        let texts = ["abcภาษาไทย", "ภาษาไทย2566", "ภาษาไทย(ABC)", "ก ภาษาไทย", "\u{E31}ภาษาไทย", "ภาษาไทย\n\nภาษา",
                     "ภาษาไทย abc", "(ภาษาไทย)", "“ภาษาไทย”"]
        for (text, icu) in zip(texts, try ICUReference.breaks(of: texts)) {
            #expect(Self.offsets(text) == icu, "\(text)")
        }
        #expect(!Self.offsets("abcภาษาไทย").contains(3))
        #expect(Self.offsets("ก ภาษาไทย").contains(4))
        #expect(Self.offsets("ภาษา\u{200D}ไทย") == [24])
    }

    /// When ICU fails, a run is one word, as LB1 resolves SA without a dictionary.
    @Test func icuFailureFallsBackToLB1() {
        for sentence in SoutheastAsianCorpus.languages.flatMap(\.sentences) {
            let fallback = SoutheastAsianBreaking.withSimulatedICUFailure { Self.offsets(sentence) }
            #expect(fallback == Self.offsets(sentence, Self.withoutDictionary))
        }
        #expect(Self.offsets(SoutheastAsianCorpus.thai[0]).count > 3)  // the failure ends with the call
    }

    /// A thread's memo of ICU's answers keeps 3,000 runs met in turn: met again, none goes to
    /// ICU, and every answer is the one ICU gave. On a thread of its own, whose memo starts
    /// empty.
    @Test func aThreadRemembersThousandsOfRuns() throws {
        let letters = SoutheastAsianCorpus.thai.map { String(String.UnicodeScalarView($0.unicodeScalars.filter { $0.value >= 0xE00 && $0.value < 0xE80 })) }
            .map { Array($0.unicodeScalars) }
        var runs: [String] = []
        var seen = Set<String>()
        var generator = TestCorpus.Random(seed: 0x3E30)
        while runs.count < 3_000 {
            let sentence = generator.pick(letters)
            let start = generator.int(0...(sentence.count - 12))
            let run = String(String.UnicodeScalarView(sentence[start..<min(sentence.count, start + generator.int(12...60))]))
            if seen.insert(run).inserted { runs.append(run) }
        }
        // Written by the thread alone, read after it signals.
        final class Outcome: @unchecked Sendable {
            var misses: [Int] = []
            var first: [[Int]] = []
            var second: [[Int]] = []
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { [runs] in
            outcome.misses.append(SoutheastAsianBreaking.memoMissesOnThisThread)
            outcome.first = runs.map { Self.offsets($0) }
            outcome.misses.append(SoutheastAsianBreaking.memoMissesOnThisThread)
            outcome.second = runs.map { Self.offsets($0) }
            outcome.misses.append(SoutheastAsianBreaking.memoMissesOnThisThread)
            done.signal()
        }
        thread.start()
        done.wait()
        let (misses, first, second) = (outcome.misses, outcome.first, outcome.second)
        #expect(misses[1] - misses[0] == runs.count)
        #expect(misses[2] == misses[1])
        #expect(first == second)
        #expect(Array(first.prefix(40)) == (try ICUReference.breaks(of: Array(runs.prefix(40)))))
    }

    /// Nine runs kept in one set of the memo (eight ways): the ninth replaces the run used
    /// least recently, not one met again since. On a thread of its own, whose memo starts empty.
    @Test func theMemoReplacesTheRunUsedLeastRecently() throws {
        let letters = Array("กขคงจฉชซญดตถทธนบปผพฟภมยรลวศสหอฮ".unicodeScalars)
        var generator = TestCorpus.Random(seed: 0x1A0)
        var bySet: [Int: [String]] = [:]
        var runs: [String] = []
        while runs.isEmpty {
            let run = String(String.UnicodeScalarView((0..<generator.int(6...20)).map { _ in generator.pick(letters) }))
            let set = SoutheastAsianBreaking.memoSet(of: run)
            if !(bySet[set, default: []].contains(run)) { bySet[set, default: []].append(run) }
            if bySet[set]!.count == 9 { runs = bySet[set]! }
        }
        // Written by the thread alone, read after it signals.
        final class Outcome: @unchecked Sendable { var misses: [Int] = [] }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { [runs] in
            func breakRuns(_ indices: [Int]) {
                for index in indices { _ = Self.offsets(runs[index]) }
                outcome.misses.append(SoutheastAsianBreaking.memoMissesOnThisThread)
            }
            breakRuns([])
            breakRuns(Array(0..<8))  // the set full
            breakRuns([0])           // met again: run 1 is now the least recently used
            breakRuns([8])           // replaces run 1
            breakRuns([0] + Array(2...8))
            breakRuns([1])
            done.signal()
        }
        thread.start()
        done.wait()
        let misses = zip(outcome.misses.dropFirst(), outcome.misses).map { $0 - $1 }
        #expect(misses == [8, 0, 1, 0, 1])
    }

    /// Runs longer than the memo's limit (512 bytes) are broken by ICU every time, the same
    /// way: a long run equals the concatenation of its parts' breaks where ICU splits it.
    @Test func longRunsAreNotRemembered() throws {
        let run = SoutheastAsianCorpus.thai.prefix(12).map { $0.unicodeScalars.filter { $0.value >= 0xE00 && $0.value < 0xE80 } }
            .map { String(String.UnicodeScalarView($0)) }.joined()
        #expect(run.utf8.count > 1_000)
        let expected = try ICUReference.breaks(of: [run])[0]
        #expect(Self.offsets(run) == expected)
        #expect(Self.offsets(run) == expected)
    }

    /// A 10 MB paragraph of Thai without a space, and one with spaces: broken in one pass each,
    /// every opportunity in order on a scalar boundary, runs near the middle as ICU breaks them.
    @Test func tenMegabyteParagraphs() throws {
        let letters = SoutheastAsianCorpus.thai.map { String(String.UnicodeScalarView($0.unicodeScalars.filter { $0.value >= 0xE00 && $0.value < 0xE80 })) }
        let unit = letters.joined()
        let solid = String(repeating: unit, count: 10_000_000 / unit.utf8.count + 1)
        let spaced = String(repeating: letters.joined(separator: " ") + " ", count: 10_000_000 / unit.utf8.count + 1)
        for text in [solid, spaced] {
            #expect(text.utf8.count >= 10_000_000)
            let offsets = Self.offsets(text)
            #expect(offsets.last == text.utf8.count)
            #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 })
            #expect(offsets.count > text.utf8.count / 40)
            let bytes = Array(text.utf8)
            #expect(offsets.allSatisfy { $0 == bytes.count || bytes[$0] & 0xC0 != 0x80 })
        }
    }

    /// Thai bytes mixed with malformed sequences (a Thai letter cut short, stray continuation
    /// bytes): no crash, opportunities in order, the end of text last, runs never crossing a
    /// bad byte (ICU is only handed well-formed runs).
    @Test func malformedUTF8AroundRuns() {
        let pieces: [[UInt8]] = [
            Array("ภาษา".utf8), Array("ไทย".utf8), Array("\u{E31}".utf8), Array(" ".utf8), Array("a".utf8),
            [0xE0, 0xB8], [0xB8], [0x80], [0xE0], [0xFF], [0xE0, 0x80, 0x80], [0xF0, 0x91, 0x9C],
        ]
        var generator = TestCorpus.Random(seed: 0xBAD)
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<generator.int(1...10) { bytes += generator.pick(pieces) }
            var offsets: [Int] = []
            bytes.withUnsafeBufferPointer { buffer in
                LineBreaking.forEachOpportunity(inUTF8: buffer) { offsets.append($0.offset) }
            }
            #expect(offsets.last == bytes.count)
            #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 }, "\(bytes)")
        }
    }
}
