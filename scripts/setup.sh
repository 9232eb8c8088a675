#!/usr/bin/env bash
# Quick start: installs what is missing, builds the `textmetrics` CLI (release), and runs the
# main job on the bundled fonts: measures sample texts in seven scripts (and one mixing them
# through a font fallback chain), sizes the Q&A feed cell by cell, then sizes a feed of
# 100,000 generated rows and says how fast.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh
swift build -c release --product textmetrics
scripts/build-pango-reference.sh   # the Pango reference for the tests and scripts/pango-compare.py
bin=.build/release/textmetrics
echo
echo "== textmetrics measure --jsonl < Examples/sample-requests.jsonl"
echo "   (one answer per request; the last request is deliberately bad, to show an error answer)"
"$bin" measure --jsonl < Examples/sample-requests.jsonl
echo
echo "== textmetrics measure --font Roboto-Regular --size 15 --width 200 --show-lines …"
"$bin" measure --font Roboto-Regular --size 15 --width 200 --show-lines \
  "TextMetrics tells a list how tall each row will be before anything is drawn."
echo
echo "== textmetrics feed --template Examples/qa.json --data Examples/questions.json"
"$bin" feed --template Examples/qa.json --data Examples/questions.json --quiet
echo
echo "== a feed of 100,000 rows (Examples/feed-item.json, texts from the test corpus in eight scripts)"
rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
python3 scripts/make-example-rows.py Examples/feed-item.json --count 100000 > "$rows"
"$bin" feed --template Examples/feed-item.json --data "$rows" > /dev/null
