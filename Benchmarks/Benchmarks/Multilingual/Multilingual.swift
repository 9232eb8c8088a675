// Multilingual text (font fallback): mixed-script against English per character, and the cost
// of fallback lookups. Each operation is `PreparedText(text, fonts:)` + `size(in:)` of one
// text, 15 pt, 320 pt wide, fonts loaded before measuring.
//
// - "Mixed 70 chars cold|warm" / "English 70 chars cold|warm": 70-character texts (grapheme
//   clusters) in the same chain [Roboto-Regular, wqy-microhei, NotoColorEmoji] (plain ASCII
//   takes the one-font path there), so Mixed p50 / English p50 is the per-character ratio.
//   Mixed: "汉字…汉字，abcd efg 😂 汉字…汉字 hijklm no 👍🏽🇯🇵" — two runs of 6–14 ideographs,
//   fresh English words, 2–3 emoji (~120 UTF-8 bytes). English: words of 2–9 letters.
// - "English same bytes cold|warm": English texts as long in UTF-8 bytes as the mixed ones
//   (the i-th as long as the i-th warm mixed text), so Mixed p50 / English-same-bytes p50 is
//   the per-byte ratio the target is stated in (mixed ≤ 2× English per UTF-8 byte).
//   Cold: every text new, every word and ideograph-with-its-neighbour never shaped before
//   (FreshWords, FreshIdeographs); the emoji (a set of eight) and the spaces around them
//   repeat, as in any feed. Warm: the same 1,000 texts round robin, all segments cached.
// - "Fallback/Han 70 chars warm, 3rd of 5 fonts" / "…, primary font": the same 1,000 Han
//   texts in [Roboto-Regular, NotoSansArabic-Regular, wqy-microhei, NotoSansHebrew-Regular,
//   NotoColorEmoji], every cluster falling back to the 3rd font, and in wqy-microhei alone;
//   segments warm, so the difference is the per-cluster font choice and measuring by runs.
// - "Fallback/load wqy-microhei face": `FontFace(path:)` on wqy-microhei.ttc, a font's
//   one-off first-use cost (FontLibrary shares faces): file read (page cache warm), FreeType
//   and HarfBuzz setup, and building the coverage table behind fallback lookups.
import Benchmark
import BenchmarkSupport
import TextMetrics

/// Words and ideographs never handed out before in the process.
nonisolated(unsafe) var freshWords = FreshWords(seed: 0x3C71_0001)
nonisolated(unsafe) var freshIdeographs = FreshIdeographs(
    seed: 0x3C71_0002, face: try! FontLibrary.shared.face(named: "wqy-microhei"))
/// Run lengths and emoji choices.
nonisolated(unsafe) var random = SeededGenerator(seed: 0x3C71_0003)

/// Emoji of posts: skin tones, flags, plain emoji.
let emoji = ["👍🏽", "😂", "🇯🇵", "🎉", "🙏🏻", "🇨🇳", "😊", "❤️"]

/// A post of exactly `length` characters, every word and ideograph new:
/// Han + ending, English, " 😂 ", Han + ending, English, " 👍🏽🇯🇵" (one or two emoji).
func mixedText(length: Int = 70) -> String {
    let han1 = freshIdeographs.run(length: Int.random(in: 6...14, using: &random))
    let han2 = freshIdeographs.run(length: Int.random(in: 6...14, using: &random))
    let picked = emoji.shuffled(using: &random).prefix(Int.random(in: 2...3, using: &random))
    let middle = " " + picked.first! + " "
    let end = " " + picked.dropFirst().joined()
    let english = length - han1.count - han2.count - middle.count - end.count
    let english1 = english / 3 + Int.random(in: 0...english / 3, using: &random)
    let text = han1 + freshWords.text(length: english1) + middle
        + han2 + freshWords.text(length: english - english1) + end
    precondition(text.count == length, "\(text.count) characters, not \(length): \(text)")
    return text
}

/// A text of exactly `length` Han characters: runs of ideographs ended by Chinese punctuation.
func hanText(length: Int = 70) -> String {
    var text = ""
    while text.count < length {
        let remaining = length - text.count
        text += remaining <= 15
            ? freshIdeographs.run(length: remaining, endings: [""])
            : freshIdeographs.run(length: Int.random(in: 6...14, using: &random), endings: ["，", "。", "！", "？"])
    }
    precondition(text.count == length)
    return text
}

/// The texts measured again and again by the warm benchmarks (made on first use).
let warmMixed = (0..<1_000).map { _ in mixedText() }
let warmEnglish = (0..<1_000).map { _ in freshWords.text(length: 70) }
/// English texts of the warm mixed texts' UTF-8 lengths, one for one.
let warmEnglishSameBytes = warmMixed.map { freshWords.text(length: $0.utf8.count) }
let warmHan = (0..<1_000).map { _ in hanText() }

