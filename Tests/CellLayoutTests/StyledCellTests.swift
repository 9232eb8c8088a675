import Foundation
import JSON
import Testing
import TestSupport
import TextJSON
@testable import TextMetrics
@testable import CellLayout

/// Rich text in cells by frame arithmetic: rows aligned on baselines computed by hand from the
/// fonts' own tables, styled row fields (spans naming the template's styles, attachments), a
/// paragraph style and a token on an item, the height cache keyed on styled content, and bad
/// rows named while the rest of the feed is sized.
@Suite struct StyledCellTests {
    /// Ascender and line height at `size`, from the font file's tables.
    static func metrics(_ font: String, _ size: Double) throws -> (ascent: Double, height: Double) {
        let tables = try SfntTables(path: BundledFonts.path(named: font)!).verticalMetrics()
        let k = size / Double(tables.unitsPerEm)
        return (Double(tables.hheaAscender) * k, try CellTestSupport.lineHeight(font, size))
    }

    static func px(_ points: Double, _ scale: Double) -> Int { Int((points * scale).rounded()) }
    static func ceilPx(_ points: Double, _ scale: Double) -> Int { Int((points * scale - 1e-9).rounded(.up)) }

    @Test func firstBaselinesLineUp() throws {
        let scale = 3.0
        let template = try CellTemplate(json: """
            {"width": 320, "scale": 3, "root": {"row": {"spacing": 8, "align": "firstBaseline", "items": [
              {"text": "small", "font": "Roboto-Regular", "size": 12},
              {"text": "big", "font": "Roboto-Medium", "size": 24},
              {"box": {"width": 10, "height": 10}},
              {"box": {"width": 10, "height": 30, "baseline": 20}}
            ]}}}
            """)
        let engine = try CellLayoutEngine(template)
        let layout = try engine.layout(for: RowData(["small": "2h ago", "big": "Alice"]))
        let small = try Self.metrics("Roboto-Regular", 12), big = try Self.metrics("Roboto-Medium", 24)
        // Baselines from each item's top, in pixels; heights in pixels.
        let b = [Self.px(small.ascent, scale), Self.px(big.ascent, scale), 30, 60]
        let h = [Self.ceilPx(small.height, scale), Self.ceilPx(big.height, scale), 30, 90]
        let above = b.max()!, below = zip(h, b).map { $0 - $1 }.max()!
        #expect(Self.px(layout.height, scale) == above + below)
        let items = layout.items.filter { $0.depth == 1 }
        #expect(items.count == 4)
        for (index, item) in items.enumerated() {
            #expect(Self.px(item.frame.y, scale) == above - b[index], "item \(index): \(item.frame)")
        }
        #expect(layout.items[0].baseline.map { Self.px($0, scale) } == above)
    }

    @Test func lastBaselinesOfAWrappedText() throws {
        let scale = 2.0
        let template = try CellTemplate(json: """
            {"width": 200, "scale": 2, "root": {"row": {"spacing": 4, "align": "lastBaseline", "items": [
              {"text": "body", "font": "Roboto-Regular", "size": 15, "grow": 1},
              {"text": "time", "font": "Roboto-Regular", "size": 11}
            ]}}}
            """)
        let engine = try CellLayoutEngine(template)
        let body = "several words that will wrap onto more than one line here"
        let layout = try engine.layout(for: RowData(["body": body, "time": "now"]))
        let items = layout.items.filter { $0.depth == 1 }
        let bodyLayout = try #require(items[0].text?.layout)
        #expect(bodyLayout.lineCount > 1)
        let regular15 = try Self.metrics("Roboto-Regular", 15), regular11 = try Self.metrics("Roboto-Regular", 11)
        let lastBaseline = Double(bodyLayout.lineCount - 1) * regular15.height + regular15.ascent
        let b = [Self.px(lastBaseline, scale), Self.px(regular11.ascent, scale)]
        let h = [Self.ceilPx(Double(bodyLayout.lineCount) * regular15.height, scale), Self.ceilPx(regular11.height, scale)]
        #expect(Self.px(items[1].frame.y, scale) == b[0] - b[1])
        #expect(Self.px(layout.height, scale) == max(b[0], b[1]) + max(h[0] - b[0], h[1] - b[1]))
    }

