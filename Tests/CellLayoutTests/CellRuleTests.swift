import Foundation
import JSON
import Testing
@testable import TextMetrics
@testable import CellLayout

/// The layout rules one at a time, on small templates.
@Suite struct CellRuleTests {
    typealias S = CellTestSupport

    @Test func growthSharesTheRestByWeight() throws {
        // 300 wide: a fixed 40 box, spacing 10 × 3, a natural-width label, and growers 1 : 2.
        let template = CellTemplate(width: 300, scale: 2, root: .row(spacing: 10, [
            .box(width: 40, height: 40),
            .text("tag", size: 13, numberOfLines: 1),
            .box(height: 10, grow: 1),
            .column([.text("body", size: 13)], grow: 2),
        ]))
        let layout = try CellLayoutEngine(template).layout(for: S.row(["tag": "new", "body": "text"]))
        let tag = try S.naturalWidth("new", "Roboto-Regular", 13, scale: 2)
        let rest = 300 - 40 - 3 * 10 - tag
        // floor(rest × 1/3) and floor(rest × 2/3) in pixels; the spare pixel goes to the first.
        let restPixels = Int(rest * 2)
        var first = restPixels / 3, second = restPixels * 2 / 3
        if first + second < restPixels { first += 1 }
        #expect(layout.items[2].frame.width == tag)
        #expect(layout.items[3].frame.width == Double(first) / 2)
        #expect(layout.items[4].frame.width == Double(second) / 2)
        #expect(layout.items[4].frame.maxX == 300)
        #expect(layout.height == 40)  // the tallest item
    }

    @Test func rowAlignment() throws {
        func frameY(_ align: CellItem.Alignment) throws -> (Double, Double) {
            let template = CellTemplate(width: 200, scale: 2, root: .row(align: align, [
                .box(width: 50, height: 51), .box(width: 50, height: 20),
            ]))
            let box = try CellLayoutEngine(template).layout(for: S.row([:])).items[2].frame
            return (box.y, box.height)
        }
        #expect(try frameY(.start) == (0, 20))
        #expect(try frameY(.center) == (15.5, 20))  // (51 − 20) / 2 = 15.5, on the @2x grid
        #expect(try frameY(.end) == (31, 20))
        #expect(try frameY(.fill) == (0, 51))
    }

