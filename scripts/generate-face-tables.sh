#!/usr/bin/env bash
# Regenerates Sources/TextMetrics/Measuring/Generated/PrecomputedFaceTables.swift: for every face of
# every bundled font, its context-free advances and pair advances, found by the library's own
# analysis and checked against HarfBuzz exactly as at run time (FaceTablesTests, in write mode).
# Run it after changing a bundled font, the analysis, or the HarfBuzz the tables are checked
# against; without it, such a face builds its tables at run time (correct, only slower), and
# FaceTablesTests fails until the file is regenerated.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
TEXTMETRICS_WRITE_FACE_TABLES=1 swift test --skip-build --filter "FaceTablesTests/precomputedTablesAreTheTablesFoundNow"
echo "wrote Sources/TextMetrics/Measuring/Generated/PrecomputedFaceTables.swift"