let benchmarks: @Sendable () -> Void = {
    let chain = try! FontChain(named: ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji"], size: 15)
    let width320 = try! TextContainer(width: 320)
    let timing: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]

    /// Prepares and sizes `text` in `fonts`.
    @Sendable func measure(_ text: String, _ fonts: FontChain) -> Size {
        try! PreparedText(text, fonts: fonts).size(in: width320)
    }

    // 1. Mixed-script vs English, cold: new texts of new words every iteration.
    // At most 41,000 mixed texts: two thirds of the new Han runs FreshIdeographs has.
    let coldConfiguration = Benchmark.Configuration(
        metrics: timing, timeUnits: .nanoseconds, warmupIterations: 1, scalingFactor: .kilo,
        maxDuration: .seconds(3), maxIterations: 40)
    Benchmark("Mixed 70 chars cold", configuration: coldConfiguration) { benchmark in
        let texts = (0..<benchmark.scaledIterations.count).map { _ in mixedText() }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(measure(texts[index], chain))
        }
    }
    Benchmark("English 70 chars cold", configuration: coldConfiguration) { benchmark in
        let texts = (0..<benchmark.scaledIterations.count).map { _ in freshWords.text(length: 70) }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(measure(texts[index], chain))
        }
    }
    Benchmark("English same bytes cold", configuration: coldConfiguration) { benchmark in
        // New words, with the byte lengths of the mixed texts in turn.
        let texts = (0..<benchmark.scaledIterations.count).map { index in
            freshWords.text(length: warmMixed[index % warmMixed.count].utf8.count)
        }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(measure(texts[index], chain))
        }
    }

    // 1. Mixed-script vs English, warm: the same 1,000 texts round robin.
    /// A benchmark measuring `texts()` in `fonts`; `check` runs once on every text before
    /// the iterations, which also puts all their segments in the caches.
    func warm(_ name: String, _ fonts: FontChain, _ texts: @escaping @Sendable () -> [String],
              check: @escaping @Sendable (String) -> Void) {
        Benchmark(name, configuration: .init(metrics: timing, timeUnits: .nanoseconds, warmupIterations: 1,
                                             scalingFactor: .kilo, maxDuration: .seconds(3),
                                             maxIterations: 500)) { benchmark in
            let texts = texts()
            for index in benchmark.scaledIterations {
                blackHole(measure(texts[index % texts.count], fonts))
            }
        } setup: {
            for text in texts() { check(text) }
        }
    }
    warm("Mixed 70 chars warm", chain, { warmMixed }) { text in
        let layout = try! PreparedText(text, fonts: chain).layout(in: width320)
        precondition(layout.missingGlyphs.isEmpty && layout.usesFallbackFonts, "not all in the chain: \(text)")
    }
    warm("English 70 chars warm", chain, { warmEnglish }) { blackHole(measure($0, chain)) }
    warm("English same bytes warm", chain, { warmEnglishSameBytes }) { blackHole(measure($0, chain)) }

    // 2. Fallback lookups: every cluster in the 3rd font of 5, against that font as primary.
    let fiveFonts = try! FontChain(named: ["Roboto-Regular", "NotoSansArabic-Regular", "wqy-microhei",
                                           "NotoSansHebrew-Regular", "NotoColorEmoji"], size: 15)
    let wqyAlone = FontChain(try! Font(named: "wqy-microhei", size: 15))
    for (name, fonts) in [("Fallback/Han 70 chars warm, 3rd of 5 fonts", fiveFonts),
                          ("Fallback/Han 70 chars warm, primary font", wqyAlone)] {
        warm(name, fonts, { warmHan }) { text in
            // Every cluster must be measured in wqy-microhei: the same size as in it alone.
            let layout = try! PreparedText(text, fonts: fonts).layout(in: width320)
            let alone = measure(text, wqyAlone)
            precondition(layout.missingGlyphs.isEmpty && abs(layout.size.width - alone.width) < 1e-9
                         && abs(layout.size.height - alone.height) < 1e-9,
                         "\(name): \(layout.size) here, \(alone) in wqy-microhei alone: \(text)")
        }
    }

    // 2. A font's first use: loading a face, its coverage table included.
    let wqyPath = BundledFonts.path(named: "wqy-microhei")!
    Benchmark("Fallback/load wqy-microhei face",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
                                   timeUnits: .microseconds, warmupIterations: 1, scalingFactor: .one,
                                   maxDuration: .seconds(5), maxIterations: 20)) { _ in
        blackHole(try! FontFace(path: wqyPath))
    }
}
