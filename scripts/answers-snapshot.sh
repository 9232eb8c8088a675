#!/usr/bin/env bash
# Writes what a `textmetrics` binary answers on every corpus and example the project has into
# a folder, so two builds can be compared byte for byte (`diff -r`): a change that must not
# change answers (a restructure, a speed-up) is checked this way.
#
#   scripts/answers-snapshot.sh BINARY OUTDIR
#   diff -r before/ after/
#
# Inputs: the Pango comparison corpus (Tests/Support/pango-reference/corpus), the sample
# requests, a 20,000-request throughput batch (scripts/make-pango-corpus.py --bench), and rows
# for every example template (scripts/make-example-rows.py). Commands: `measure --jsonl`,
# `breaks --jsonl`, `feed` with and without `--frames`, `cell --json` on a few rows, and
# `compare --json` with its timing fields removed (they are measurements, not answers).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "$1")
out=$2
mkdir -p "$out"
export LC_ALL=C.UTF-8
requests=(Tests/Support/pango-reference/corpus/*.jsonl Examples/sample-requests.jsonl)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
python3 scripts/make-pango-corpus.py --bench 20000 > "$scratch/bench.jsonl"
requests+=("$scratch/bench.jsonl")
for file in "${requests[@]}"; do
    name=$(basename "$file" .jsonl)
    "$bin" measure --jsonl < "$file" > "$out/measure-$name.jsonl" 2>&1 || true
    "$bin" measure --jsonl --scale 3 < "$file" > "$out/measure-scale3-$name.jsonl" 2>&1 || true
    # breaks takes only id, text and language (an unknown field is an error)
    python3 -c 'import json, sys
for line in sys.stdin:
    if line.strip():
        r = json.loads(line)
        print(json.dumps({k: r[k] for k in ("id", "text", "language") if k in r}, ensure_ascii=False))' \
        < "$file" | "$bin" breaks --jsonl > "$out/breaks-$name.jsonl" 2>&1 || true
done
for template in Examples/*.json; do
    name=$(basename "$template" .json)
    [ "$name" = questions ] && continue
    rows="$scratch/rows-$name.jsonl"
    python3 scripts/make-example-rows.py "$template" > "$rows"
    "$bin" feed --template "$template" --data "$rows" --quiet > "$out/feed-$name.jsonl" 2>&1 || true
    "$bin" feed --template "$template" --data "$rows" --quiet --frames > "$out/feed-frames-$name.jsonl" 2>&1 || true
    "$bin" feed --template "$template" --data "$rows" --quiet --width 320 --scale 2 > "$out/feed-320-$name.jsonl" 2>&1 || true
    "$bin" compare --template "$template" --data "$rows" --json --repetitions 1 2>&1 \
        | sed -E 's/"(fastMicrosPerRow|solverMicrosPerRow|speedup)": *[0-9.e+-]+,? *//g; s/[0-9.]+ µs|[0-9.]+×//g' \
        > "$out/compare-$name.txt" || true
    head -5 "$rows" | while IFS= read -r row; do
        printf '%s\n' "$row" > "$scratch/row.json"
        "$bin" cell --template "$template" --data "$scratch/row.json" --json 2>&1 || true
    done > "$out/cell-$name.jsonl"
done
"$bin" feed --template Examples/qa.json --data Examples/questions.json --quiet --frames > "$out/feed-questions.jsonl" 2>&1 || true
echo "answers of $bin written to $out ($(ls "$out" | wc -l) files)"
