import Dispatch
import Foundation
import JSON
import Testing
import TestSupport
@testable import TextMetrics

/// Rough timings of the cell fast path, printed; run in release with
/// `TEXTMETRICS_CELL_SPEED=1 swift test -c release --filter CellSpeedTests`. The benchmark
/// suite proper is elsewhere; this checks the figures are in reach while developing.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["TEXTMETRICS_CELL_SPEED"] != nil))
struct CellSpeedTests {
    typealias S = CellTestSupport

    static let words = ("the a to of and in is it you that for on with as are this be at or have from by not but what all "
        + "were when we there can an your which their said if do will each about how up out them then she many some so "
        + "these would other into has more her two like him see time could no make than first been its who now people "
        + "my made over did down only way find use may water long little very after words called just where most know "
        + "remote control password account settings microphone battery pairing message screen device update restart").split(separator: " ")

    /// `count` random words, capitalized, with a full stop.
    static func sentence(_ count: Int, _ random: inout TestCorpus.Random) -> String {
        (0..<count).map { _ in String(words[random.below(words.count)]) }.joined(separator: " ").capitalized(first: true) + "."
    }

    static func qaRows(_ count: Int, seed: UInt64 = 1) -> [RowData] {
        var random = TestCorpus.Random(seed: seed)
        return (0..<count).map { i in
            RowData(["ID": "\(i)", "question": sentence(8, &random), "answer": sentence(35, &random)])
        }
    }

    static func feedRows(_ count: Int, seed: UInt64 = 2) -> [RowData] {
        var random = TestCorpus.Random(seed: seed)
        return (0..<count).map { i in
            var fields = CellExampleTests.feedRow
            fields["id"] = "\(i)"
            fields["posterName"] = sentence(2, &random)
            fields["posterHeadline"] = sentence(12, &random)
            fields["posterComment"] = sentence(25, &random)
            fields["contentTitle"] = sentence(10, &random)
            fields["likes"] = "\(random.next() % 1000) likes"
            if i % 2 == 0 { fields["contentImage"] = nil }
            if i % 3 == 0 { fields["actorComment"] = nil }
            return RowData(fields)
        }
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test func timings() throws {
        // FeedItem: every text new, then warm.
        let feedEngine = try S.engine("feed-item.json")
        let feedRows = CellSpeedTests.feedRows(2000)
        var sink = 0.0
        let cold = try CellSpeedTests.seconds { for row in feedRows { sink += try feedEngine.height(for: row) } }
        let rounds = 20
        let warm = try CellSpeedTests.seconds {
            for _ in 0..<rounds { for row in feedRows { sink += try feedEngine.height(for: row) } }
        }
        print("FeedItem height, texts new: \(cold / Double(feedRows.count) * 1e6) µs/row; warm: \(warm / Double(rounds * feedRows.count) * 1e6) µs/row")

        // Q&A, 100,000 rows from cold: 1 core, then all cores; offsets after.
        let rows = CellSpeedTests.qaRows(100_000)
        let single = try S.engine("qa.json")
        let oneCore = try CellSpeedTests.seconds { for row in rows.prefix(20_000) { sink += try single.height(for: row) } }
        print("Q&A 1 core: \(Int(20_000 / oneCore)) rows/s")
        let engine = try S.engine("qa.json")
        var heights: FeedHeights?
        var offsets: FeedOffsets?
        let allCores = try CellSpeedTests.seconds {
            heights = try FeedHeights(rows, engine: engine)
            offsets = heights!.offsets()
        }
        print("Q&A 100k, all cores, heights + offsets: \(Int(100_000 / allCores)) rows/s (\(allCores) s), contentHeight \(offsets!.contentHeight)")

        // Re-layout at a new width with everything prepared.
        let prepareEngine = try S.engine("qa.json")
        var feed: PreparedFeed?
        let prepare = CellSpeedTests.seconds { feed = PreparedFeed(rows, engine: prepareEngine) }
        var rotated: FeedHeights?
        let relayout = try CellSpeedTests.seconds { rotated = try feed!.heights(width: 812) }
        let back = try CellSpeedTests.seconds { rotated = try feed!.heights(width: 375) }
        print("Q&A 100k prepare: \(prepare) s; re-layout at 812: \(relayout * 1000) ms; back at 375: \(back * 1000) ms")
        #expect(rotated!.pixels == heights!.pixels)

        // Memory for 1,000,000 rows: heights and offsets.
        let million = FeedHeights(count: 1_000_000, width: 375, scale: 3) { Int($0 % 500) + 100 }
        let millionOffsets = million.offsets()
        let bytes = million.pixels.capacity * 4 + millionOffsets.byteCount
        print("1,000,000 rows: heights + offsets \(Double(bytes) / 1e6) bytes/row; offsets alone \(Double(millionOffsets.byteCount) / 1e6)")
        #expect(sink > 0)
    }
}

extension String {
    func capitalized(first: Bool) -> String { prefix(1).uppercased() + dropFirst() }
}
