import Foundation
import JSON
import Testing
import TestSupport
import TextMetrics
@testable import CellRendering
import CellLayout

/// Each shared example rendered to a PNG, read back, and checked: its size, its text, its
/// frame outlines and its insets.
@Suite struct CellPictureTests {
    static let examples = Repository.root.appendingPathComponent("Examples").path

    static func engine(_ name: String) throws -> CellLayoutEngine {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(examples)/\(name).json")))
        return try CellLayoutEngine(CellTemplate(jsonBytes: bytes))
    }

    static let singleLabelRows: [RowData] = [
        RowData(["text": "Short"]),
        RowData(["text": "A single label long enough to wrap onto a second and maybe a third line in this cell."]),
    ]

    static let threeLabelRows: [RowData] = [
        RowData(["state": "In progress", "name": "Jordan Lee", "additional": "Detail text.\nA second paragraph."]),
        RowData(["state": "Done, and a state text far too long for the single line it is given here",
                 "name": "A name label of at most three lines, long enough here to need all three of them and then some more words that are cut",
                 "additional": "Detail text without a line limit, wrapping over several lines as detail text does."]),
    ]

    static let feedRows: [RowData] = [
        RowData(["action": "Anna Smith liked this", "options": "•••", "posterName": "Jordan Lee",
                 "posterHeadline": "Principal engineer at Example Corp, writing about text layout, fonts and the performance of feeds",
                 "posterTime": "3h",
                 "posterComment": "Sizing a cell by arithmetic over measured text is much faster than solving constraints.",
                 "contentImage": "image.png", "contentTitle": "Frame arithmetic for feed cells: measuring before drawing",
                 "contentDomain": "example.com", "likes": "12 Likes", "comments": "3 Comments", "shares": "1 Share",
                 "actorComment": "Exactly what our feed needed."]),
        RowData(["action": "Sam shared this", "options": "•••", "posterName": "Kim", "posterHeadline": "Designer",
                 "posterTime": "now", "posterComment": "Short.", "contentImage": "",
                 "contentTitle": "A title", "contentDomain": "example.org", "likes": "1", "comments": "0", "shares": "0"]),
    ]

    static func questionRows() throws -> [RowData] {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(examples)/questions.json")))
        return try #require(try JSONValue.parse(bytes).arrayValue).map { try RowData($0) }
    }

    @Test(arguments: 0..<2) func singleLabel(row: Int) throws {
        try check(engine: Self.engine("single-label"), row: Self.singleLabelRows[row], name: "single-label-\(row)")
    }

    @Test func questionsAndAnswers() throws {
        let engine = try Self.engine("qa")
        for (index, row) in try Self.questionRows().enumerated() {
            try check(engine: engine, row: row, name: "qa-\(index)")
        }
    }

    @Test(arguments: 0..<2) func threeLabels(row: Int) throws {
        try check(engine: Self.engine("three-labels"), row: Self.threeLabelRows[row], name: "three-labels-\(row)")
    }

    @Test(arguments: 0..<2) func feedItem(row: Int) throws {
        try check(engine: Self.engine("feed-item"), row: Self.feedRows[row], name: "feed-item-\(row)")
    }

    @Test(arguments: [1.0, 2.0, 3.0]) func pixelSizeFollowsTheScale(scale: Double) throws {
        let engine = try Self.engine("single-label")
        try check(engine: engine, row: Self.singleLabelRows[1], name: "single-label-at-\(Int(scale))x", scale: scale, width: 301)
    }

    @Test func separatorIsDrawnAtTheBottom() throws {
        let engine = try Self.engine("three-labels")
        let layout = try engine.layout(for: Self.threeLabelRows[0])
        let image = CellRenderer().render(layout).image
        #expect(layout.separatorFrame.height > 0)
        #expect(image[image.width / 2, image.height - 1] == CellColors.separator)
        #expect(image[image.width / 2, image.height - 1 - Int(layout.separatorFrame.height * layout.scale)] != CellColors.separator)
    }

