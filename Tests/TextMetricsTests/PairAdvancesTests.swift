import Foundation
import Testing
import TestSupport
@testable import TextMetrics

/// Latin words measured by adding advances and pair kerning (``PairAdvances``) against
/// HarfBuzz shaping the same text: every pair, random words in context, and damaged fonts.
@Suite struct PairAdvancesTests {
    static let fonts = ["Roboto-Regular", "Roboto-Medium", "wqy-microhei", "NotoSansHebrew-Regular",
                        "NotoSansArabic-Regular"]

    static func face(_ name: String) throws -> FontFace {
        try FontLibrary.shared.face(path: BundledFonts.path(named: name)!, faceIndex: 0)
    }

    static func qualifyingSlots(_ table: PairAdvances) -> [Int] {
        (0..<PairAdvances.slotCount).filter { table.qualifies(slot: $0) }
    }

    static func character(_ slot: Int) -> String {
        String(Unicode.Scalar(PairAdvances.scalar(ofSlot: slot))!)
    }

    /// HarfBuzz's measure of the segment of `bytes` at `segment`, shaped up to `contextEnd`
    /// as `SegmentMeasurer` shapes it: width, trailing whitespace, line-end correction, glyph count.
    static func harfBuzzMeasure(_ face: FontFace, _ bytes: UnsafeBufferPointer<UInt8>, _ segment: TextSegment,
                                contextEnd: Int) -> (Int32, Int32, Int32, Int) {
        var glyphs: [ShapedGlyph] = []
        face.shaper.shape(bytes, range: Int(segment.start)..<contextEnd, into: &glyphs)
        let own = glyphs.filter { $0.cluster < segment.shapedEnd }
        let width = own.reduce(Int32(0)) { $0 + $1.advance }
        let trailing = own.filter { $0.cluster >= segment.contentEnd }.reduce(Int32(0)) { $0 + $1.advance }
        var correction: Int32 = 0
        if segment.contentEnd == segment.shapedEnd, contextEnd > Int(segment.shapedEnd) {
            var alone: [ShapedGlyph] = []
            face.shaper.shape(bytes, range: Int(segment.start)..<Int(segment.contentEnd), into: &alone)
            correction = alone.reduce(Int32(0)) { $0 + $1.advance } - (width - trailing)
        }
        return (width, trailing, correction, own.count)
    }

