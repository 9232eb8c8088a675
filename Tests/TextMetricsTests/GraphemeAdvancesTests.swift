import Testing
import TestSupport
import TextSegmentation
@testable import TextMetrics

/// How a segment's glyph advances are shared out among its grapheme clusters, for breaking
/// inside a word: checked against hb-shape's own advances.
@Suite struct GraphemeAdvancesTests {
    /// The graphemes of `text`, a segment by itself, with their advances in `font`.
    static func graphemes(_ text: String, _ font: String) throws -> (face: FontFace, advances: GraphemeAdvances) {
        let face = try FontLibrary.shared.face(named: font)
        let bytes = Array(text.utf8)
        let segment = TextSegment(start: 0, contentEnd: Int32(bytes.count), shapedEnd: Int32(bytes.count),
                                  end: Int32(bytes.count), isMandatoryBreak: true)
        let advances = bytes.withUnsafeBufferPointer { bytes in
            CutMeasurer(face: Unmanaged.passUnretained(face), properties: nil, runEnd: bytes.count)
                .graphemes(of: SegmentPiece(segment), in: bytes)
        }
        return (face, advances)
    }

    @Test func aLigatureOverSeveralGraphemesIsSplitEvenlyAmongThem() throws {
        // Roboto ligates the "ffi" of "office" into one glyph, one HarfBuzz cluster over three
        // graphemes: each gets a third of it, and the advances still add up to the word's.
        let (face, graphemes) = try Self.graphemes("office", "Roboto-Regular")
        let total = try HBShapeReference.advances(fontPath: face.path, unitsPerEm: Int(face.metrics.unitsPerEm),
                                                  strings: ["office"])[0]
        let ligature = try HBShapeReference.advances(fontPath: face.path, unitsPerEm: Int(face.metrics.unitsPerEm),
                                                     strings: ["ffi"])[0]
        #expect(graphemes.ends == [1, 2, 3, 4, 5, 6])
        #expect(graphemes.advances.reduce(0, +) == Int32(total))
        let thirds = Array(graphemes.advances[1...3])
        #expect(thirds.reduce(0, +) == Int32(ligature), "\(graphemes.advances)")
        #expect(thirds.max()! - thirds.min()! <= 1, "\(graphemes.advances)")
    }

    @Test func regionalIndicatorsLigatedAcrossClustersShareTheirGlyphs() throws {
        // Noto Color Emoji pairs 🇺🇯🇵🇯🇵… as 🇺, 🇯🇵, 🇯🇵…, across the graphemes 🇺🇯, 🇵🇯…, and
        // HarfBuzz gives every glyph of the run one cluster: none of the graphemes after the
        // first may be left without width.
        let text = "🇺" + String(repeating: "🇯🇵", count: 5)
        let (face, graphemes) = try Self.graphemes(text, "NotoColorEmoji")
        let total = try HBShapeReference.advances(fontPath: face.path, unitsPerEm: Int(face.metrics.unitsPerEm),
                                                  strings: [text])[0]
        #expect(graphemes.advances.count == 6)
        #expect(graphemes.advances.reduce(0, +) == Int32(total))
        #expect(graphemes.advances.max()! - graphemes.advances.min()! <= 1, "\(graphemes.advances)")
    }
}
