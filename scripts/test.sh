#!/usr/bin/env bash
# The test command: installs what is missing, runs every test (Swift Testing), then the
# concurrency tests again under ThreadSanitizer, then the Spark example (scripts/test-spark.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh
scripts/build-pango-reference.sh   # the independent reference the Pango agreement tests run
swift build --build-tests
swift test --skip-build
swift test --sanitize=thread --scratch-path .build-tsan --filter "ConcurrencyTests|HeightCacheTests"
scripts/test-spark.sh              # the Spark example in local mode against one feed run (PySpark into .build-spark/)
