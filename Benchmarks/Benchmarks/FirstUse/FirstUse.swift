// A face's first use: what a process that answers one request pays per font. Each iteration
// loads a new `FontFace` from its file (page cache warm; `FontLibrary` is bypassed, so nothing
// is shared between iterations) and measures one short text in it, which builds the tables
// measuring reads: coverage (on load), context-free advances and pair advances (precomputed
// for the bundled fonts, see FaceTables, else found and checked against HarfBuzz).
//
// - "FirstUse/<font> load": `FontFace(path:)` alone — file read, FreeType and HarfBuzz
//   setup, coverage bitset, the ellipsis shaped.
// - "FirstUse/<font> load + first text": the same, then `PreparedText` + `size(in:)` of a
//   short text in the font's script (its first text builds the tables).
// - "FirstUse/Roboto-Regular load + first text, tables found now": Roboto from a copy with
//   a reserved field of its `hhea` table changed (HarfBuzz ignores it, so it measures the
//   same), whose checksum is therefore another: the precomputed tables are not used, and
//   are found and checked against HarfBuzz as for any other font — the cost the
//   precomputation saves.
import Benchmark
import Foundation
import TextMetrics

/// A short text in each bundled font's script.
let samples: [(font: String, text: String)] = [
    ("Roboto-Regular", "Hello, world"), ("Roboto-Medium", "Hello, world"), ("wqy-microhei", "你好，世界"),
    ("NotoSansArabic-Regular", "مرحبا بالعالم"), ("NotoSansHebrew-Regular", "שלום עולם"), ("NotoColorEmoji", "👋🌍"),
]

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .instructions, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 1,
        scalingFactor: .one, maxDuration: .seconds(5), maxIterations: 30)
    let container = try! TextContainer(width: 320)
    for (font, text) in samples {
        let path = BundledFonts.path(named: font)!
        Benchmark("FirstUse/\(font) load", configuration: configuration) { _ in
            blackHole(try! FontFace(path: path))
        }
        Benchmark("FirstUse/\(font) load + first text", configuration: configuration) { _ in
            let face = try! FontFace(path: path)
            blackHole(try! PreparedText(text, font: Font(face: face, size: 15)).size(in: container))
        }
    }
    // Roboto with its tables found and checked now: a copy with a reserved field of `hhea`
    // changed, so its checksum is another.
    let robotoPath = BundledFonts.path(named: "Roboto-Regular")!
    var changed = [UInt8](try! Data(contentsOf: URL(fileURLWithPath: robotoPath)))
    let hhea = tableOffset("hhea", in: changed)
    changed[hhea + 24] ^= 0x01  // a reserved Int16 of hhea
    Benchmark("FirstUse/Roboto-Regular load + first text, tables found now", configuration: configuration) { _ in
        let face = try! FontFace(bytes: changed, label: "Roboto, hhea reserved field changed")
        blackHole(try! PreparedText("Hello, world", font: Font(face: face, size: 15)).size(in: container))
    }
}

/// The offset of table `tag` in an OpenType file's table directory.
func tableOffset(_ tag: String, in bytes: [UInt8]) -> Int {
    let count = Int(bytes[4]) << 8 | Int(bytes[5])
    for k in 0..<count {
        let record = 12 + 16 * k
        if String(decoding: bytes[record..<record + 4], as: UTF8.self) == tag {
            return (8..<12).reduce(0) { $0 << 8 | Int(bytes[record + $1]) }
        }
    }
    fatalError("no \(tag) table")
}
