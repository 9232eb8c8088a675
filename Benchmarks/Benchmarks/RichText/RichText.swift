// Rich text (issues 30 and 31): paragraph styles and "… more" truncation against their plain
// counterparts, the styled FeedItem row against the plain one, fast path against the solver on
// the styled row, and a 100,000-row styled feed from cold — each pair measured in one run.
import Benchmark
import BenchmarkSupport
import ConstraintLayout
import TextMetrics
import CellLayout

/// 256 prepared 3-line-plus posts, with and without a full paragraph style.
let posts: (plain: [PreparedText], styled: [PreparedText]) = {
    var prose = Prose(seed: 0x0030_0001)
    let fonts = try! FontChain(named: ["Roboto-Regular", "NotoColorEmoji"], size: 15)
    var paragraph = ParagraphStyle()
    paragraph.lineSpacing = 4
    paragraph.lineHeightMultiple = 1.2
    paragraph.minimumLineHeight = 18
    paragraph.paragraphSpacing = 8
    paragraph.paragraphSpacingBefore = 2
    paragraph.firstLineHeadIndent = 16
    paragraph.headIndent = 4
    paragraph.tailIndent = -8
    paragraph.alignment = .natural
    var plain: [PreparedText] = []
    var styled: [PreparedText] = []
    for _ in 0..<256 {
        let text = prose.text(length: prose.int(200...400))
        plain.append(try! PreparedText(text, fonts: fonts))
        var attributed = AttributedText(text, style: TextStyle(fonts: fonts))
        attributed.paragraphStyle = paragraph
        styled.append(try! PreparedText(attributed))
    }
    return (plain, styled)
}()

/// Containers at widths a rotation or a split view asks for.
let widths: [TextContainer] = (0..<16).map { try! TextContainer(width: 240 + Double($0) * 13.5) }

let more = try! TruncationToken(AttributedText("… more", style: try! TextStyle(
    fonts: try! FontChain(named: ["Roboto-Medium"], size: 15), color: TextColor(hex: "#1DA1F2"))))

/// The styled FeedItem and its rows, the plain FeedItem and its rows, caches warm.
let feeds: (plain: (CellLayoutEngine, [RowData]), styled: (CellLayoutEngine, [RowData])) = {
    var prose = Prose(seed: 0x0031_0001)
    let plain = try! CellLayoutEngine(Examples.template("feed-item"))
    let plainRows = Examples.rows("feed-item", count: 256, prose: &prose)
    let styled = try! CellLayoutEngine(Examples.template("feed-item-styled"))
    let styledRows = (0..<256).map { _ in Examples.styledFeedItemRow(&prose) }
    for row in plainRows { _ = try! plain.height(for: row) }
    for row in styledRows { _ = try! styled.height(for: row) }
    return ((plain, plainRows), (styled, styledRows))
}()

/// 100,000 distinct styled rows.
let styledFeedRows: [RowData] = {
    var prose = Prose(seed: 0x0031_0002)
    return (0..<100_000).map { _ in Examples.styledFeedItemRow(&prose) }
}()

let benchmarks: @Sendable () -> Void = {
    let timing: [BenchmarkMetric] = [.wallClock, .throughput]
    let fast = Benchmark.Configuration(metrics: timing, timeUnits: .nanoseconds, warmupIterations: 1,
                                       scalingFactor: .kilo, maxDuration: .seconds(2), maxIterations: 1_000)

    // Issue 30: a prepared text at a new width, with a full paragraph style and without.
    Benchmark("Paragraph/layout at a new width, no paragraph style", configuration: fast) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(posts.plain[index & 255].layout(in: widths[index & 15]))
        }
    }
    Benchmark("Paragraph/layout at a new width, full paragraph style", configuration: fast) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(posts.styled[index & 255].layout(in: widths[index & 15]))
        }
    }
    // Issue 30: three lines, then "…" or "… more".
    let ellipsis = widths.map { try! TextContainer(width: $0.width, numberOfLines: 3, lineBreakMode: .truncateTail) }
    let token = widths.map { try! TextContainer(width: $0.width, numberOfLines: 3, lineBreakMode: .truncateTail,
                                                truncationToken: more) }
    Benchmark("Truncation/3 lines with …", configuration: fast) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(posts.plain[index & 255].layout(in: ellipsis[index & 15]))
        }
    }
    Benchmark("Truncation/3 lines with … more", configuration: fast) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(posts.plain[index & 255].layout(in: token[index & 15]))
        }
    }

    // Issue 31: one cell's height, texts warm: the plain FeedItem and the styled one.
    Benchmark("Cell/FeedItem height warm", configuration: fast) { benchmark in
        let (engine, rows) = feeds.plain
        for index in benchmark.scaledIterations { blackHole(try! engine.height(for: rows[index & 255])) }
    }
    Benchmark("Cell/styled FeedItem height warm", configuration: fast) { benchmark in
        let (engine, rows) = feeds.styled
        for index in benchmark.scaledIterations { blackHole(try! engine.height(for: rows[index & 255])) }
    }
    // Issue 31: the styled row by the solver, reusing its system and with a fresh one.
    let compiler = try! TemplateConstraintCompiler(Examples.template("feed-item-styled"))
    for row in feeds.styled.1.prefix(128) {
        precondition(try! compiler.height(for: row) == (try! feeds.styled.0.height(for: row)), "the solver disagrees")
    }
    let solverConfiguration = Benchmark.Configuration(
        metrics: timing, timeUnits: .nanoseconds, warmupIterations: 10, scalingFactor: .one,
        maxDuration: .seconds(2), maxIterations: 100_000)
    Benchmark("Compare/styled FeedItem solver reused system", configuration: solverConfiguration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(try! compiler.height(for: feeds.styled.1[(benchmark.currentIteration + index) & 127]))
        }
    }
    Benchmark("Compare/styled FeedItem solver fresh system", configuration: solverConfiguration) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(try! compiler.freshHeight(for: feeds.styled.1[(benchmark.currentIteration + index) & 127]))
        }
    }

    // Issue 31: 100,000 styled rows, heights + offsets, from cold (a new font library and
    // engine per run), on all cores.
    let rowsPerSecondMetric = BenchmarkMetric.custom("rows/s", polarity: .prefersLarger, useScalingFactor: false)
    Benchmark("Feed/styled FeedItem 100k heights+offsets cold (all cores)",
              configuration: .init(metrics: timing + [rowsPerSecondMetric], timeUnits: .milliseconds, warmupIterations: 0,
                                   scalingFactor: .one, maxDuration: .seconds(10), maxIterations: 5)) { benchmark in
        blackHole(styledFeedRows.count)
        let engine = try! CellLayoutEngine(Examples.template("feed-item-styled"), library: FontLibrary())
        let start = ContinuousClock.now
        benchmark.startMeasurement()
        let heights = try! FeedHeights(styledFeedRows, engine: engine)
        blackHole(heights.offsets())
        benchmark.stopMeasurement()
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        benchmark.measurement(rowsPerSecondMetric, Int(Double(styledFeedRows.count) / seconds))
    }
}
