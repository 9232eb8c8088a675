// swift-tools-version: 6.1
// TextMetrics benchmarks (package-benchmark): run with `swift package benchmark` from this folder.
import PackageDescription

let package = Package(
    name: "TextMetricsBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "TextMetrics", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Seeded texts and rows shared by the suites.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "TextMetrics", package: "TextMetrics"),
                .product(name: "CellLayout", package: "TextMetrics"),
                .product(name: "JSON", package: "TextMetrics"),
            ],
            path: "Sources/BenchmarkSupport"),
        benchmark("TextMeasuring"),
        benchmark("CellSizing", also: ["CellLayout"]),
        benchmark("ConstraintSolving", also: ["ConstraintSolver", "ConstraintLayout", "CellLayout"]),
        benchmark("Multilingual"),
        benchmark("SoutheastAsian"),
        benchmark("FirstUse"),
        benchmark("AttributedText"),
        benchmark("RichText", also: ["CellLayout", "ConstraintLayout"]),
    ]
)

/// A benchmark executable `name` in `Benchmarks/<name>`: package-benchmark, the shared support,
/// TextMetrics, and `also` (more products of the TextMetrics package).
func benchmark(_ name: String, also products: [String] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: [
            .product(name: "Benchmark", package: "benchmark"),
            "BenchmarkSupport",
            .product(name: "TextMetrics", package: "TextMetrics"),
        ] + products.map { .product(name: $0, package: "TextMetrics") },
        path: "Benchmarks/" + name,
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")])
}
