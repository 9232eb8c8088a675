// Feed cells by frame arithmetic (issue 3): one cell warm and cold, whole feeds, memory.
import Benchmark
import BenchmarkSupport
import TextMetrics
import CellLayout

/// Rows whose every word is new to the process (for the cold cell).
nonisolated(unsafe) var freshWords = FreshWords(seed: 0xCE11_0001)

/// A FeedItem row made only of words never shaped before, of the same lengths as `Examples.feedItemRow`.
func freshFeedItemRow(_ prose: inout Prose) -> RowData {
    func text(_ range: ClosedRange<Int>) -> String { freshWords.text(length: prose.int(range)) }
    return RowData([
        "action": text(20...30), "options": "•••", "posterName": text(10...18),
        "posterHeadline": text(30...120), "posterTime": "\(prose.int(1...59))h",
        "posterComment": text(60...280), "contentImage": "https://img.example.com/1.jpg",
        "contentTitle": text(30...110), "contentDomain": text(8...14),
        "likes": text(8...10), "comments": text(10...12), "shares": text(9...10), "actorComment": text(20...160),
    ])
}

/// The rows per second of `rows` rows done in `duration`.
func rowsPerSecond(_ rows: Int, _ duration: Duration) -> Int {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    return Int(Double(rows) / seconds)
}

/// 100,000 distinct generated FAQ rows (globals are initialized on first use, so only the
/// benchmarks that use them pay for them, in memory too).
let qaRows: [RowData] = {
    var prose = Prose(seed: 0xCE11_0007)
    return Examples.rows("qa", count: 100_000, prose: &prose)
}()

/// `qaRows` prepared for re-layout.
let preparedFeed = PreparedFeed(qaRows, engine: try! CellLayoutEngine(Examples.template("qa")))

/// A FeedItem engine with 256 rows whose texts are in its cache.
let warmFeedItem: (engine: CellLayoutEngine, rows: [RowData]) = {
    let engine = try! CellLayoutEngine(Examples.template("feed-item"))
    var prose = Prose(seed: 0xCE11_0005)
    let rows = Examples.rows("feed-item", count: 256, prose: &prose)
    for row in rows { _ = try! engine.height(for: row) }
    return (engine, rows)
}()

