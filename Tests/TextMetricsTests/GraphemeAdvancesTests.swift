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

    /// A segment that a quick path measured (pair advances store nothing in the face's cache)
    /// and a line then cut: its advances are kept beside a measure of its own, shaped as the
    /// segment measurer shapes it (with the next segment's first character as context), so a
    /// later layout that cuts it finds them — checked against hb-shape.
    @Test func advancesOfAWordNoShapingMeasuredAreKeptWithItsMeasure() throws {
        let face = try FontLibrary().face(named: "Roboto-Regular")
        let text = "Wavefront Va"
        let bytes = Array(text.utf8)
        // "Wavefront " with "V" after it as context.
        let segment = TextSegment(start: 0, contentEnd: 9, shapedEnd: 10, end: 10, isMandatoryBreak: false)
        let run = RunInFace(faceReference: Unmanaged.passUnretained(face), properties: nil, runEnd: bytes.count)
        let key = try #require(bytes.withUnsafeBufferPointer { run.key(of: segment, $0) })
        #expect(face.segments.measure(for: key) == nil)
        let graphemes = bytes.withUnsafeBufferPointer { bytes in
            CutMeasurer(face: Unmanaged.passUnretained(face), properties: nil, runEnd: bytes.count)
                .graphemes(of: SegmentPiece(segment), in: bytes)
        }
        let kept = try #require(face.segments.measure(for: key))
        // A measure is plain numbers (a cache hit copies it with no reference count); the
        // advances are kept beside it.
        #expect(_isPOD(SegmentMeasure.self))
        let keptGraphemes = face.segments.graphemes(for: key)
        #expect(keptGraphemes?.ends == graphemes.ends)
        #expect(keptGraphemes?.advances == graphemes.advances)
        let glyphs = try HBShapeReference.glyphs(fontPath: face.path, unitsPerEm: Int(face.metrics.unitsPerEm),
                                                 strings: ["Wavefront V"])[0]
        let width = glyphs.filter { $0.cluster < 10 }.reduce(0) { $0 + $1.advance }
        let space = glyphs.filter { $0.cluster == 9 }.reduce(0) { $0 + $1.advance }
        #expect(Int(kept.width) == width)
        #expect(Int(kept.trailingWhitespace) == space)
        #expect(graphemes.advances.reduce(0, +) == Int32(width))
    }
}
