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
            dependencies: [.product(name: "TextMetrics", package: "TextMetrics")],
            path: "Sources/BenchmarkSupport"),
        .executableTarget(
            name: "TextMeasuring",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkSupport",
                .product(name: "TextMetrics", package: "TextMetrics"),
            ],
            path: "Benchmarks/TextMeasuring",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        .executableTarget(
            name: "CellLayout",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkSupport",
                .product(name: "TextMetrics", package: "TextMetrics"),
            ],
            path: "Benchmarks/CellLayout",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        .executableTarget(
            name: "ConstraintSolving",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkSupport",
                .product(name: "TextMetrics", package: "TextMetrics"),
                .product(name: "ConstraintSolver", package: "TextMetrics"),
                .product(name: "ConstraintLayout", package: "TextMetrics"),
            ],
            path: "Benchmarks/ConstraintSolving",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        .executableTarget(
            name: "Multilingual",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkSupport",
                .product(name: "TextMetrics", package: "TextMetrics"),
            ],
            path: "Benchmarks/Multilingual",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
