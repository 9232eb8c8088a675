import Foundation
import Testing
import TestSupport
@testable import TextMetrics

/// The tables precomputed for the bundled fonts (``FaceTables``, ``PrecomputedFaceTables``):
/// they must be exactly what the analysis finds — and HarfBuzz confirms — for each face now,
/// and a font changed in what measuring reads must not get them.
///
/// With `TEXTMETRICS_WRITE_FACE_TABLES=1` (what `scripts/generate-face-tables.sh` sets), the
/// first test writes `PrecomputedFaceTables.swift` from the tables it finds instead of
/// comparing.
@Suite struct FaceTablesTests {
    /// Every face of every bundled font file, in name order.
    static func bundledFaces() throws -> [(font: String, faceIndex: Int, face: FontFace)] {
        var faces: [(font: String, faceIndex: Int, face: FontFace)] = []
        for name in BundledFonts.names {
            let path = try #require(BundledFonts.path(named: name))
            let first = try FontFace(path: path)
            faces.append((name, 0, first))
            for index in 1..<max(1, first.faceCount) { faces.append((name, index, try FontFace(path: path, faceIndex: index))) }
        }
        return faces
    }

    /// Whether two context-free tables hold the same characters with the same advances.
    static func same(_ a: ContextFreeAdvances, _ b: ContextFreeAdvances) -> Bool {
        a.entries.elementsEqual(b.entries) { $0.scalar == $1.scalar && $0.advance == $1.advance }
    }

    /// Each bundled face's kept tables equal the tables its analysis finds now (context-free
    /// characters and advances; pair advances and every pair's kerning, checked against
    /// HarfBuzz as they are built), and reading the kept bytes back gives them again.
    @Test func precomputedTablesAreTheTablesFoundNow() throws {
        let writing = ProcessInfo.processInfo.environment["TEXTMETRICS_WRITE_FACE_TABLES"] == "1"
        var generated: [(font: String, checksum: UInt64, hex: String)] = []
        for (font, faceIndex, face) in try Self.bundledFaces() {
            let contextFree = ContextFreeAdvances(shaper: face.shaper, mappedRanges: face.shaper.mappedRanges())
            let pairs = PairAdvances(shaper: face.shaper, contextFree: contextFree)
            let bytes = FaceTables.encode(contextFree, pairs)
            let decoded = try #require(FaceTables.decode(bytes), "\(font) #\(faceIndex)")
            let readBack = Self.same(decoded.contextFree, contextFree) && decoded.pairs.advances == pairs.advances
                && decoded.pairs.kerning == pairs.kerning
            #expect(readBack, "\(font) #\(faceIndex): bytes do not read back")
            generated.append(("\(font) #\(faceIndex)", face.shaper.layoutChecksum(),
                              bytes.map { String(format: "%02x", $0) }.joined()))
            guard !writing else { continue }
            let kept = try #require(FaceTables.precomputed(for: face.shaper),
                                    "\(font) #\(faceIndex) has no precomputed tables: run scripts/generate-face-tables.sh")
            #expect(Self.same(kept.contextFree, contextFree), "\(font) #\(faceIndex): context-free advances differ")
            let samePairs = kept.pairs.advances == pairs.advances && kept.pairs.kerning == pairs.kerning
            #expect(samePairs, "\(font) #\(faceIndex): pair advances differ")
        }
        if writing {
            try Self.write(generated)
            return
        }
        // The faces the library loads use them: their tables are the kept ones.
        let roboto = try FontLibrary.shared.face(named: "Roboto-Regular")
        let usesKept = roboto.pairAdvances.kerning == FaceTables.precomputed(for: roboto.shaper)?.pairs.kerning
        #expect(usesKept)
    }

    /// Roboto with one byte changed in each table measuring reads (`cmap`, `hmtx`, `GSUB`,
    /// `GPOS`, `GDEF`): another checksum, so no precomputed tables; the face finds and checks
    /// its own (what `PairAdvancesTests` checks on a damaged `GPOS`). A byte changed in the
    /// glyph outlines (`glyf`) changes nothing measuring reads.
    @Test func aFontChangedWhereMeasuringReadsIsNotTrusted() throws {
        let path = try #require(BundledFonts.path(named: "Roboto-Regular"))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let original = try FontFace(bytes: bytes, label: "Roboto copy")
        #expect(FaceTables.precomputed(for: original.shaper) != nil)
        for tag in ["cmap", "hmtx", "GSUB", "GPOS", "GDEF"] {
            let table = try #require(PairAdvancesTests.tableRecord(tag, in: bytes), "\(tag)")
            var changed = bytes
            changed[table.offset + table.length / 2] ^= 0x01
            let face = try FontFace(bytes: changed, label: "Roboto, \(tag) changed")
            #expect(face.shaper.layoutChecksum() != original.shaper.layoutChecksum(), "\(tag)")
            #expect(FaceTables.precomputed(for: face.shaper) == nil, "\(tag)")
        }
        let glyf = try #require(PairAdvancesTests.tableRecord("glyf", in: bytes))
        var outlines = bytes
        outlines[glyf.offset + glyf.length / 2] ^= 0x01
        #expect(try FontFace(bytes: outlines).shaper.layoutChecksum() == original.shaper.layoutChecksum())
    }

    /// Damaged bytes are refused, not trusted: truncated, or of another format version.
    @Test func damagedBytesAreRefused() throws {
        let face = try FontLibrary.shared.face(named: "Roboto-Regular")
        let bytes = FaceTables.encode(face.contextFreeAdvances, face.pairAdvances)
        #expect(FaceTables.decode(Array(bytes.dropLast())) == nil)
        #expect(FaceTables.decode(bytes + [0]) == nil)
        var other = bytes
        other[0] = 2
        #expect(FaceTables.decode(other) == nil)
    }

    /// Writes `PrecomputedFaceTables.swift` (sorted by font and face, so the file is the same
    /// for the same fonts and HarfBuzz).
    static func write(_ entries: [(font: String, checksum: UInt64, hex: String)]) throws {
        var text = """
            // This file is generated by scripts/generate-face-tables.sh. Do not edit it by hand.

            /// The context-free and pair advances of the bundled fonts' faces (see ``FaceTables``),
            /// found and checked against HarfBuzz `harfBuzzVersion` when the file was generated.
            enum PrecomputedFaceTables {
                /// The HarfBuzz version the tables were checked against; with another, none is used.
                static let harfBuzzVersion = "\(HarfBuzzFont.version)"
                /// Per face: its font file and face index (for people), its ``HarfBuzzFont/layoutChecksum()``
                /// (what it is found by), and its tables in ``FaceTables``' bytes, as hexadecimal.
                static let entries: [(font: String, checksum: UInt64, tables: StaticString)] = [

            """
        for entry in entries.sorted(by: { $0.font < $1.font }) {
            text += "        (\"\(entry.font)\", 0x\(String(entry.checksum, radix: 16, uppercase: true)),\n"
            var hex = Substring(entry.hex)
            text += "         \"\"\"\n"
            while !hex.isEmpty {
                text += "         " + hex.prefix(100) + (hex.count > 100 ? "\\" : "") + "\n"
                hex = hex.dropFirst(100)
            }
            text += "         \"\"\"),\n"
        }
        text += "    ]\n}\n"
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/TextMetrics/Measuring/Generated/PrecomputedFaceTables.swift")
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}