let benchmarks: @Sendable () -> Void = {
    let feedItem = Examples.template("feed-item")
    let qa = Examples.template("qa")
    let timing: [BenchmarkMetric] = [.wallClock, .throughput]
    let rowsPerSecondMetric = BenchmarkMetric.custom("rows/s", polarity: .prefersLarger, useScalingFactor: false)

    // 5. One FeedItem cell's height, texts warm (the engine's prepared-text cache hits).
    Benchmark("Cell/FeedItem height warm",
              configuration: .init(metrics: timing, timeUnits: .nanoseconds, warmupIterations: 1,
                                   scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 1_000)) { benchmark in
        let (engine, rows) = warmFeedItem
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(try! engine.height(for: rows[index & 255]))
        }
    }

    // Every text new: not in the engine's cache, and no word shaped before.
    let coldEngine = try! CellLayoutEngine(feedItem)
    Benchmark("Cell/FeedItem height cold",
              configuration: .init(metrics: timing, timeUnits: .nanoseconds, warmupIterations: 1,
                                   scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 50)) { benchmark in
        var prose = Prose(seed: 0xCE11_0006, rareVocabulary: 0)
        let rows = (0..<benchmark.scaledIterations.count).map { _ in freshFeedItemRow(&prose) }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(try! coldEngine.height(for: rows[index]))
        }
    }

    // 6. A 100,000-row Q&A feed, heights + offsets, from cold: a new font library (empty
    // segment caches) and a new engine (empty text cache) for every run; fonts loaded in setup.
    let feedConfiguration = Benchmark.Configuration(
        metrics: timing + [rowsPerSecondMetric], timeUnits: .milliseconds, warmupIterations: 0,
        scalingFactor: .one, maxDuration: .seconds(8), maxIterations: 10)
    /// Heights and offsets of the whole Q&A feed on all cores, timed, with `engine`.
    func measureFeed(_ benchmark: Benchmark, _ engine: CellLayoutEngine) {
        blackHole(qaRows.count)  // generated before the clock starts
        let start = ContinuousClock.now
        benchmark.startMeasurement()
        let heights = try! FeedHeights(qaRows, engine: engine)
        blackHole(heights.offsets())
        benchmark.stopMeasurement()
        benchmark.measurement(rowsPerSecondMetric, rowsPerSecond(qaRows.count, ContinuousClock.now - start))
    }
    Benchmark("Feed/QA 100k heights+offsets cold (all cores)", configuration: feedConfiguration) { benchmark in
        measureFeed(benchmark, try! CellLayoutEngine(qa, library: FontLibrary()))
    }
    // For comparison: a new engine (empty text cache) but the segments already shaped.
    Benchmark("Feed/QA 100k heights+offsets, segments warm (all cores)",
              configuration: .init(metrics: timing + [rowsPerSecondMetric], timeUnits: .milliseconds,
                                   warmupIterations: 1, scalingFactor: .one, maxDuration: .seconds(8),
                                   maxIterations: 10)) { benchmark in
        measureFeed(benchmark, try! CellLayoutEngine(qa))
    }
    Benchmark("Feed/QA 100k heights+offsets cold (1 core, sequential)", configuration: feedConfiguration) { benchmark in
        blackHole(qaRows.count)  // generated before the clock starts
        let engine = try! CellLayoutEngine(qa, library: FontLibrary())
        let start = ContinuousClock.now
        benchmark.startMeasurement()
        var pixels = [Int32](repeating: 0, count: qaRows.count)
        for index in qaRows.indices {
            pixels[index] = Int32((try! engine.height(for: qaRows[index]) * qa.scale).rounded())
        }
        blackHole(FeedOffsets(pixelHeights: pixels, scale: qa.scale))
        benchmark.stopMeasurement()
        benchmark.measurement(rowsPerSecondMetric, rowsPerSecond(qaRows.count, ContinuousClock.now - start))
    }

    // 7. Re-layout of the whole prepared feed at a new width (rotation): arithmetic only.
    nonisolated(unsafe) var rotation = 0
    Benchmark("Feed/relayout 100k at new width",
              configuration: .init(metrics: timing + [rowsPerSecondMetric], timeUnits: .milliseconds,
                                   warmupIterations: 1, scalingFactor: .one, maxDuration: .seconds(3),
                                   maxIterations: 50)) { benchmark in
        rotation += 1
        let width: Double = rotation & 1 == 0 ? 375 : 812
        let preparedFeed = preparedFeed
        let start = ContinuousClock.now
        benchmark.startMeasurement()
        let heights = try! preparedFeed.heights(width: width)
        blackHole(heights.offsets())
        benchmark.stopMeasurement()
        benchmark.measurement(rowsPerSecondMetric, rowsPerSecond(qaRows.count, ContinuousClock.now - start))
    }

    // 8. Memory of a 1,000,000-row feed's heights and offsets, beyond any cache: the resident
    // memory they add, per row (heights come from a closure, so no text is measured).
    let bytesPerRowMetric = BenchmarkMetric.custom("bytes/row (RSS delta)", polarity: .prefersSmaller,
                                                   useScalingFactor: false)
    Benchmark("Memory/1M-row feed heights+offsets",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident, bytesPerRowMetric],
                                   timeUnits: .milliseconds, warmupIterations: 0, scalingFactor: .one,
                                   maxDuration: .seconds(10), maxIterations: 3)) { benchmark in
        let rows = 1_000_000
        let before = residentMemoryBytes()
        let heights = FeedHeights(count: rows, width: 375, scale: 2) { index in 88 + (index * 7919) % 400 }
        let offsets = heights.offsets()
        let after = residentMemoryBytes()
        blackHole(offsets.contentHeight)
        blackHole(heights.count)
        benchmark.measurement(bytesPerRowMetric, (after - before) / rows)
        withExtendedLifetime((heights, offsets)) {}
    }
}
