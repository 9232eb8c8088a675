// Text measurement (issue 2): new and cached texts, re-layout of a prepared text, memory.
import Benchmark
import BenchmarkSupport
import TextMetrics

/// Fresh 70-character texts, unique across the whole process.
nonisolated(unsafe) var freshWords = FreshWords(seed: 0x7E47_0001)

let benchmarks: @Sendable () -> Void = {
    let font = try! Font(named: "Roboto-Regular", size: 15)
    let width320 = try! TextContainer(width: 320)
    let timing: [BenchmarkMetric] = [.wallClock, .throughput]

    // 1. Measure a 70-character text none of whose words were shaped before.
    Benchmark("Measure/new 70-char text @320",
              configuration: .init(metrics: timing, timeUnits: .nanoseconds, warmupIterations: 1,
                                   scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 200)) { benchmark in
        let texts = (0..<benchmark.scaledIterations.count).map { _ in freshWords.text(length: 70) }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(try! TextMeasurer.size(texts[index], font: font, in: width320))
        }
    }

    // 2. The same kind of texts measured a second time: every segment is in the face cache.
    Benchmark("Measure/cached 70-char text @320",
              configuration: .init(metrics: timing, timeUnits: .nanoseconds, warmupIterations: 1,
                                   scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 500)) { benchmark in
        let texts = (0..<benchmark.scaledIterations.count).map { _ in freshWords.text(length: 70) }
        for text in texts { blackHole(try! TextMeasurer.size(text, font: font, in: width320)) }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(try! TextMeasurer.size(texts[index], font: font, in: width320))
        }
    }

    // 3. A prepared text laid out again at alternating widths: arithmetic only.
    let prepared = try! PreparedText(freshWords.text(length: 70), font: font)
    let widths = [try! TextContainer(width: 320), try! TextContainer(width: 200)]
    Benchmark("Layout/prepared text at new width (size)",
              configuration: .init(metrics: timing, timeUnits: .nanoseconds, warmupIterations: 1,
                                   scalingFactor: .mega, maxDuration: .seconds(3), maxIterations: 100)) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(prepared.size(in: widths[index & 1]))
        }
    }
    Benchmark("Layout/prepared text at new width (layout)",
              configuration: .init(metrics: timing, timeUnits: .nanoseconds, warmupIterations: 1,
                                   scalingFactor: .mega, maxDuration: .seconds(3), maxIterations: 100)) { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(prepared.layout(in: widths[index & 1]))
        }
    }

    // 4. Peak memory while measuring 1,000,000 distinct texts with the default caches.
    Benchmark("Memory/1M distinct texts",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal],
                                   timeUnits: .milliseconds, warmupIterations: 0, scalingFactor: .one,
                                   maxDuration: .seconds(60), maxIterations: 1)) { benchmark in
        // Random words (repeats allowed) so every text is new but the caches see real reuse
        // too; 70 characters each, distinct with overwhelming probability.
        var random = SeededGenerator(seed: 0x7E47_0004)
        var letters = [UInt8](repeating: 32, count: 70)
        for _ in 0..<1_000_000 {
            var position = 0
            while position < 70 {
                let length = min(Int.random(in: 2...9, using: &random), 70 - position)
                for offset in 0..<length { letters[position + offset] = 97 + UInt8.random(in: 0..<26, using: &random) }
                position += length
                if position < 70 { letters[position] = 32; position += 1 }
            }
            blackHole(try! TextMeasurer.size(String(decoding: letters, as: UTF8.self), font: font, in: width320))
        }
    }
}
