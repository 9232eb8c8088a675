import Foundation
import Testing
import TextMetrics
@testable import CellRendering

@Suite struct TextRenderingTests {
    @Test func glyphsFollowTheMeasuredLines() throws {
        let font = try Font(named: "Roboto-Regular", size: 15)
        let prepared = try PreparedText("Hello, wrapping world of glyphs", font: font)
        let layout = prepared.layout(in: try TextContainer(width: 100))
        let lines = prepared.glyphs(for: layout)
        #expect(lines.count == layout.lineCount)
        for (line, glyphs) in zip(layout.lines, lines) {
            let last = try #require(glyphs.last)
            // The glyphs span the measured width (whitespace hangs and is not drawn).
            #expect(abs(last.x + last.advance - line.width) < 0.01)
            #expect(glyphs.allSatisfy { $0.y == 0 })
        }
    }

    @Test func truncatedLineEndsWithTheEllipsis() throws {
        let font = try Font(named: "Roboto-Regular", size: 15)
        let prepared = try PreparedText("A long line that will not fit in the width given", font: font)
        let layout = prepared.layout(in: try TextContainer(width: 120, numberOfLines: 1, lineBreakMode: .truncateTail))
        let line = try #require(layout.lines.first)
        #expect(line.truncation != nil)
        let glyphs = prepared.glyphs(for: line)
        let ellipsis = try #require(font.face.glyphID(for: "\u{2026}"))
        let last = try #require(glyphs.last)
        #expect(last.glyphID == ellipsis)
        #expect(abs(last.x + last.advance - line.width) < 0.01)
        #expect(line.width <= 120)
    }

    @Test func drawnTextStaysInsideItsBoxAndIsDark() throws {
        let font = try Font(named: "Roboto-Regular", size: 15)
        let prepared = try PreparedText("Hyphenation? Typography, quickly jumping.", font: font)
        let layout = prepared.layout(in: try TextContainer(width: 150))
        var canvas = Canvas(width: 170, height: layout.size.height + 20, scale: 2)
        TextRenderer(color: .black).draw(layout, of: prepared, atX: 10, y: 10, in: &canvas)
        let image = canvas.image
        var dark = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].brightness < 128 {
                dark += 1
                // Ink stays within the layout box, with a pixel of slack for overhangs.
                #expect(x >= 19 && x <= 20 + Int(layout.size.width * 2) + 1)
                #expect(y >= 19 && y <= 20 + Int(layout.size.height * 2) + 1)
            }
        }
        #expect(dark > 300)
    }

    @Test func pngRoundTripKeepsEveryPixel() throws {
        var canvas = Canvas(width: 30, height: 20, scale: 1)
        canvas.fill(x: 5, y: 5, width: 10, height: 4, color: Color(rgb: 0x336699))
        canvas.fill(x: 0, y: 0, width: 3, height: 3, color: Color(red: 255, green: 0, blue: 0, alpha: 128))
        canvas.strokeOutline(x: 0, y: 0, width: 30, height: 20, color: Color(rgb: 0x00AA00))
        let path = NSTemporaryDirectory() + "textmetrics-roundtrip-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNGFile.write(canvas.image, to: path)
        let read = try PNGFile.read(from: path)
        #expect(read == canvas.image)
        #expect(read[6, 6] == Color(rgb: 0x336699))
        #expect(read[0, 10] == Color(rgb: 0x00AA00))
        #expect(read[1, 1] == Color(red: 255, green: 127, blue: 127))
    }

    @Test func readingAMissingFileThrows() {
        #expect(throws: PNGError.self) { try PNGFile.read(from: "/nonexistent/file.png") }
    }

    @Test func writesAPictureToLookAt() throws {
        let font = try Font(named: "Roboto-Regular", size: 17)
        let prepared = try PreparedText("Hello, wrapping world — AVATAR fj Wy! A second paragraph follows here.", font: font)
        let layout = prepared.layout(in: try TextContainer(width: 200, numberOfLines: 3, lineBreakMode: .truncateTail))
        var canvas = Canvas(width: 220, height: layout.size.height + 20, scale: 2)
        TextRenderer().draw(layout, of: prepared, atX: 10, y: 10, in: &canvas)
        try PNGFile.write(canvas.image, to: NSTemporaryDirectory() + "textmetrics-text-sample.png")
    }
}
