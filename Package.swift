// swift-tools-version: 6.1
// TextMetrics: font-accurate text measurement and feed-cell sizing before anything is drawn.
import PackageDescription

let package = Package(
    name: "TextMetrics",
    products: [
        .library(name: "TextMetrics", targets: ["TextMetrics"]),
        .library(name: "JSON", targets: ["JSON"]),
        .library(name: "TextJSON", targets: ["TextJSON"]),
        .library(name: "CellLayout", targets: ["CellLayout"]),
        .library(name: "ConstraintSolver", targets: ["ConstraintSolver"]),
        .library(name: "ConstraintLayout", targets: ["ConstraintLayout"]),
        .library(name: "CellRendering", targets: ["CellRendering"]),
        .executable(name: "textmetrics", targets: ["textmetrics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // C libraries, each confined to the Swift folder that wraps it.
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),

        // ICU's dictionary line breaking (libicu-dev), behind a header of plain C types.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc")]),

        // Unicode 15.0 segmentation (UAX #14, UAX #29, UAX #24): font-independent, Swift; ICU
        // only for the words of Thai, Lao, Khmer and Myanmar.
        .target(name: "TextSegmentation", dependencies: ["CICU"]),

        // A small, fast JSON reader and writer for requests, templates and answers.
        .target(name: "JSON"),

        // The library users import: text analysis, shaping, measuring and line layout.
        .target(
            name: "TextMetrics",
            dependencies: ["CFreeType", "CHarfBuzz", "TextSegmentation"]),

        // Feed cells by frame arithmetic, no solver: templates, rows, heights, frames, feeds.
        .target(
            name: "TextJSON",
            dependencies: ["TextMetrics", "JSON", "TextSegmentation"]),

        .target(
            name: "CellLayout",
            dependencies: ["TextMetrics", "JSON", "TextJSON"]),

        // Drawing laid-out cells and texts into PNG files, for people to look at.
        .target(
            name: "CellRendering",
            dependencies: ["TextMetrics", "CellLayout", "CPNG"]),

        // Incremental Cassowary (Badros, Borning & Stuckey 2001): no dependency on text.
        .target(name: "ConstraintSolver"),

        // Auto Layout–style anchors and priorities over the solver; cell templates compiled to constraints.
        .target(
            name: "ConstraintLayout",
            dependencies: ["ConstraintSolver", "TextMetrics", "CellLayout", "JSON"]),

        // The command-line tool.
        .executableTarget(
            name: "textmetrics",
            dependencies: [
                "TextMetrics", "TextJSON", "CellLayout", "JSON", "TextSegmentation", "CellRendering", "ConstraintLayout",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        .target(name: "TestSupport", path: "Tests/Support", exclude: ["pango-reference"]),
        .testTarget(name: "TextSegmentationTests", dependencies: ["TextSegmentation", "TestSupport"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "TextMetricsTests", dependencies: ["TextMetrics", "TestSupport", "TextSegmentation", "JSON"]),
        .testTarget(name: "CellLayoutTests", dependencies: ["CellLayout", "TextMetrics", "TextJSON", "TestSupport", "JSON"]),
        .testTarget(name: "ConstraintSolverTests", dependencies: ["ConstraintSolver", "TestSupport"]),
        .testTarget(name: "ConstraintLayoutTests", dependencies: ["ConstraintLayout", "CellLayout", "TextJSON", "TestSupport", "JSON"]),
        .testTarget(name: "CellRenderingTests", dependencies: ["CellRendering", "CellLayout", "TestSupport"]),
        .testTarget(name: "CommandLineTests", dependencies: ["textmetrics", "TestSupport"]),
    ]
)