    @Test func renderingIsDeterministic() throws {
        let engine = try Self.engine("feed-item")
        let layout = try engine.layout(for: Self.feedRows[0])
        #expect(CellRenderer().render(layout).image == CellRenderer().render(layout).image)
    }

    // MARK: - Checking one picture

    /// Renders `row`, writes the PNG, reads it back and checks it against the layout.
    private func check(engine: CellLayoutEngine, row: RowData, name: String, scale: Double? = nil, width: Double? = nil) throws {
        let layout = try engine.layout(for: row, width: width, scale: scale)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("textmetrics-cells-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("\(name).png").path
        try PNGFile.write(CellRenderer().render(layout).image, to: path)
        let image = try PNGFile.read(from: path)
        let s = layout.scale

        // The picture is the cell, in pixels.
        #expect(image.width == Int((layout.width * s).rounded()), "\(name): width")
        #expect(image.height == Int((layout.height * s).rounded()), "\(name): height")

        // Text: dark pixels inside every non-empty label's text frame.
        for item in layout.items {
            guard let text = item.text, !text.layout.lines.isEmpty,
                  text.string.contains(where: { !$0.isWhitespace }) else { continue }
            let region = pixels(of: text.frame, scale: s, in: image)
            var dark = 0
            for y in region.rows { for x in region.columns where isInk(image[x, y]) { dark += 1 } }
            #expect(dark > 10, "\(name): no text drawn in \(item.path)")
        }

        // Frames: every item's outline at the middle of each edge; leaves in their own color.
        let outlineColors = Set(CellItem.Kind.allCases.map(CellColors.outline(for:)))
        for item in layout.items {
            let region = pixels(of: item.frame, scale: s, in: image)
            guard region.columns.count >= 2, region.rows.count >= 2 else { continue }
            let midX = (region.columns.lowerBound + region.columns.upperBound) / 2
            let midY = (region.rows.lowerBound + region.rows.upperBound) / 2
            let edges = [(region.columns.lowerBound, midY), (region.columns.upperBound - 1, midY),
                         (midX, region.rows.lowerBound), (midX, region.rows.upperBound - 1)]
            let isLeaf = item.kind == .text || item.kind == .box
            for (x, y) in edges {
                if isLeaf {
                    #expect(image[x, y] == CellColors.outline(for: item.kind), "\(name): \(item.path) outline at (\(x), \(y))")
                } else {
                    #expect(outlineColors.contains(image[x, y]), "\(name): \(item.path) outline at (\(x), \(y))")
                }
            }
        }

        // Insets: the cell's margins as a band, items' own insets as a lighter band.
        let insets = engine.template.insets
        if insets.top * s >= 1 {
            #expect(image[image.width / 2, 0] == CellColors.cellInsets, "\(name): top inset band")
        }
        if insets.left * s >= 1 {
            #expect(image[0, image.height / 2 - 1] == CellColors.cellInsets, "\(name): left inset band")
        }
        for item in layout.items where item.contentFrame.x - item.frame.x >= 2 / s {
            let x = Int(((item.frame.x + item.contentFrame.x) / 2 * s).rounded())
            let y = Int(((item.frame.y + item.frame.height / 2) * s).rounded())
            #expect(image[x, y] == CellColors.itemInsets, "\(name): \(item.path) inset band")
        }
    }

    private func pixels(of rect: Rect, scale: Double, in image: PixelImage) -> (columns: Range<Int>, rows: Range<Int>) {
        let x0 = max(0, Int((rect.x * scale).rounded())), x1 = min(image.width, Int((rect.maxX * scale).rounded()))
        let y0 = max(0, Int((rect.y * scale).rounded())), y1 = min(image.height, Int((rect.maxY * scale).rounded()))
        return (x0..<max(x0, x1), y0..<max(y0, y1))
    }

    /// Text ink: dark gray to black (outline colors all have a bright channel).
    private func isInk(_ color: Color) -> Bool {
        max(color.red, color.green, color.blue) < 110
    }
}
