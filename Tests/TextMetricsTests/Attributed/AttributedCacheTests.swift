import Testing
import TestSupport
@testable import TextMetrics

/// Measuring warm equals measuring cold: what one text leaves in a face's segment cache never
/// changes how another text is measured. References: the same text measured with new faces (a
/// new ``FontLibrary``, empty caches), and `hb-shape`.
@Suite struct AttributedCacheTests {
    /// "ال" ends "السلام"'s first piece where the rest of the word changes size: shaped there,
    /// HarfBuzz reads "سلام" after it, and its lam joins (narrower than alone). Its cache key
    /// must carry that context, or "ال" at the end of another text — nothing after it to join —
    /// would take the joined width from the cache (FuzzAttributedText: cold-warm-1, cold-warm-2).
    @Test func aPieceEndingInsideAWordIsKeyedWithWhatFollows() throws {
        let font = "NotoSansArabic-Regular"
        func endsWithAlefLam(_ library: FontLibrary) throws -> Double {
            try PreparedText("ال", fonts: try FontChain(named: [font], size: 20, library: library))
                .layout(in: .unlimited).size.width
        }
        let cold = try endsWithAlefLam(FontLibrary())
        let library = FontLibrary()
        var larger = TextAttributes()
        larger.size = 37
        let joined = try AttributedText("السلام", style: TextStyle(fonts: try FontChain(named: [font], size: 20, library: library)),
                                        spans: [AttributedText.Span(range: 2..<6, attributes: larger)], in: .scalars)
        _ = try PreparedText(joined).layout(in: .unlimited)
        let warm = try endsWithAlefLam(library)
        #expect(warm == cold)
        // Both are hb-shape's "ال" alone.
        let path = try #require(BundledFonts.path(named: font))
        let upem = try SfntTables(path: path).verticalMetrics().unitsPerEm
        let alone = Double(try HBShapeReference.advances(fontPath: path, unitsPerEm: upem, strings: ["ال"])[0]) * 20 / Double(upem)
        #expect(abs(cold - alone) < 1e-9, "\(cold) vs hb-shape \(alone)")
    }
}
