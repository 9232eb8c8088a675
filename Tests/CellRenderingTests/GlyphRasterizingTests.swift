import Foundation
import Testing
import TextMetrics
@testable import CellRendering

@Suite struct GlyphRasterizingTests {
    @Test(arguments: ["H", "g", "o"])
    func outlineGlyphCoversItsBoundingBox(character: String) throws {
        let face = try FontLibrary.shared.face(named: "Roboto-Regular")
        let scalar = try #require(character.unicodeScalars.first)
        let glyph = try #require(face.glyphID(for: scalar))
        let image = try #require(face.glyphImage(glyphID: glyph, pixelsPerEm: 100))
        let outline = try GlyphOutlineBounds(path: #require(BundledFonts.path(named: "Roboto-Regular")))
        let box = try #require(outline.box(ofGlyph: Int(glyph)))
        let k = 100.0 / Double(outline.unitsPerEm)
        // The inked pixels (coverage above a trace), in pixel coordinates relative to the pen and baseline.
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in 0..<image.height {
            for x in 0..<image.width where image.alpha(x: x, y: y) > 8 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        #expect(image.format == .coverage)
        #expect(abs(Double(image.left + minX) - Double(box.xMin) * k) <= 1)
        #expect(abs(Double(image.left + maxX + 1) - Double(box.xMax) * k) <= 1)
        #expect(abs(Double(image.top - minY) - Double(box.yMax) * k) <= 1)
        #expect(abs(Double(image.top - maxY - 1) - Double(box.yMin) * k) <= 1)
    }

    @Test func subpixelOffsetShiftsTheInk() throws {
        let face = try FontLibrary.shared.face(named: "Roboto-Regular")
        let glyph = try #require(face.glyphID(for: "l"))
        let plain = try #require(face.glyphImage(glyphID: glyph, pixelsPerEm: 40))
        let shifted = try #require(face.glyphImage(glyphID: glyph, pixelsPerEm: 40, offsetX: 0.5))
        func centroid(_ image: GlyphImage) -> Double {
            var sum = 0.0, weight = 0.0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let a = Double(image.alpha(x: x, y: y))
                    sum += a * (Double(image.left + x) + 0.5)
                    weight += a
                }
            }
            return sum / weight
        }
        #expect(abs(centroid(shifted) - centroid(plain) - 0.5) < 0.05)
    }

    /// Whether the bitmap-only emoji face loads: FreeType reports 0 units per em for it, which
    /// `FreeTypeFace` has to read from `head` itself; until it does, this check cannot run.
    static let emojiFaceLoads = (try? FontLibrary.shared.face(named: "NotoColorEmoji")) != nil

    @Test(.enabled(if: emojiFaceLoads, "Noto Color Emoji does not load yet (units per em from FreeType is 0)"))
    func colorEmojiComesFromAScaledBitmapStrike() throws {
        let face = try FontLibrary.shared.face(named: "NotoColorEmoji")
        let glyph = try #require(face.glyphID(for: "\u{1F600}"))
        let image = try #require(face.glyphImage(glyphID: glyph, pixelsPerEm: 40))
        #expect(image.format == .bgra)
        // Emoji are about one em wide: the strike was scaled down to the size asked for.
        #expect(image.width >= 36 && image.width <= 52)
        #expect(image.height >= 36 && image.height <= 52)
        var opaque = 0
        for y in 0..<image.height { for x in 0..<image.width where image.alpha(x: x, y: y) == 255 { opaque += 1 } }
        #expect(opaque > image.width * image.height / 3)
    }

    @Test func missingGlyphAndBadSizeGiveNil() throws {
        let face = try FontLibrary.shared.face(named: "Roboto-Regular")
        #expect(face.glyphImage(glyphID: 1_000_000, pixelsPerEm: 20) == nil)
        #expect(face.glyphImage(glyphID: 1, pixelsPerEm: 0) == nil)
        #expect(face.glyphID(for: "\u{4E2D}") == nil)
    }

    @Test func spaceIsAnEmptyImage() throws {
        let face = try FontLibrary.shared.face(named: "Roboto-Regular")
        let glyph = try #require(face.glyphID(for: " "))
        let image = try #require(face.glyphImage(glyphID: glyph, pixelsPerEm: 20))
        #expect(image.isEmpty)
    }
}