    @Test func columnAlignmentUsesNaturalWidths() throws {
        let template = CellTemplate(width: 200, scale: 1, root: .column(align: .trailing, [.text("t", size: 15)]))
        let layout = try CellLayoutEngine(template).layout(for: S.row(["t": "Hi"]))
        let width = try S.naturalWidth("Hi", "Roboto-Regular", 15, scale: 1)
        #expect(layout.items[1].frame == Rect(x: 200 - width, y: 0, width: width,
                                              height: try S.textHeight("Hi", "Roboto-Regular", 15, width: 200, scale: 1)))
    }

    @Test func absentItemsTakeNoSpaceAndNoSpacing() throws {
        let template = CellTemplate(width: 100, scale: 2, root: .column(spacing: 7, [
            .box(height: 10), .box(height: 20, if: "photo"), .box(height: 30),
        ]))
        let engine = try CellLayoutEngine(template)
        #expect(try engine.height(for: S.row(["photo": "x.png"])) == 10 + 7 + 20 + 7 + 30)
        #expect(try engine.height(for: S.row([:])) == 10 + 7 + 30)
        #expect(try engine.height(for: RowData(json: #"{"photo": null}"#)) == 10 + 7 + 30)
        #expect(try engine.height(for: RowData(json: #"{"photo": []}"#)) == 10 + 7 + 30)
        #expect(try engine.height(for: RowData(json: #"{"photo": 0}"#)) == 10 + 7 + 20 + 7 + 30)
    }

    @Test func minHeightAppliesToTheBoxWithInsets() throws {
        let item = CellItem.text("t", size: 15, insets: EdgeInsets(top: 10, left: 15, bottom: 10, right: 15), minHeight: 44)
        let engine = try CellLayoutEngine(CellTemplate(width: 375, scale: 2, root: .column([item])))
        let one = try S.textHeight("Yes", "Roboto-Regular", 15, width: 345, scale: 2)
        #expect(one + 20 < 44)
        #expect(try engine.height(for: S.row(["t": "Yes"])) == 44)  // wins
        let long = String(repeating: "a fairly long answer ", count: 10)
        let many = try S.textHeight(long, "Roboto-Regular", 15, width: 345, scale: 2)
        #expect(try engine.height(for: S.row(["t": long])) == many + 20)  // loses
    }

    @Test func numberOfLinesCutsOff() throws {
        let long = String(repeating: "words that wrap ", count: 30)
        for limit in [1, 2, 3, 0] {
            let engine = try CellLayoutEngine(CellTemplate(width: 200, scale: 2, root: .text("t", size: 15, numberOfLines: limit)))
            let lines = try S.lines(long, "Roboto-Regular", 15, width: 200, max: limit)
            if limit > 0 { #expect(lines == limit) }
            #expect(try engine.height(for: S.row(["t": long]))
                    == S.ceilToGrid(Double(lines) * S.lineHeight("Roboto-Regular", 15), scale: 2))
        }
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func scaleRounding(scale: Double) throws {
        let engine = try S.engine("single-label.json")
        let text = String(repeating: "text to wrap ", count: 20)
        let lines = try S.lines(text, "Roboto-Regular", 14, width: 300)
        let exact = Double(lines) * (try S.lineHeight("Roboto-Regular", 14))
        let height = try engine.height(for: S.row(["text": text]), scale: scale)
        // ceil to the grid: the smallest multiple of 1/scale at or above the exact height.
        let onGrid = (exact * scale).rounded(.up) / scale
        #expect(exact * scale != (exact * scale).rounded())  // really rounded
        #expect(S.samePixel(height, max(onGrid, 44) + 20, scale: scale))
    }

    @Test func widthChangesRewrap() throws {
        let engine = try S.engine("single-label.json")
        let text = String(repeating: "rotate the phone ", count: 15)
        for width in [320.0, 375, 812] {
            let expected = max(try S.textHeight(text, "Roboto-Regular", 14, width: width - 20, scale: 2), 44) + 20
            #expect(try engine.height(for: S.row(["text": text]), width: width) == expected)
        }
    }

    @Test func preparedCellsMatchAtEveryWidth() throws {
        let engine = try S.engine("feed-item.json")
        let row = RowData(CellExampleTests.feedRow)
        let cell = try engine.prepare(row)
        for width in [320.0, 375, 414, 768] {
            #expect(try engine.height(for: cell, width: width) == engine.height(for: row, width: width))
            #expect(try engine.layout(for: cell, width: width).items.map(\.frame)
                    == engine.layout(for: row, width: width).items.map(\.frame))
        }
    }

    @Test func estimateIsWithinAnOrderOfMagnitude() throws {
        let engine = try S.engine("qa.json")
        for value in try JSONValue.parse(S.example("questions.json")).arrayValue! {
            let row = try RowData(value)
            let real = try engine.height(for: row), guess = engine.estimatedHeight(for: row)
            #expect(guess > real / 10 && guess < real * 10)
        }
        #expect(engine.estimatedHeight() > 44)
    }

    // MARK: - Errors name the item

    @Test(arguments: [
        (#"{"width": 1, "root": {"column": {"items": [{"box": {"height": 1}}, {"box": {"height": 1}}, {"box": {"height": 1}}, {"text": "a", "colour": "red"}]}}}"#,
         #"root.column.items[3].text: unknown key "colour""#),
        (#"{"root": {"row": {"items": [{"box": {"width": 50}}]}}}"#, #"root.row.items[0].box: a box needs a "height""#),
        (#"{"root": {"column": {"spacing": -1, "items": []}}}"#, #"root.column: "spacing" must be a non-negative"#),
        (#"{"root": {"text": "a", "size": "big"}}"#, #"root.text: "size" must be a number"#),
        // Past TemplateLimits: pixels that would not add up in integers (found by FuzzCellTemplate).
        (#"{"root": {"text": "a", "minHeight": 4.8e45}}"#,
         #"root.text: "minHeight" must be a non-negative finite number of at most 1000000, got 4.8e+45"#),
        (#"{"root": {"box": {"height": 10, "aspectRatio": 1e300}}}"#, #"root.box: "aspectRatio" must be a positive finite"#),
        (#"{"scale": 1e300, "root": {"text": "a"}}"#, #"template: "scale" must be a positive finite number of at most 1000,"#),
        (#"{"root": {"text": "a", "size": 2e6}}"#, #"root.text: "size" must be a positive finite number of at most 1000000"#),
        (#"{"root": {"text": "a", "font": "NoSuchFont"}}"#, "root.text: font not found"),
        (#"{"widht": 3, "root": {"text": "a"}}"#, #"template: unknown key "widht""#),
        (#"{"root": {"row": {"align": "leading", "items": []}}}"#, #"root.row: "align" of a row must be one of"#),
        (#"{"root": {"row": {"if": "a", "items": []}, "if": "b"}}"#, #"root.row: "if" is given both"#),
        (#"{"root": {"picture": {}}}"#, "root: an item needs one of"),
    ])
    func templateErrors(json: String, message: String) {
        #expect {
            try CellLayoutEngine(json: json)
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test func layoutErrorsNameTheItem() throws {
        let qa = try S.engine("qa.json")
        #expect(throws: TemplateError(path: "root.column.items[1].text", reason: "the row has no field \"answer\"")) {
            try qa.height(for: S.row(["question": "Q"]))
        }
        let tight = try CellLayoutEngine(CellTemplate(width: 100, root: .row(spacing: 8, [.box(width: 50, height: 1), .box(width: 50, height: 1)])))
        #expect {
            try tight.height(for: S.row([:]))
        } throws: { error in
            (error as? TemplateError)?.path == "root.row" && "\(error)".contains("need 108.0 pt but it has 100.0 pt")
        }
    }

    @Test func badRowsInABatchGetErrorsAndTheOthersHeights() throws {
        let engine = try S.engine("qa.json")
        var rows = (0..<500).map { S.row(["question": "Question \($0)?", "answer": "Answer number \($0)."]) }
        rows[137] = S.row(["question": "no answer"])
        rows[400] = try RowData(json: #"{"question": "Q", "answer": ["not", "text"]}"#)
        let heights = try FeedHeights(rows, engine: engine)
        #expect(heights.errors.keys.sorted() == [137, 400])
        #expect(heights.error(ofRow: 137)?.path == "root.column.items[1].text")
        for index in [0, 136, 138, 399, 499] {
            #expect(heights[index] == (try engine.height(for: rows[index])))
        }
        let prepared = PreparedFeed(rows, engine: engine)
        #expect(prepared.errors.keys.sorted() == [137, 400])
        let again = try prepared.heights(width: 375)
        #expect(again.pixels == heights.pixels)
        #expect(again.errors.keys.sorted() == [137, 400])
        // A row's prepared cell, out of the feed's arrays, is the one the engine prepares alone.
        #expect(prepared.count == rows.count && prepared[137] == nil && prepared[400] == nil)
        for index in [0, 136, 138, 499] {
            let cell = try #require(prepared[index])
            let alone = try engine.prepare(rows[index])
            #expect(cell.strings == alone.strings)
            #expect(try engine.height(for: cell, width: 200) == (try engine.height(for: alone, width: 200)))
            #expect(try engine.height(for: cell, width: 200) == (try engine.height(for: rows[index], width: 200)))
        }
    }

    /// Frame arithmetic's own rounding equals the standard library's: to nearest with halves
    /// away from zero, and up to the grid with a 1e-9 tolerance, on halves, near-halves,
    /// negatives and random lengths at scales 1, 2 and 3.
    @Test func pixelRoundingMatchesTheStandardLibrary() {
        var values: [Double] = [0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.49999999999999994, 1e6 + 0.5, 17.000000000001, 44.9999999999]
        var state: UInt64 = 0xF4A3
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            values.append(Double(Int64(bitPattern: state) >> 20) / 1024)  // many exact halves and quarters
            values.append(Double(state >> 11) / Double(1 << 53) * 2000 - 1000)
        }
        for value in values {
            #expect(PixelRounding.nearest(value) == Int(value.rounded()), "\(value)")
            for scale in [1.0, 2.0, 3.0] {
                let pixels = value * scale
                let near = pixels.rounded()
                let expected = abs(pixels - near) < 1e-9 * max(1, abs(pixels)) ? Int(near) : Int(pixels.rounded(.up))
                #expect(PixelRounding.ceil(value, scale: scale) == expected, "\(value) @\(scale)x")
            }
        }
    }

    /// The text cache keys texts by their bytes: canonically equivalent spellings (which a
    /// font may draw differently) are different keys; equal bytes from different storage match.
    @Test func textCacheKeysAreBytes() {
        let composed = TextCache.Key(font: 0, text: "caf\u{E9}")
        let decomposed = TextCache.Key(font: 0, text: "cafe\u{301}")
        #expect("caf\u{E9}" == "cafe\u{301}")  // equal as Swift strings
        #expect(composed != decomposed)
        let built = String(["c", "a", "f", "\u{E9}"].joined())
        #expect(TextCache.Key(font: 0, text: built) == composed)
        #expect(TextCache.Key(font: 1, text: built) != composed)
        let cache = TextCache(capacity: 16)
        #expect(cache.get(decomposed) == nil)
    }

    /// A row's text object is a key by its bytes too: canonically equivalent spellings inside
    /// it (its text, a span's style name) are other texts, while the same object parsed twice
    /// is the same key, and other spans make another key.
    @Test func textObjectKeysAreBytes() throws {
        func key(_ json: String) throws -> TextCache.Key {
            guard case .object(let members) = try JSONValue.parse(json) else { throw TemplateError(path: "", reason: "not an object") }
            return TextCache.Key(font: -1, text: "", members: members)
        }
        let composed = #"{"text": "caf\u00e9 @bob", "spans": [{"start": 6, "end": 10, "style": "mention"}]}"#
        let decomposed = #"{"text": "cafe\u0301 @bob", "spans": [{"start": 7, "end": 11, "style": "mention"}]}"#
        #expect(try JSONValue.parse(#""caf\u00e9""#) == JSONValue.parse(#""cafe\u0301""#))  // equal as JSONValues
        #expect(try key(composed) == key(composed))
        #expect(try key(composed).digest == key(composed).digest)
        #expect(try key(composed) != key(decomposed))
        let otherStyle = #"{"text": "caf\u00e9 @bob", "spans": [{"start": 6, "end": 10, "style": "m\u00e9"}]}"#
        let otherStyleDecomposed = #"{"text": "caf\u00e9 @bob", "spans": [{"start": 6, "end": 10, "style": "me\u0301"}]}"#
        #expect(try key(otherStyle) != key(otherStyleDecomposed))
        let otherSpan = #"{"text": "caf\u00e9 @bob", "spans": [{"start": 5, "end": 10, "style": "mention"}]}"#
        #expect(try key(composed) != key(otherSpan))
        #expect(try key(composed) != TextCache.Key(font: -1, text: "caf\u{E9} @bob"))
    }

    /// A row works out its text objects' digests once, when it is made: the key made with it
    /// is the key made from the object alone, and a field that is no object has none.
    @Test func aRowsObjectDigestsAreTheKeysOwn() throws {
        let row = try RowData(json: #"{"a": "plain", "b": {"text": "caf\u00e9 @bob", "spans": [{"start": 6, "end": 10, "style": "mention"}]}, "c": 3}"#)
        let digest = row.objectDigest(ofField: "b")
        guard case .object(let members)? = row["b"] else { Issue.record("no object"); return }
        let withDigest = TextCache.Key(font: -3, text: "", members: members, membersDigest: digest)
        let without = TextCache.Key(font: -3, text: "", members: members)
        #expect(withDigest == without)
        #expect(withDigest.digest == without.digest)
        #expect(row.objectDigest(ofField: "a") == 0)
        #expect(row.objectDigest(ofField: "missing") == 0)
        // The same object parsed in another row: other storage, the same key.
        let again = try RowData(json: #"{"b": {"text": "caf\u00e9 @bob", "spans": [{"start": 6, "end": 10, "style": "mention"}]}}"#)
        guard case .object(let parsedAgain)? = again["b"] else { Issue.record("no object"); return }
        #expect(TextCache.Key(font: -3, text: "", members: parsedAgain,
                              membersDigest: again.objectDigest(ofField: "b")) == withDigest)
    }
}