    /// Every ordered pair of qualifying characters (all of them in Roboto Regular, printable
    /// ASCII in the other fonts) measures as HarfBuzz shapes it; the pairs the table leaves to
    /// HarfBuzz are exactly those HarfBuzz turns into a ligature, alone or before a third character.
    @Test(arguments: fonts)
    func everyPairAgreesWithHarfBuzz(_ font: String) throws {
        let face = try Self.face(font)
        let table = face.pairAdvances
        let slots = Self.qualifyingSlots(table).filter { font == "Roboto-Regular" || $0 < 0x5F }
        var mismatches: [String] = []
        var leftToHarfBuzz: [String] = []
        var measuredCount = 0
        for a in slots {
            for b in slots {
                let pair = Self.character(a) + Self.character(b)
                let bytes = Array(pair.utf8)
                let segment = TextSegment(start: 0, contentEnd: Int32(bytes.count), shapedEnd: Int32(bytes.count),
                                          end: Int32(bytes.count), isMandatoryBreak: true)
                bytes.withUnsafeBufferPointer { bytes in
                    let reference = Self.harfBuzzMeasure(face, bytes, segment, contextEnd: bytes.count)
                    guard let measured = table.measure(segment, in: bytes, next: nil) else {
                        // Fine only when the pair starts a longer ligature ("ff" of "ffi").
                        if reference.3 == 2, !Self.startsLigature(pair, face, slots) { leftToHarfBuzz.append(pair) }
                        return
                    }
                    measuredCount += 1
                    if measured.width != reference.0 || reference.3 != 2 {
                        mismatches.append("\(pair): \(measured.width) ≠ HarfBuzz \(reference.0) (\(reference.3) glyphs)")
                    }
                }
            }
        }
        // Roboto's Latin is nearly all pairwise: only ligature starts are left to HarfBuzz.
        if font.hasPrefix("Roboto") { #expect(measuredCount * 100 >= slots.count * slots.count * 99) }
        #expect(mismatches.isEmpty, "\(mismatches.count) pairs differ: \(mismatches.prefix(10))")
        #expect(leftToHarfBuzz.isEmpty, "pairs shaped one glyph each but not measured: \(leftToHarfBuzz.prefix(20))")
    }

    /// Whether HarfBuzz shapes `pair` followed by some character of `slots` into fewer glyphs
    /// than characters.
    static func startsLigature(_ pair: String, _ face: FontFace, _ slots: [Int]) -> Bool {
        slots.contains { slot in
            let bytes = Array((pair + character(slot)).utf8)
            var glyphs: [ShapedGlyph] = []
            bytes.withUnsafeBufferPointer { face.shaper.shape($0, range: 0..<$0.count, into: &glyphs) }
            return glyphs.count < 3
        }
    }

    /// Random Latin text cut at its break opportunities: each segment that the table
    /// measures, with the first character of the next as context, has HarfBuzz's width,
    /// trailing whitespace and line-end correction.
    @Test(arguments: fonts)
    func randomSegmentsInContextAgreeWithHarfBuzz(_ font: String) throws {
        let face = try Self.face(font)
        let table = face.pairAdvances
        // Kerning-prone letters, ligature letters, digits, punctuation, accented letters.
        let alphabet = Array("AVTWYLPFfilkjyvwoe.,-'’“”–—…ÀéñßŁžœ0123456789:;!?()/")
        var random = TestCorpus.Random(seed: 0x9A1E)
        var measuredCount = 0
        var mismatches: [String] = []
        for _ in 0..<400 {
            var text = ""
            for w in 0..<Int.random(in: 1...8, using: &random) {
                if w > 0 { text += String(repeating: " ", count: Int.random(in: 1...2, using: &random)) }
                for _ in 0..<Int.random(in: 1...9, using: &random) { text.append(alphabet.randomElement(using: &random)!) }
            }
            if Bool.random(using: &random) { text += " " }
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { bytes in
                let segments = SegmentSplitter.segments(of: bytes)
                for segment in segments {
                    var contextEnd = Int(segment.shapedEnd)
                    if !segment.isMandatoryBreak, let (_, length) = UTF8Scan.scalar(startingAt: Int(segment.end), in: bytes) {
                        contextEnd = Int(segment.end) + length
                    }
                    guard let measured = table.measure(segment, in: bytes, next: contextEnd > Int(segment.shapedEnd) ? Int(segment.end) : nil) else { continue }
                    measuredCount += 1
                    let reference = Self.harfBuzzMeasure(face, bytes, segment, contextEnd: contextEnd)
                    if measured.width != reference.0 || measured.trailing != reference.1
                        || measured.lineEndCorrection != reference.2 {
                        let piece = String(decoding: bytes[Int(segment.start)..<contextEnd], as: UTF8.self)
                        mismatches.append("\"\(piece)\": \(measured) ≠ HarfBuzz \(reference)")
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        if font.hasPrefix("Roboto") { #expect(measuredCount > 1000) }
    }

    /// What the analysis reads from Roboto's own tables (checked by hand with fontTools):
    /// `liga` makes "ff", "fi" and "fl" ligature starts; `ccmp`'s contextual rules for i and j
    /// need a combining mark after them, so i and j still qualify; the `locl` substitutions of
    /// Ą ą Ę ę Ş ş exclude them; `kern` gives "AV" and "To" a negative kerning.
    @Test func robotoTablesAreReadAsTheyAre() throws {
        let face = try Self.face("Roboto-Regular")
        let table = face.pairAdvances
        func qualifies(_ character: Character) -> Bool {
            table.qualifies(slot: PairAdvances.slot(of: character.unicodeScalars.first!.value))
        }
        for character in "ijfl0123456789/AVTo" { #expect(qualifies(character), "\(character)") }
        for character in "ĄąĘęŞş" { #expect(!qualifies(character), "\(character)") }
        func width(_ text: String) -> Int32? {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBufferPointer { bytes in
                table.measure(TextSegment(start: 0, contentEnd: Int32(bytes.count), shapedEnd: Int32(bytes.count),
                                          end: Int32(bytes.count), isMandatoryBreak: true),
                              in: bytes, next: nil)?.width
            }
        }
        for ligature in ["ff", "fi", "fl", "office"] { #expect(width(ligature) == nil, "\(ligature)") }
        for pair in ["AV", "To"] {
            let pairWidth = try #require(width(pair))
            let alone = try #require(width(String(pair.first!))) + #require(width(String(pair.last!)))
            #expect(pairWidth < alone, "\(pair)")
        }
    }

    /// The check every new table passes walks every pair of its ASCII characters: the
    /// sequence it shapes holds each ordered pair of `0..<k` as neighbours.
    @Test func deBruijnSequenceHoldsEveryPair() {
        for k in [1, 2, 3, 10, 95] {
            let sequence = PairAdvances.deBruijnPairs(k)
            #expect(sequence.count == k * k + 1)
            let pairs = Set(zip(sequence, sequence.dropFirst()).map { $0 * k + $1 })
            #expect(pairs.count == k * k)
        }
    }

    /// A `GPOS` table overwritten with noise: whatever the analysis makes of it, every width the
    /// table gives is the width HarfBuzz gives on the same damaged font — the table checks
    /// itself against HarfBuzz when built — and nothing traps.
    @Test func damagedPositioningTableNeverChangesAWidth() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: BundledFonts.path(named: "Roboto-Regular")!))
        let bytes = [UInt8](original)
        let gpos = try #require(Self.tableRecord("GPOS", in: bytes))
        var random = TestCorpus.Random(seed: 0xDA3A)
        for round in 0..<6 {
            var damaged = bytes
            // Keep the header (so the table is read) and scribble over a stretch after it.
            let from = gpos.offset + 10 + round * 97
            for i in from..<min(from + 400, gpos.offset + gpos.length) { damaged[i] = UInt8.random(in: 0...255, using: &random) }
            let face = try FontFace(bytes: damaged, label: "damaged GPOS \(round)")
            let table = face.pairAdvances
            for text in ["AVATAR", "Tomorrow", "WAVY", "yellow", "Kerning", "LT"] {
                let utf8 = Array(text.utf8)
                utf8.withUnsafeBufferPointer { utf8 in
                    let segment = TextSegment(start: 0, contentEnd: Int32(utf8.count), shapedEnd: Int32(utf8.count),
                                              end: Int32(utf8.count), isMandatoryBreak: true)
                    guard let measured = table.measure(segment, in: utf8, next: nil) else { return }
                    #expect(measured.width == Self.harfBuzzMeasure(face, utf8, segment, contextEnd: utf8.count).0, "\(text)")
                }
            }
        }
    }

    /// The offset and length of table `tag` in an OpenType file's table directory.
    static func tableRecord(_ tag: String, in bytes: [UInt8]) -> (offset: Int, length: Int)? {
        func u32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        for k in 0..<count {
            let record = 12 + 16 * k
            if String(decoding: bytes[record..<record + 4], as: UTF8.self) == tag {
                return (u32(record + 8), u32(record + 12))
            }
        }
        return nil
    }
}
