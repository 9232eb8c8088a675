import Testing
import TestSupport
import TextMetrics
import CellLayout
@testable import ConstraintLayout

/// The solver path keeps prepared texts by their bytes, as the fast path does: a text spelled
/// with other bytes — canonically equivalent or not — is another text, measured from its own
/// bytes.
@Suite struct TextCacheSpellingTests {
    static let template = #"{"width": 200, "scale": 2, "root": {"text": "title", "font": "Roboto-Regular", "size": 15}}"#

    @Test func canonicallyEquivalentSpellingsAreTwoTexts() throws {
        let compiler = try TemplateConstraintCompiler(CellTemplate(json: Self.template))
        let precomposed = try RowData(json: #"{"title": "caf\u00e9 cr\u00e8me"}"#)
        let decomposed = try RowData(json: #"{"title": "cafe\u0301 cre\u0300me"}"#)
        #expect(try precomposed.labelText("title") == decomposed.labelText("title"))  // String equality: equivalent
        _ = try compiler.height(for: precomposed)
        _ = try compiler.height(for: decomposed)
        #expect(compiler.cachedTextCount == 2)
        // Each is measured from its own bytes: the same as a compiler that has seen only it.
        for row in [precomposed, decomposed] {
            let alone = try TemplateConstraintCompiler(CellTemplate(json: Self.template))
            #expect(try compiler.solve(row).items.map(\.frame) == alone.solve(row).items.map(\.frame))
        }
    }
}
