import ConstraintLayout
import Foundation
import Testing
import TestSupport
import TextMetrics

/// Baseline anchors: a label's first and last baselines from its text's layout (the fonts'
/// own tables give the expected positions), an item's offsets set by hand, the bottom
/// otherwise; and attributed text and a truncation token in a label.
@Suite struct BaselineAnchorTests {
    /// `hhea` ascender and line height of a bundled font at `size`.
    static func metrics(_ font: String, _ size: Double) throws -> (ascent: Double, height: Double) {
        let tables = try SfntTables(path: Repository.root.appendingPathComponent("Fonts/\(font).ttf").path).verticalMetrics()
        let k = size / Double(tables.unitsPerEm)
        return (Double(tables.hheaAscender) * k, Double(tables.hheaAscender - tables.hheaDescender + tables.hheaLineGap) * k)
    }

    @Test func labelsLineUpOnTheirBaselines() throws {
        let engine = LayoutEngine(scale: 2)
        let cell = engine.contentView
        let name = Label(name: "name", text: "Alice", font: try Font(named: "Roboto-Medium", size: 24))
        let time = Label(name: "time", text: "2h", font: try Font(named: "Roboto-Regular", size: 11))
        let badge = LayoutItem(name: "badge")
        let icon = LayoutItem(name: "icon")
        for item in [name, time, badge, icon] { engine.addItem(item) }
        badge.setBaselineOffsets(first: 9, last: 9)
        try engine.activate([
            name.leading.constraint(equalTo: cell.leading), name.top.constraint(equalTo: cell.top, constant: 10),
            time.leading.constraint(equalTo: name.trailing, constant: 4),
            time.firstBaseline.constraint(equalTo: name.firstBaseline),
            badge.leading.constraint(equalTo: time.trailing, constant: 4),
            badge.width.constraint(equalToConstant: 12), badge.height.constraint(equalToConstant: 12),
            badge.firstBaseline.constraint(equalTo: name.firstBaseline),
            icon.leading.constraint(equalTo: badge.trailing, constant: 4),
            icon.width.constraint(equalToConstant: 10), icon.height.constraint(equalToConstant: 10),
            icon.lastBaseline.constraint(equalTo: name.lastBaseline),
            cell.bottom.constraint(greaterThanOrEqualTo: name.bottom),
        ])
        _ = try engine.systemLayoutSizeFitting(width: 320)
        let big = try Self.metrics("Roboto-Medium", 24), small = try Self.metrics("Roboto-Regular", 11)
        // Baselines on the grid of the engine (half points at scale 2).
        func grid(_ value: Double) -> Double { (value * 2).rounded() / 2 }
        let baseline = 10 + grid(big.ascent)
        #expect(abs(engine.value(of: name.firstBaseline) - baseline) < 1e-9)
        #expect(abs(time.frame.y - (baseline - grid(small.ascent))) < 1e-9)
        #expect(abs(badge.frame.y - (baseline - 9)) < 1e-9)
        // An item without offsets has its baselines at its bottom, as an image.
        #expect(abs(icon.frame.maxY - baseline) < 1e-9)
    }

    @Test func aWrappedLabelsLastBaselineFollowsItsWidth() throws {
        let engine = LayoutEngine(scale: 2)
        let cell = engine.contentView
        let body = Label(name: "body", text: "several words that will wrap onto more than one line at this width",
                         font: try Font(named: "Roboto-Regular", size: 15), numberOfLines: 0, lineBreakMode: .wordWrap)
        let marker = LayoutItem(name: "marker")
        engine.addItem(body)
        engine.addItem(marker)
        try engine.activate([
            body.leading.constraint(equalTo: cell.leading), body.trailing.constraint(equalTo: cell.trailing),
            body.top.constraint(equalTo: cell.top),
            marker.lastBaseline.constraint(equalTo: body.lastBaseline),
            marker.leading.constraint(equalTo: cell.leading), marker.width.constraint(equalToConstant: 4),
            marker.height.constraint(equalToConstant: 4),
            cell.bottom.constraint(greaterThanOrEqualTo: body.bottom),
        ])
        let regular = try Self.metrics("Roboto-Regular", 15)
        for width in [140.0, 220, 400] {
            _ = try engine.systemLayoutSizeFitting(width: width)
            let lines = try TextMeasurer.layout(body.text, font: Font(named: "Roboto-Regular", size: 15),
                                                in: TextContainer(width: width)).lineCount
            let expected = ((Double(lines - 1) * regular.height + regular.ascent) * 2).rounded() / 2
            #expect(abs(marker.frame.maxY - expected) < 1e-9, "width \(width): \(lines) lines")
        }
    }

    @Test func aLabelTakesAttributedTextAndAToken() throws {
        let fonts = try FontChain(named: ["Roboto-Regular"], size: 15)
        var text = AttributedText("Thanks @bob for the review, the notes are long enough to need a more token here",
                                  style: TextStyle(fonts: fonts))
        try text.addAttributes(TextAttributes(size: 24), to: 7..<11)
        let label = Label(name: "body", fonts: fonts, numberOfLines: 2, lineBreakMode: .truncateTail)
        try label.setAttributedText(text)
        let big = try TruncationToken(AttributedText("… more", style: TextStyle(fonts: try FontChain(named: ["Roboto-Medium"], size: 30))))
        label.truncationToken = big
        let expected = try PreparedText(text).layout(in: try TextContainer(width: 200, numberOfLines: 2, lineBreakMode: .truncateTail,
                                                                            truncationToken: big))
        let height = try label.intrinsicHeight(forWidth: 200)
        #expect(height == (expected.size.height).rounded(.up))
        let medium30 = try Self.metrics("Roboto-Medium", 30)
        #expect(expected.lines.last!.height >= medium30.height - 1e-9)
    }
}
