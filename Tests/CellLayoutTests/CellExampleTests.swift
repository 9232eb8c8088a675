import Foundation
import JSON
import Testing
@testable import TextMetrics
@testable import CellLayout

/// The shared examples, with heights worked out by hand from measured text heights.
@Suite struct CellExampleTests {
    typealias S = CellTestSupport

    // MARK: single-label.json: MAX(textHeight, 44) + 2 × margin, text at 320 − 2 × 10

    @Test(arguments: ["OK", "A longer label that wraps onto several lines in a three hundred point wide cell, "
                            + "because it goes on and on about nothing in particular at all."])
    func singleLabel(text: String) throws {
        let engine = try S.engine("single-label.json")
        let textHeight = try S.textHeight(text, "Roboto-Regular", 14, width: 320 - 2 * 10, scale: 2)
        let layout = try engine.layout(for: S.row(["text": text]))
        #expect(layout.height == max(textHeight, 44) + 2 * 10)
        #expect(try engine.height(for: S.row(["text": text])) == layout.height)
        let label = try #require(layout.item(at: "root.text"))
        #expect(label.frame == Rect(x: 10, y: 10, width: 300, height: max(textHeight, 44)))
        #expect(label.text?.frame.height == textHeight)
        // The text is centered in a taller label, as UILabel draws it.
        #expect(label.text?.frame.y == 10 + ((max(textHeight, 44) - textHeight) * 2 / 2).rounded(.down) / 2)
    }

    @Test func singleLabelMinimumWinsAndLoses() throws {
        let engine = try S.engine("single-label.json")
        let one = try S.textHeight("Hi", "Roboto-Regular", 14, width: 300, scale: 2)
        #expect(one < 44)
        #expect(try engine.height(for: S.row(["text": "Hi"])) == 44 + 20)  // the minimum wins
        let long = String(repeating: "many words in a row ", count: 12)
        let tall = try S.textHeight(long, "Roboto-Regular", 14, width: 300, scale: 2)
        #expect(tall > 44)
        #expect(try engine.height(for: S.row(["text": long])) == tall + 20)  // the text wins
    }

    // MARK: qa.json + questions.json: Σ MAX(minHeight, ceil(textHeight) + 2 × verticalMargin)

