import ConstraintLayout
import Foundation
import JSON
import TestSupport
import Testing
import TextMetrics
import CellLayout

/// The shared examples: solver frames equal fast-path frames, row by row.
@Suite struct ExampleAgreementTests {
    static let examples = Repository.root.appendingPathComponent("Examples").path

    static func template(_ name: String) throws -> CellTemplate {
        try CellTemplate(json: String(contentsOfFile: examples + "/" + name, encoding: .utf8))
    }

    /// Rows for a template: strings of random length in several scripts for every text field,
    /// `if` fields present or absent at random.
    static func rows(for template: CellTemplate, count: Int, seed: UInt64) -> [RowData] {
        var fields: [String] = []
        var conditions: [String] = []
        func collect(_ item: CellItem) {
            if let condition = item.condition { conditions.append(condition) }
            switch item.content {
            case .text(let text): fields.append(text.field)
            case .box: break
            case .column(let stack), .row(let stack): stack.items.forEach(collect)
            }
        }
        collect(template.root)
        var random = TestCorpus.Random(seed: seed)
        return (0..<count).map { _ in
            var row: [(String, JSONValue)] = []
            for field in Set(fields).sorted() where !conditions.contains(field) {
                row.append((field, .string(randomText(&random))))
            }
            for condition in Set(conditions).sorted() where random.int(0...2) > 0 {
                row.append((condition, fields.contains(condition) ? .string(randomText(&random)) : .bool(true)))
            }
            return try! RowData(.object(row))
        }
    }

    static func randomText(_ random: inout TestCorpus.Random) -> String {
        switch random.int(0...9) {
        case 0: return ""
        case 1: return TestCorpus.sentence(TestCorpus.chinese, count: random.int(1...60), separator: "", random: &random)
        case 2: return TestCorpus.sentence(TestCorpus.englishWords, count: random.int(1...8), random: &random)
                + "\n" + TestCorpus.sentence(TestCorpus.englishWords, count: random.int(1...20), random: &random)
        default: return TestCorpus.sentence(TestCorpus.englishWords, count: random.int(1...40), random: &random)
        }
    }

    static func check(_ template: CellTemplate, _ rows: [RowData], widths: [Double?] = [nil]) throws -> [String] {
        let fast = try CellLayoutEngine(template)
        let compiler = try TemplateConstraintCompiler(template)
        var failures: [String] = []
        for (i, row) in rows.enumerated() {
            for width in widths {
                let expected = try fast.layout(for: row, width: width)
                let reused = try compiler.solve(row, width: width)
                let fresh = try compiler.solveFresh(row, width: width)
                let diffs = reused.differences(from: expected)
                if !diffs.isEmpty { failures.append("row \(i) width \(width ?? 0): " + diffs.prefix(3).joined(separator: "; ")) }
                if fresh.items != reused.items || fresh.height != reused.height {
                    failures.append("row \(i): fresh \(fresh) != reused \(reused)")
                }
            }
        }
        return failures
    }

    @Test func questions() throws {
        let template = try Self.template("qa.json")
        let data = try JSONValue.parse(String(contentsOfFile: Self.examples + "/questions.json", encoding: .utf8))
        let rows = try data.arrayValue!.map { try RowData($0) }
        let failures = try Self.check(template, rows + Self.rows(for: template, count: 40, seed: 1), widths: [nil, 320, 414, 200])
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    /// The styled FeedItem: its rows (mentions, links, hashtags, attachments in six languages,
    /// baseline rows, a paragraph style and "… more"), and random plain rows, at three widths.
    @Test func styledFeedItem() throws {
        let template = try Self.template("feed-item-styled.json")
        let rows = try String(contentsOfFile: Self.examples + "/feed-item-styled-rows.jsonl", encoding: .utf8)
            .split(separator: "\n").map { try RowData(json: String($0)) }
        #expect(rows.count >= 8)
        let failures = try Self.check(template, rows + Self.rows(for: template, count: 30, seed: 11), widths: [nil, 320, 414])
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test(arguments: ["feed-item.json", "single-label.json", "three-labels.json"])
    func example(_ name: String) throws {
        let template = try Self.template(name)
        let failures = try Self.check(template, Self.rows(for: template, count: 60, seed: 7), widths: [nil, 320, 414])
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }
}
