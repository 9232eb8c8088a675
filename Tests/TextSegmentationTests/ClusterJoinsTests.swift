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

    /// Whether the clusters of `before + after` have no boundary between the two, by the full rules.
    static func referenceJoins(_ before: String, _ after: String) -> Bool {
        !GraphemeBreaking.boundaries(in: before + after).contains(before.utf8.count)
    }

    /// Whether `ClusterJoins` says `before + after` has no boundary between the two.
    static func joins(_ before: String, _ after: String) -> Bool {
        var text = before + after
        return text.withUTF8 { ClusterJoins.joins(at: before.utf8.count, in: $0) }
    }

    /// Whether `ClusterJoins` is wrong about `before + after` where UAX #14 allows a break.
    static func isWrong(_ before: String, _ after: String) -> Bool {
        guard joins(before, after) != referenceJoins(before, after) else { return false }
        return LineBreaking.opportunities(in: before + after).contains { $0.offset == before.utf8.count }
    }

    @Test(arguments: ["a", " ", "💋", "汉", "\u{600}", "\u{1100}"])
    func everyScalarAfter(_ before: String) {
        var mismatches: [String] = []
        for scalar in Self.scalars {
            let after = String(Character(scalar))
            if Self.isWrong(before, after) { mismatches.append(String(scalar.value, radix: 16)) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) scalars after \(before.debugDescription): \(mismatches.prefix(20))")
    }

    @Test(arguments: ["a", " ", "\u{301}", "🏿", "汉", "\u{1161}"])
    func everyScalarBefore(_ after: String) {
        var mismatches: [String] = []
        for scalar in Self.scalars {
            let before = String(Character(scalar))
            if Self.isWrong(before, after) { mismatches.append(String(scalar.value, radix: 16)) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) scalars before \(after.debugDescription): \(mismatches.prefix(20))")
    }
}
