import Foundation
import TextSegmentation

/// A slow, independent UAX #14 implementation for differential testing.
///
/// Reads its own properties from the UCD text files (not the module's tables)
/// and evaluates every rule by scanning the whole unit list, with no
/// incremental state, so it checks the module's state machine and fast paths.
struct ReferenceLineBreaker {
    private var lineBreak: [UInt32: String] = [:]
    private var wide: Set<UInt32> = []
    private var generalCategory: [UInt32: String] = [:]
    private var pictographic: Set<UInt32> = []
    private var assigned: Set<UInt32> = []
    /// The language's tailoring of LB1, applied in ``resolved(_:)``.
    var tailoring = LineBreakTailoring.none

    /// Loads the properties of `scalars` (and only those; every code point when `nil`) from
    /// /usr/share/unicode.
    init?(scalars: Set<UInt32>?) {
        func ranges(_ file: String, _ handle: (UInt32, String) -> Void) -> Bool {
            guard let text = try? String(contentsOfFile: "/usr/share/unicode/" + file, encoding: .utf8) else { return false }
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let fields = line.split(separator: "#")[0].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                guard fields.count >= 2 else { continue }
                let bounds = fields[0].components(separatedBy: "..").compactMap { UInt32($0, radix: 16) }
                let first = bounds[0], last = bounds.count > 1 ? bounds[1] : bounds[0]
                if let scalars {
                    for scalar in scalars where scalar >= first && scalar <= last { handle(scalar, fields[1]) }
                } else {
                    for scalar in first...last { handle(scalar, fields[1]) }
                }
            }
            return true
        }
        var lb: [UInt32: String] = [:], gc: [UInt32: String] = [:], ea: Set<UInt32> = [], ep: Set<UInt32> = []
        guard ranges("LineBreak.txt", { lb[$0] = $1 }),
              ranges("extracted/DerivedGeneralCategory.txt", { gc[$0] = $1 }),
              ranges("EastAsianWidth.txt", { if ["F", "W", "H"].contains($1) { ea.insert($0) } }),
              ranges("emoji/emoji-data.txt", { if $1 == "Extended_Pictographic" { ep.insert($0) } })
        else { return nil }
        lineBreak = lb; generalCategory = gc; wide = ea; pictographic = ep
    }

    /// The class `LineBreak.txt` gives a scalar (XX where it gives none).
    func rawClass(_ scalar: UInt32) -> String { lineBreak[scalar] ?? "XX" }

    /// LB1-resolved class of a scalar (under ``tailoring``: CJ as ID, Hangul as AL); SA always
    /// as LB1 resolves it without a dictionary, to AL or CM.
    func resolved(_ scalar: UInt32) -> String {
        let raw = lineBreak[scalar] ?? "XX"
        switch raw {
        case "AI", "SG", "XX": return "AL"
        case "SA": return ["Mn", "Mc"].contains(generalCategory[scalar] ?? "Cn") ? "CM" : "AL"
        case "CJ": return tailoring.breaksBeforeConditionalJapaneseStarters ? "ID" : "NS"
        case "H2", "H3", "JL", "JV", "JT": return tailoring.keepsHangulWords ? "AL" : raw
        default: return raw
        }
    }

    /// UTF-8 offsets of the break opportunities of `scalars` (end of text included).
    func breaks(_ scalars: [UInt32]) -> [Int] {
        let n = scalars.count
        if n == 0 { return [] }
        let raw = scalars.map(resolved)
        // LB9/LB10: units.
        var unitStart: [Int] = []      // scalar index of each unit's base
        var unitOf = [Int](repeating: 0, count: n)
        var cls: [String] = []
        for i in 0..<n {
            let excluded = cls.last.map { ["BK", "CR", "LF", "NL", "SP", "ZW"].contains($0) } ?? true
            if (raw[i] == "CM" || raw[i] == "ZWJ") && !excluded {
                unitOf[i] = cls.count - 1
                continue
            }
            unitStart.append(i)
            unitOf[i] = cls.count
            cls.append(raw[i] == "CM" || raw[i] == "ZWJ" ? "AL" : raw[i])
        }
        func base(_ u: Int) -> UInt32 { scalars[unitStart[u]] }
        func isWide(_ u: Int) -> Bool { wide.contains(base(u)) }
        func aksara(_ u: Int) -> Bool { cls[u] == "AK" || cls[u] == "AS" || base(u) == 0x25CC }
        var offsets = [0]
        for s in scalars { offsets.append(offsets.last! + String(Unicode.Scalar(s)!).utf8.count) }

        var result: [Int] = []
        for i in 1..<n {
            let decision: Int  // 0 no, 1 yes, 2 mandatory
            let b = unitOf[i]
            if unitStart[b] != i {
                let a = cls[b]
                if ["BK", "LF", "NL"].contains(a) { decision = 2 } else if a == "CR" { decision = 2 } else { decision = 0 }
            } else {
                decision = decide(unit: b, cls: cls, prevScalarIsZWJ: raw[i - 1] == "ZWJ", base: base, isWide: isWide, aksara: aksara)
            }
            if decision > 0 { result.append(offsets[i]) }
        }
        result.append(offsets[n])
        return result
    }

    private func decide(unit b: Int, cls: [String], prevScalarIsZWJ: Bool, base: (Int) -> UInt32,
                        isWide: (Int) -> Bool, aksara: (Int) -> Bool) -> Int {
        let A = cls[b - 1], B = cls[b]
        func lastNonSpace() -> String { var u = b - 1; while u > 0 && cls[u] == "SP" { u -= 1 }; return cls[u] }
        func next() -> String? { b + 1 < cls.count ? cls[b + 1] : nil }
        if A == "BK" { return 2 }
        if A == "CR" && B == "LF" { return 0 }
        if ["CR", "LF", "NL"].contains(A) { return 2 }
        if ["BK", "CR", "LF", "NL", "SP", "ZW"].contains(B) { return 0 }
        if lastNonSpace() == "ZW" { return 1 }
        if prevScalarIsZWJ { return 0 }
        if A == "WJ" || B == "WJ" || A == "GL" { return 0 }
        if B == "GL" && !["SP", "BA", "HY"].contains(A) { return 0 }
        if ["CL", "CP", "EX", "IS", "SY"].contains(B) { return 0 }
        let ns = lastNonSpace()
        if ns == "OP" { return 0 }
        if ns == "QU" && B == "OP" { return 0 }
        if (ns == "CL" || ns == "CP") && B == "NS" { return 0 }
        if ns == "B2" && B == "B2" { return 0 }
        if A == "SP" { return 1 }
        if A == "QU" || B == "QU" { return 0 }
        if A == "CB" || B == "CB" { return 1 }
        if ["BA", "HY", "NS"].contains(B) || A == "BB" { return 0 }
        if b >= 2 && cls[b - 2] == "HL" && (A == "HY" || A == "BA") { return 0 }
        if A == "SY" && B == "HL" { return 0 }
        if B == "IN" { return 0 }
        let letter: Set = ["AL", "HL"]
        if (letter.contains(A) && B == "NU") || (A == "NU" && letter.contains(B)) { return 0 }
        if A == "PR" && ["ID", "EB", "EM"].contains(B) { return 0 }
        if ["ID", "EB", "EM"].contains(A) && B == "PO" { return 0 }
        if (["PR", "PO"].contains(A) && letter.contains(B)) || (letter.contains(A) && ["PR", "PO"].contains(B)) { return 0 }
        // LB25 (tailored), by scanning back.
        if ["PR", "PO"].contains(A) && B == "NU" { return 0 }
        if ["PR", "PO"].contains(A) && ["OP", "HY"].contains(B) && next() == "NU" { return 0 }
        if ["OP", "HY"].contains(A) && B == "NU" { return 0 }
        func numericRunEndsAt(_ u: Int) -> Bool {   // NU (NU|SY|IS)* ends at unit u
            var k = u
            while k >= 0 && ["NU", "SY", "IS"].contains(cls[k]) { if cls[k] == "NU" { return true }; k -= 1 }
            return false
        }
        if numericRunEndsAt(b - 1) && ["NU", "SY", "IS", "CL", "CP"].contains(B) { return 0 }
        if ["PO", "PR"].contains(B) {
            if numericRunEndsAt(b - 1) { return 0 }
            if ["CL", "CP"].contains(A) && b >= 2 && numericRunEndsAt(b - 2) { return 0 }
        }
        let korean: Set = ["JL", "JV", "JT", "H2", "H3"]
        if A == "JL" && ["JL", "JV", "H2", "H3"].contains(B) { return 0 }
        if ["JV", "H2"].contains(A) && ["JV", "JT"].contains(B) { return 0 }
        if ["JT", "H3"].contains(A) && B == "JT" { return 0 }
        if (korean.contains(A) && B == "PO") || (A == "PR" && korean.contains(B)) { return 0 }
        if letter.contains(A) && letter.contains(B) { return 0 }
        if A == "AP" && aksara(b) { return 0 }
        if aksara(b - 1) && ["VF", "VI"].contains(B) { return 0 }
        if b >= 2 && aksara(b - 2) && A == "VI" && (B == "AK" || base(b) == 0x25CC) { return 0 }
        if aksara(b - 1) && aksara(b) && next() == "VF" { return 0 }
        if A == "IS" && letter.contains(B) { return 0 }
        if (letter.contains(A) || A == "NU") && B == "OP" && !isWide(b) { return 0 }
        if A == "CP" && !isWide(b - 1) && (letter.contains(B) || B == "NU") { return 0 }
        if A == "RI" && B == "RI" {
            var count = 0, k = b - 1
            while k >= 0 && cls[k] == "RI" { count += 1; k -= 1 }
            if count % 2 == 1 { return 0 }
        }
        if B == "EM" && (A == "EB" || (pictographic.contains(base(b - 1)) && (generalCategory[base(b - 1)] ?? "Cn") == "Cn")) { return 0 }
        return 1
    }
}
