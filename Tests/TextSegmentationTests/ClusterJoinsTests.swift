import Foundation
import Testing
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
        // Between regional indicators: only after an RGI flag.
        return !flags.contains(String(String.UnicodeScalarView(before.unicodeScalars.suffix(2))))
    }

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool { (0x1F1E6...0x1F1FF).contains(scalar.value) }

    /// The RGI emoji flags, read from the Unicode data's emoji-sequences.txt.
    static let flags: Set<String> = {
        let path = "/usr/share/unicode/emoji/emoji-sequences.txt"
        guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("Cannot read \(path): run `apt-get install unicode-data`.")
            return []
        }
        return Set(contents.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: "#", omittingEmptySubsequences: false)[0].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2, fields[1] == "RGI_Emoji_Flag_Sequence" else { return nil }
            return String(String.UnicodeScalarView(fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }))
        })
    }()

    /// Flag pairs before one more regional indicator, against the RGI list: a line may start
    /// after 🇨🇫 (a flag) but not after 🇽🇨 (none), and never inside a pair.
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
