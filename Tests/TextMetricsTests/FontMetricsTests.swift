import Testing
import TestSupport
@testable import TextMetrics

@Suite struct FontMetricsTests {
    @Test(arguments: BundledFonts.names)
    func metricsMatchTheFontsOwnTables(name: String) throws {
        let path = try #require(BundledFonts.path(named: name))
        let face = try FontLibrary.shared.face(named: name)
        let tables = try SfntTables(path: path).verticalMetrics()
        #expect(face.metrics.unitsPerEm == tables.unitsPerEm)
        if tables.useTypoMetrics {
            #expect(face.metrics.ascender == tables.typoAscender)
            #expect(face.metrics.descender == tables.typoDescender)
            #expect(face.metrics.lineGap == tables.typoLineGap)
        } else {
            #expect(face.metrics.ascender == tables.hheaAscender)
            #expect(face.metrics.descender == tables.hheaDescender)
            #expect(face.metrics.lineGap == tables.hheaLineGap)
        }
        #expect(face.metrics.capHeight == tables.capHeight)
        #expect(face.metrics.xHeight == tables.xHeight)
        let font = try Font(face: face, size: 17)
        let k = 17.0 / Double(tables.unitsPerEm)
        let expected = tables.useTypoMetrics
            ? Double(tables.typoAscender! - tables.typoDescender! + tables.typoLineGap!) * k
            : Double(tables.hheaAscender - tables.hheaDescender + tables.hheaLineGap) * k
        #expect(abs(font.metrics.lineHeight - expected) < 1e-12)
    }
}
