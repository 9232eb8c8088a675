// swift-tools-version: 6.1
// libFuzzer targets for TextMetrics: arbitrary bytes as texts, fonts, containers, templates and
// rows must give an answer or an error — never a crash, a hang or a broken invariant.
// Built and run by scripts/fuzz.sh (its own scratch path, -sanitize=fuzzer,address).
import PackageDescription

let package = Package(
    name: "TextMetricsFuzz",
    dependencies: [.package(name: "TextMetrics", path: "../..")],
    targets: [
        // libFuzzer's driver, called from each target's entry point.
        .target(name: "FuzzSupport", dependencies: [.product(name: "TextMetrics", package: "TextMetrics")]),
        .executableTarget(name: "FuzzTextLayout",
                          dependencies: ["FuzzSupport", .product(name: "TextMetrics", package: "TextMetrics")]),
        .executableTarget(name: "FuzzAttributedText",
                          dependencies: ["FuzzSupport", .product(name: "TextMetrics", package: "TextMetrics")]),
        .executableTarget(name: "FuzzCellTemplate",
                          dependencies: ["FuzzSupport", .product(name: "TextMetrics", package: "TextMetrics"),
                                         .product(name: "CellLayout", package: "TextMetrics"),
                                         .product(name: "ConstraintLayout", package: "TextMetrics")]),
        // JSON is the reader of templates and rows (a dependency of CellLayout).
        .executableTarget(name: "FuzzJSON",
                          dependencies: ["FuzzSupport", .product(name: "CellLayout", package: "TextMetrics")]),
    ]
)