    @Test func questionsAndAnswers() throws {
        let engine = try S.engine("qa.json")
        let rows = try JSONValue.parse(S.example("questions.json")).arrayValue!
        #expect(rows.count == 3)
        for value in rows {
            let row = try RowData(value)
            let question = row["question"]!.stringValue!, answer = row["answer"]!.stringValue!
            let q = try S.textHeight(question, "Roboto-Medium", 17, width: 375 - 2 * 15, scale: 2)
            // Each line of the Chinese answer shows Roboto ("1. ", the first font that has it) and
            // WenQuanYi (the ideographs): it is as tall as the two fonts together.
            let answerLine = answer.unicodeScalars.contains(where: \.properties.isIdeographic)
                ? try S.lineHeight(showing: ["Roboto-Regular", "wqy-microhei"], 15) : try S.lineHeight("Roboto-Regular", 15)
            let a = S.ceilToGrid(Double(try S.lines(answer, "Roboto-Regular", 15, width: 375 - 2 * 15)) * answerLine, scale: 2)
            let questionBlock = max(44, q + 2 * 10)
            let answerBlock = max(44, a + 2 * 10)
            let layout = try engine.layout(for: row)
            #expect(layout.height == questionBlock + answerBlock, "row \(row.identity!)")
            #expect(layout.item(at: "root.column.items[0].text")?.frame == Rect(x: 0, y: 0, width: 375, height: questionBlock))
            #expect(layout.item(at: "root.column.items[1].text")?.frame
                    == Rect(x: 0, y: questionBlock, width: 375, height: answerBlock))
            #expect(layout.item(at: "root.column.items[1].text")?.contentFrame
                    == Rect(x: 15, y: questionBlock + 10, width: 345, height: answerBlock - 20))
        }
    }

    @Test func questionFontChainIsKept() throws {
        let layout = try S.engine("qa.json").layout(for: S.row(["question": "Q?", "answer": "A."]))
        #expect(layout.items[1].text?.fontChain == ["Roboto-Medium", "wqy-microhei"])
        #expect(layout.items[1].text?.fonts.fonts.map(\.face.familyName) == ["Roboto", "WenQuanYi Micro Hei"])
    }

    // MARK: three-labels.json: insets 12/16, spacing 8, a 1 pt separator

    @Test func threeLabels() throws {
        let engine = try S.engine("three-labels.json")
        let name = String(repeating: "A very long name that keeps going ", count: 8)
        let additional = "Some details about the item, which may wrap over a couple of lines when the cell is narrow."
        let width = 375.0 - 16 - 16
        #expect(try S.lines(name, "Roboto-Medium", 17, width: width) > 3)  // so the limit cuts it
        let state = try S.textHeight("Online", "Roboto-Regular", 13, width: width, max: 1, scale: 2)
        let nameHeight = try S.textHeight(name, "Roboto-Medium", 17, width: width, max: 3, scale: 2)
        #expect(try nameHeight == S.ceilToGrid(3 * S.lineHeight("Roboto-Medium", 17), scale: 2))
        let details = try S.textHeight(additional, "Roboto-Regular", 15, width: width, scale: 2)
        let row = S.row(["state": "Online", "name": name, "additional": additional])
        let layout = try engine.layout(for: row)
        #expect(layout.height == 12 + state + 8 + nameHeight + 8 + details + 12 + 1)
        #expect(layout.separatorFrame == Rect(x: 0, y: layout.height - 1, width: 375, height: 1))
        #expect(layout.item(at: "root.column.items[1].text")?.frame == Rect(x: 16, y: 12 + state + 8, width: width, height: nameHeight))
        #expect(layout.item(at: "root.column.items[1].text")?.text?.layout.isTruncated == true)
    }

    // MARK: feed-item.json (@3x): rows, growth, centering, a ratio box, optional parts

    static let feedRow: [String: String] = [
        "action": "Sam liked this", "options": "•••", "posterName": "Jane Appleseed",
        "posterHeadline": "Senior engineer at a large company that makes phones, tablets, watches and other small computers",
        "posterTime": "2h", "posterComment": "This is a comment that goes on for a while so that it wraps onto several lines.",
        "contentImage": "image.png", "contentTitle": "A title that is long enough to need two lines at this width, or even more lines",
        "contentDomain": "example.com", "likes": "12 likes", "comments": "3 comments", "shares": "1 share",
        "actorComment": "Nice!",
    ]

    @Test(arguments: [(true, true), (false, false), (true, false), (false, true)])
    func feedItem(image: Bool, actor: Bool) throws {
        var fields = CellExampleTests.feedRow
        if !image { fields["contentImage"] = nil }
        if !actor { fields["actorComment"] = "" }  // empty counts as absent
        let engine = try S.engine("feed-item.json")
        let scale = 3.0, inner = 375.0 - 8 - 8
        func text(_ key: String, _ font: String, _ size: Double, width: Double = inner, max: Int = 0) throws -> Double {
            try S.textHeight(fields[key]!, font, size, width: width, max: max, scale: scale)
        }
        // Row 0: "options" takes its natural width; "action" grows into the rest.
        let optionsWidth = try S.naturalWidth(fields["options"]!, "Roboto-Regular", 13, scale: scale)
        let actionWidth = inner - 8 - optionsWidth
        let row0 = max(try text("action", "Roboto-Regular", 13, width: actionWidth, max: 1),
                       try text("options", "Roboto-Regular", 13, width: optionsWidth, max: 1))
        // Row 1: a 50 × 50 avatar and a growing column at 359 − 8 − 50.
        let columnWidth = inner - 8 - 50
        let column = try text("posterName", "Roboto-Medium", 15, width: columnWidth, max: 1) + 1
            + text("posterHeadline", "Roboto-Regular", 13, width: columnWidth, max: 3) + 1
            + text("posterTime", "Roboto-Regular", 12, width: columnWidth, max: 1)
        let row1 = max(50, column)
        let comment = try text("posterComment", "Roboto-Regular", 15)
        let imageHeight = (inner / 1.75 * scale).rounded() / scale
        let title = try text("contentTitle", "Roboto-Medium", 15, max: 2)
        let domain = try text("contentDomain", "Roboto-Regular", 12, max: 1)
        let counters = try text("likes", "Roboto-Regular", 13, width: (inner - 16) / 3, max: 1)
        let actorRow = max(50, try text("actorComment", "Roboto-Regular", 15, width: inner - 8 - 50))
        var blocks = [row0, row1, comment]
        if image { blocks.append(imageHeight) }
        blocks += [title, domain, counters]
        if actor { blocks.append(actorRow) }
        let expected = 8 + blocks.reduce(0, +) + 4 * Double(blocks.count - 1) + 8
        let layout = try engine.layout(for: RowData(fields))
        #expect(S.samePixel(layout.height, expected, scale: scale), "\(layout.height) vs \(expected)")
        #expect(try engine.height(for: RowData(fields)) == layout.height)
        #expect((layout.height * scale).rounded() == layout.height * scale || abs((layout.height * scale).rounded() - layout.height * scale) < 1e-9)
        let action = try #require(layout.item(at: "root.column.items[0].row.items[0].text"))
        #expect(S.samePixel(action.frame.width, actionWidth, scale: scale))
        let avatar = try #require(layout.item(at: "root.column.items[1].row.items[0].box"))
        // Centered in the row: (row height − 50) / 2, the odd pixel below.
        let avatarOffset = ((row1 - 50) * scale / 2).rounded(.down) / scale
        #expect(S.samePixel(avatar.frame.y, 8 + row0 + 4 + avatarOffset, scale: scale))
        #expect((layout.item(at: "root.column.items[3].box") != nil) == image)
        #expect((layout.item(at: "root.column.items[7].row") != nil) == actor)
        for item in layout.items {  // every frame on the @3x grid
            for value in [item.frame.x, item.frame.y, item.frame.width, item.frame.height] {
                #expect(abs((value * scale).rounded() - value * scale) < 1e-6, "\(item.path)")
            }
        }
    }
}
