import Testing
@testable import TextMetrics

/// The itemizer's fast character checks against the standard library's Unicode properties,
/// over every scalar.
@Suite struct CharacterPropertyTests {
    @Test func fastChecksMatchTheStandardLibrary() {
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            guard properties.generalCategory != .unassigned else { continue }
            if TextItemizer.isDefaultIgnorable(value) != properties.isDefaultIgnorableCodePoint {
                mismatches.append("ignorable U+\(String(value, radix: 16))")
            }
            let category = properties.generalCategory
            if TextItemizer.isSpaceOrControl(value) != (category == .spaceSeparator || category == .control) {
                mismatches.append("space/control U+\(String(value, radix: 16))")
            }
            if !TextItemizer.mayBeEmoji(value) && properties.isEmoji {
                mismatches.append("emoji U+\(String(value, radix: 16))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }
}
