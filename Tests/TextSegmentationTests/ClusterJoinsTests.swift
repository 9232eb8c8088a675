import Foundation
import Testing
import TestSupport
@testable import TextSegmentation

/// `ClusterJoins` — which rules out most pairs from their lead bytes before it decodes
/// anything — against the full grapheme cluster rules (`GraphemeBreaking`, checked against
/// `GraphemeBreakTest.txt`), for every scalar after and before characters of every kind, at
/// every place UAX #14 allows a break (where it does not, as inside Hangul syllables, the
/// breaker never asks).
@Suite struct ClusterJoinsTests {
    /// Every Unicode scalar.
    static let scalars = (0...0x10FFFF).compactMap(Unicode.Scalar.init)

    /// Whether a line may not start at `after` in `before + after`: the full rules put no
    /// cluster boundary there, or `after` starts with an extending character (which HarfBuzz
    /// merges into the cluster before it even after a control, where GB4 puts a boundary), or
    /// regional indicators meet there.
    static func referenceJoins(_ before: String, _ after: String) -> Bool {
        if !GraphemeBreaking.boundaries(in: before + after).contains(before.utf8.count)
            || GraphemeBreaking.role(of: after.unicodeScalars.first!).isExtending { return true }
        guard isRegionalIndicator(before.unicodeScalars.last!), isRegionalIndicator(after.unicodeScalars.first!) else {
            return false
        }
        // Between regional indicators: only after an RGI flag, as a font ligating the run
        // left to right makes the pairs.
        return !fontPairing(before.unicodeScalars.reversed().prefix { isRegionalIndicator($0) }.reversed())
    }

    /// Whether a font that ligates `run`, regional indicators, from its start — two that make
    /// an RGI flag into one glyph, any other one alone — makes its last two a flag.
    static func fontPairing(_ run: [Unicode.Scalar]) -> Bool {
        var lastIsFlag = false
        var k = 0
        while k < run.count {
            lastIsFlag = k + 1 < run.count && flags.contains(String(String.UnicodeScalarView(run[k...k + 1])))
            k += lastIsFlag ? 2 : 1
        }
        return run.count % 2 == 0 && lastIsFlag
    }

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool { (0x1F1E6...0x1F1FF).contains(scalar.value) }

    /// The RGI emoji flags, read from the Unicode data's emoji-sequences.txt.
    static let flags: Set<String> = {
        if EmojiSequences.rgiFlags.isEmpty {
            Issue.record("Cannot read \(EmojiSequences.path): run `apt-get install unicode-data`.")
        }
        return EmojiSequences.rgiFlags
    }()

