import Dispatch
import JSON
import Testing
@testable import TextMetrics
@testable import CellLayout

@Suite struct HeightCacheTests {
    typealias S = CellTestSupport

    @Test func hitsAndWidthInvalidation() throws {
        let engine = try S.engine("single-label.json")
        let cache = HeightCache()
        let row = try RowData(json: #"{"id": 7, "text": "Hello there, this is a row"}"#)
        let portrait = try cache.height(for: row, engine: engine, width: 320)
        #expect(cache.misses == 1 && cache.hits == 0)
        #expect(try cache.height(for: row, engine: engine, width: 320) == portrait)
        #expect(cache.hits == 1)
        _ = try cache.height(for: row, engine: engine, width: 568)  // rotated: a miss
        #expect(cache.misses == 2 && cache.count == 2)
        cache.widthDidChange(to: 568)
        #expect(cache.count == 1)
        #expect(cache.height(for: HeightCache.key(for: row, engine: engine, width: 320, scale: 2), contentHash: row.contentHash) == nil)
    }

    @Test func contentChangeInvalidates() throws {
        let engine = try S.engine("single-label.json")
        let cache = HeightCache()
        let short = try RowData(json: #"{"id": "a", "text": "short"}"#)
        let long = try RowData(json: #"{"id": "a", "text": "\#(String(repeating: "now it is much longer ", count: 10))"}"#)
        let first = try cache.height(for: short, engine: engine)
        let second = try cache.height(for: long, engine: engine)  // same id, new content
        #expect(second > first)
        #expect(second == (try engine.height(for: long)))
        #expect(cache.hits == 0)
        cache.invalidate(rowID: .string("a"))
        #expect(cache.count == 0)
    }

    @Test func sizeCategoryChangeDropsEverything() throws {
        let engine = try S.engine("single-label.json")
        let cache = HeightCache()
        for i in 0..<20 { _ = try cache.height(for: S.row(["text": "row \(i)"]), engine: engine) }
        #expect(cache.count == 20)
        cache.sizeCategory = .large  // unchanged: kept
        #expect(cache.count == 20)
        cache.sizeCategory = .accessibilityExtraLarge
        #expect(cache.count == 0 && cache.sizeCategory == .accessibilityExtraLarge)
    }

    @Test func bounded() throws {
        let cache = HeightCache(capacity: 640)
        for i in 0..<10_000 {
            cache.store(Double(i), for: .init(row: .id(.number(Double(i))), template: 1, width: 320, scale: 2), contentHash: i)
        }
        #expect(cache.count <= 640)
    }

    @Test func concurrentUse() throws {
        let engine = try S.engine("qa.json")
        let cache = HeightCache(capacity: 10_000)
        let rows = (0..<400).map { S.row(["id": "\($0)", "question": "Question \($0 % 50)?", "answer": String(repeating: "answer ", count: $0 % 37)]) }
        let expected = try rows.map { try engine.height(for: $0) }
        let failures = FailureCount()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<3 {
                for i in stride(from: worker % 2, to: rows.count, by: 1 + round) {
                    let height = try? cache.height(for: rows[i], engine: engine, width: 375)
                    if height != expected[i] { failures.add() }
                }
                if worker == 3 && round == 1 { cache.sizeCategory = .small }
            }
        }
        #expect(failures.count == 0)
        #expect(cache.hits > 0)
    }
}

final class FailureCount: @unchecked Sendable {
    private let lock = DispatchQueue(label: "failures")
    private var value = 0
    func add() { lock.sync { value += 1 } }
    var count: Int { lock.sync { value } }
}
