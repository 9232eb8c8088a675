import Foundation
import JSON
import TestSupport
@testable import TextMetrics
@testable import CellLayout

/// Independent arithmetic for the cell tests: line heights from the fonts' own tables, grid
/// rounding written out, and the examples read from the repository.
enum CellTestSupport {
    static func example(_ name: String) throws -> String {
        try Repository.exampleText(name)
    }

    static func engine(_ name: String) throws -> CellLayoutEngine {
        try CellLayoutEngine(CellTemplate(json: example(name)))
    }

    /// One line's height, `(ascender − descender + lineGap) × size ÷ unitsPerEm`, read from
    /// the font file's `hhea`/`OS/2` tables without FreeType.
    static func lineHeight(_ font: String, _ size: Double) throws -> Double {
        try lineHeight(showing: [font], size)
    }

    /// The height of a line showing every font of `fonts`: the largest ascender plus the
    /// largest descent (and the largest line gap), from each font file's own tables.
    static func lineHeight(showing fonts: [String], _ size: Double) throws -> Double {
        var ascender = 0.0, descent = 0.0, gap = 0.0
        for font in fonts {
            let tables = try SfntTables(path: BundledFonts.path(named: font)!).verticalMetrics()
            let k = size / Double(tables.unitsPerEm)
            let (a, d, g) = tables.useTypoMetrics
                ? (tables.typoAscender!, tables.typoDescender!, tables.typoLineGap!)
                : (tables.hheaAscender, tables.hheaDescender, tables.hheaLineGap)
            ascender = max(ascender, Double(a) * k)
            descent = max(descent, Double(-d) * k)
            gap = max(gap, Double(g) * k)
        }
        return ascender + descent + gap
    }

    /// The number of lines the text measurer gives `text` at `width`.
    static func lines(_ text: String, _ font: String, _ size: Double, width: Double, max limit: Int = 0) throws -> Int {
        try TextMeasurer.layout(text, font: Font(named: font, size: size),
                                in: try TextContainer(width: width, numberOfLines: limit)).lineCount
    }

    /// The text's height on the grid: `ceil(lines × lineHeight × scale) ÷ scale`.
    static func textHeight(_ text: String, _ font: String, _ size: Double, width: Double, max limit: Int = 0,
                           scale: Double) throws -> Double {
        let exact = Double(try lines(text, font, size, width: width, max: limit)) * (try lineHeight(font, size))
        return ceilToGrid(exact, scale: scale)
    }

    /// The single-line width, rounded up to the grid.
    static func naturalWidth(_ text: String, _ font: String, _ size: Double, scale: Double) throws -> Double {
        ceilToGrid(try TextMeasurer.layout(text, font: Font(named: font, size: size)).size.width, scale: scale)
    }

    static func ceilToGrid(_ value: Double, scale: Double) -> Double {
        (value * scale - 1e-9).rounded(.up) / scale
    }

    static func row(_ fields: KeyValuePairs<String, String>) -> RowData { RowData(fields) }

    /// Two grid values are the same pixel.
    static func samePixel(_ a: Double, _ b: Double, scale: Double) -> Bool {
        (a * scale).rounded() == (b * scale).rounded() && abs(a - b) < 1e-9
    }
}