    /// Every pair of regional indicators, in four contexts, before one more, against the font's
    /// pairing: a line may start after 🇨🇫 (a flag) but not after 🇽🇨 (none), and never inside
    /// a pair.
    @Test func betweenRegionalIndicatorsOnlyAfterAFlag() {
        #expect(Self.flags.count == 258)
        let letters = (0x1F1E6...0x1F1FF).compactMap(Unicode.Scalar.init).map { String(Character($0)) }
        var wrong: [String] = []
        for first in letters {
            for second in letters {
                for before in [first + second, "a" + first + second, first + first + second + second, "\u{FE0F}" + first + second] {
                    if Self.isWrong(before, "🇫") { wrong.append(before) }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count): \(wrong.prefix(10))")
    }

    /// Runs of regional indicators drawn from a few letters that make flags with each other
    /// and some that do not (🇲🇳 🇯🇲 🇸🇲 🇳🇱 are flags, 🇱🇯 is none), at every opportunity between
    /// two of them, against the font's left-to-right pairing — and the run the fuzzer found, in
    /// which a line started after 🇲🇸 though a font ligates 🇯🇲 and 🇸🇲 across it.
    @Test func betweenRegionalIndicatorsAsAFontLigatesThem() {
        let letters = "LJMSNX".unicodeScalars.map { Unicode.Scalar($0.value - 0x41 + 0x1F1E6)! }
        var generator = TestCorpus.Random(seed: 0x1F1E6)
        var wrong: [String] = []
        var breaks = 0
        for _ in 0..<3_000 {
            let run = (0..<generator.int(2...12)).map { _ in generator.pick(letters) }
            for cut in 1..<run.count {
                let before = String(String.UnicodeScalarView(run[..<cut]))
                let after = String(String.UnicodeScalarView(run[cut...]))
                if !Self.referenceJoins(before, after) { breaks += 1 }
                if Self.isWrong(before, after) { wrong.append(before + "|" + after) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count): \(wrong.prefix(10))")
        #expect(breaks > 1_000, "the runs should leave room for breaks: \(breaks)")
        // 🇲🇳 🇱 🇯🇲 🇸🇲 🇳🇱: a line may start after 🇲🇳 only.
        let found = "🇲🇳🇱🇯🇲🇸🇲🇳🇱"
        let scalars = Array(found.unicodeScalars)
        let starts = (1..<scalars.count).filter { cut in
            !Self.joins(String(String.UnicodeScalarView(scalars[..<cut])), String(String.UnicodeScalarView(scalars[cut...])))
        }
        #expect(starts == [2], "\(starts)")
    }

    /// Long runs of flags, longer than the 64 letters `ClusterJoins` reads back: 40 to 100 RGI
    /// flags, some runs led by a letter that makes no flag with the next, at every opportunity
    /// against the font's pairing from the run's start. (Before the window, past 64 letters no
    /// line started: a row of 40 🇯🇵 broke after none of its flags past the 32nd.)
    @Test func betweenRegionalIndicatorsOfLongRunsAsAFontLigatesThem() {
        let flags = Self.flags.sorted()
        var generator = TestCorpus.Random(seed: 0x1F1FF)
        var wrong: [String] = []
        var breaks = 0
        for index in 0..<60 {
            var run = (0..<generator.int(40...100)).flatMap { _ in Array(generator.pick(flags).unicodeScalars) }
            if index % 3 == 0 { run.insert(Unicode.Scalar(0x1F1FA)!, at: 0) }  // 🇺, as in 🇺🇯🇵🇯🇵…
            for cut in 1..<run.count {
                let before = String(String.UnicodeScalarView(run[..<cut]))
                let after = String(String.UnicodeScalarView(run[cut...]))
                if !Self.referenceJoins(before, after) { breaks += 1 }
                if Self.isWrong(before, after) { wrong.append("\(index) at \(cut)") }
            }
        }
        #expect(wrong.count == 0, "\(wrong.prefix(10))")
        #expect(breaks > 2_000, "\(breaks)")
        // Past the window, where pairing from either of its first two letters never meets — every
        // pair of 🇦🇬🇦🇬… is a flag, read from either letter (Antigua, Gabon) — no line starts.
        let alternating = Array(String(repeating: "🇦🇬", count: 40).unicodeScalars)
        let starts = (1..<alternating.count).filter { cut in
            !Self.joins(String(String.UnicodeScalarView(alternating[..<cut])),
                        String(String.UnicodeScalarView(alternating[cut...])))
        }
        #expect(starts == Array(stride(from: 2, through: ClusterJoins.flagWindow, by: 2)), "\(starts)")
    }

    /// Whether `ClusterJoins` says `before + after` has no boundary between the two.
    static func joins(_ before: String, _ after: String) -> Bool {
        var text = before + after
        return text.withUTF8 { ClusterJoins.joins(at: before.utf8.count, in: $0) }
    }

    /// Whether `ClusterJoins` is wrong about `before + after` where UAX #14 allows a break that
    /// is not mandatory (mandatory ones are always taken, and never asked about).
    static func isWrong(_ before: String, _ after: String) -> Bool {
        guard joins(before, after) != referenceJoins(before, after) else { return false }
        return LineBreaking.opportunities(in: before + after).contains { $0.offset == before.utf8.count && !$0.isMandatory }
    }

    /// The scalars (in hex) that `ClusterJoins` gets wrong next to `other`: after it, or before it.
    static func mismatches(next other: String, scalarsAfter: Bool) -> [String] {
        scalars.filter { scalar in
            let character = String(Character(scalar))
            return scalarsAfter ? isWrong(other, character) : isWrong(character, other)
        }.map { String($0.value, radix: 16) }
    }

    @Test(arguments: ["a", " ", "💋", "汉", "\u{600}", "\u{1100}", "\u{200B}", "🇯", "🇯\u{FE0F}🇯", "🇯🇵🇯"])
    func everyScalarAfter(_ before: String) {
        let wrong = Self.mismatches(next: before, scalarsAfter: true)
        #expect(wrong.isEmpty, "\(wrong.count) scalars after \(before.debugDescription): \(wrong.prefix(20))")
    }

    @Test(arguments: ["a", " ", "\u{301}", "🏿", "汉", "\u{1161}"])
    func everyScalarBefore(_ after: String) {
        let wrong = Self.mismatches(next: after, scalarsAfter: false)
        #expect(wrong.isEmpty, "\(wrong.count) scalars before \(after.debugDescription): \(wrong.prefix(20))")
    }
}