    static let styledTemplate = """
        {"width": 300, "scale": 2, "root": {"column": {"items": [
          {"text": "body", "font": ["Roboto-Regular", "NotoColorEmoji"], "size": 15, "numberOfLines": 2,
           "lineBreakMode": "truncateTail",
           "styles": {"mention": {"font": "Roboto-Medium"}, "link": {"size": 24}},
           "paragraph": {"lineSpacing": 4},
           "truncationToken": {"text": "… more", "style": "link"}}
        ]}}}
        """

    /// A template's styles are worked out once, when it is compiled; a row's span that names
    /// one and sets nothing else takes them as they are. The text must be what working each
    /// span out again makes (the public reader, which works out every span) — spans with fields
    /// of their own, kern and features, a style whose fonts do not load, an unknown style and
    /// a bad range still named — and the named styles' fonts must not be loaded again.
    @Test func spansNamingStylesTakeThemWorkedOutOnce() throws {
        let template = try CellTemplate(json: """
            {"width": 300, "root": {"column": {"items": [
              {"text": "body", "font": ["Roboto-Regular", "NotoColorEmoji"], "size": 15,
               "styles": {"mention": {"font": "Roboto-Medium"}, "link": {"size": 13, "color": "#1DA1F2"},
                          "tag": {"kern": 0.2, "features": {"liga": 0}}, "broken": {"font": "NoSuchFont"}}}
            ]}}}
            """)
        let program = try CellProgram(template, library: .shared)
        let node = try #require(program.nodes.firstIndex { $0.kind == .text })
        guard case .column(let column) = template.root.content, case .text(let item)? = column.items.first?.content else {
            Issue.record("the template's text item")
            return
        }
        let styles = item.styles
        let fonts = try FontChain(named: ["Roboto-Regular", "NotoColorEmoji"], size: 15)
        var loads = 0
        func load(_ names: [String], _ size: Double) throws -> FontChain {
            loads += 1
            return try FontChain(named: names, size: size)
        }
        func texts(_ spans: String) throws -> (compiled: AttributedText, afresh: AttributedText, loads: Int) {
            let (string, styling) = try JSONValue.parse(#"{"text": "@alice see example.com/x #tag ok", "spans": \#(spans)}"#)
                .read(AttributedTextDescription.readTextObject)
            loads = 0
            let compiled = try program.attributedText(ofNode: node, text: string, styling: styling, loadingFonts: load)
            let compiledLoads = loads
            let afresh = try styling.attributedText(string, style: TextStyle(fonts: fonts), namedStyles: styles, loadingFonts: load)
            return (compiled, afresh, compiledLoads)
        }
        let named = try texts("""
            [{"start": 0, "end": 6, "style": "mention"}, {"start": 11, "end": 24, "style": "link"},
             {"start": 25, "end": 29, "style": "tag"}]
            """)
        #expect(named.compiled == named.afresh && named.loads == 0)
        let medium = try FontChain(named: ["Roboto-Medium"], size: 15)
        #expect(named.compiled.spans.count == 3 && named.compiled.spans[0].attributes.fonts == medium)
        // Spans with fields of their own are worked out as before (their fonts loaded).
        let own = try texts("""
            [{"start": 25, "end": 29, "style": "tag", "size": 18}, {"start": 11, "end": 15, "style": "link", "underline": true},
             {"start": 30, "end": 32, "style": "mention", "font": "Roboto-Regular"}, {"start": 0, "end": 6, "style": "mention"}]
            """)
        #expect(own.compiled == own.afresh && own.loads == 1)
        // A style that cannot be worked out, one the template lacks and a bad range are named.
        for (spans, message) in [(#"[{"start": 0, "end": 6, "style": "broken"}]"#, "spans[0].font"),
                                 (#"[{"start": 0, "end": 6, "style": "nonesuch"}]"#, "one of the template's styles"),
                                 (#"[{"start": 6, "end": 2, "style": "mention"}]"#, "spans[0].end")] {
            #expect(throws: TemplateError.self) { try texts(spans) }
            do { _ = try texts(spans) } catch { #expect("\(error)".contains(message), "\(error)") }
        }
    }

    @Test func styledRowsMeasureAsTheirAttributedText() throws {
        let engine = try CellLayoutEngine(CellTemplate(json: Self.styledTemplate))
        let text = "@alice thanks for the review, the notes are at example.com/notes and more follows after that"
        let row = try RowData(json: """
            {"body": {"text": "\(text)", "spans": [{"start": 0, "end": 6, "style": "mention"}, {"start": 7, "end": 13, "style": "link"}]}}
            """)
        // The same text built by hand with the library, in a container of the content width.
        let fonts = try FontChain(named: ["Roboto-Regular", "NotoColorEmoji"], size: 15)
        var attributed = AttributedText(text, style: TextStyle(fonts: fonts))
        try attributed.addAttributes(TextAttributes(fonts: try FontChain(named: ["Roboto-Medium"], size: 15)), to: 0..<6)
        try attributed.addAttributes(TextAttributes(size: 24), to: 7..<13)
        var paragraph = ParagraphStyle()
        paragraph.lineSpacing = 4
        attributed.paragraphStyle = paragraph
        let token = try TruncationToken(AttributedText("… more", style: TextStyle(fonts: try FontChain(named: ["Roboto-Regular", "NotoColorEmoji"], size: 24))))
        let expected = try PreparedText(attributed).layout(in: try TextContainer(width: 300, numberOfLines: 2,
                                                                                   lineBreakMode: .truncateTail,
                                                                                   truncationToken: token))
        let height = try engine.height(for: row)
        #expect(height == CellTestSupport.ceilToGrid(expected.size.height, scale: 2))
        // The same string plain is another text: another height, and the height cache knows.
        let plain = try RowData(json: #"{"body": "\#(text)"}"#)
        let cache = HeightCache()
        let styledHeight = try cache.height(for: row, engine: engine)
        let plainHeight = try cache.height(for: plain, engine: engine)
        #expect(styledHeight == height && plainHeight != styledHeight)
        #expect(try engine.height(for: plain) == plainHeight)
        // A paragraph style alone makes the item's plain strings attributed too: spacing counts.
        let layout = try engine.layout(for: plain)
        let lines = try #require(layout.items.last?.text?.layout.lines)
        #expect(lines.count == 2 && abs(lines[1].top - (lines[0].height + 4)) < 1e-9)
    }

    @Test func badRowsAreNamedAndTheFeedGoesOn() throws {
        let engine = try CellLayoutEngine(CellTemplate(json: Self.styledTemplate))
        let bad: [(String, String)] = [
            (#"{"body": {"text": "abc", "spans": [{"start": 0, "end": 9}]}}"#, "body.spans[0].end"),
            (#"{"body": {"text": "abc", "spans": [{"style": "bold"}]}}"#, "body.spans[0].style"),
            (#"{"body": {"text": "abc", "attachments": [{"offset": 1, "width": 5, "ascent": 5}]}}"#, "body.attachments[0].offset"),
            (#"{"body": {"txt": "abc"}}"#, "body.txt"),
            (#"{"body": {"spans": []}}"#, "body.text"),
            (#"{"body": {"text": "abc", "offsets": "bytes"}}"#, "body.offsets"),
        ]
        for (json, field) in bad {
            do {
                _ = try engine.height(for: RowData(json: json))
                Issue.record("\(json) was measured")
            } catch let error as TemplateError {
                #expect(error.description.contains("\"\(field)\""), "\(field): \(error)")
            }
        }
        let rows = try bad.map { try RowData(json: $0.0) } + [RowData(["body": "fine"])]
        let heights = rows.map { try? engine.height(for: $0) }
        #expect(heights.compactMap { $0 }.count == 1)
    }

    @Test func templateStylesAreChecked() throws {
        for (json, words) in [
            (#"{"width": 100, "root": {"text": "t", "styles": {"a": {"colour": "red"}}}}"#, "styles.a.colour"),
            (#"{"width": 100, "root": {"text": "t", "paragraph": {"lineSpacing": -2}}}"#, "paragraph.lineSpacing"),
            (#"{"width": 100, "root": {"text": "t", "truncationToken": {"text": "more", "style": "link"}}}"#, "truncationToken.style"),
            (#"{"width": 100, "root": {"column": {"align": "firstBaseline", "items": []}}}"#, "align"),
        ] {
            #expect(throws: TemplateError.self) { _ = try CellLayoutEngine(CellTemplate(json: json)) }
            do {
                _ = try CellLayoutEngine(CellTemplate(json: json))
            } catch {
                #expect("\(error)".contains(words), "\(words): \(error)")
            }
        }
    }
}
