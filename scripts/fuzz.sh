#!/usr/bin/env bash
# Fuzzes the library with libFuzzer (and AddressSanitizer): builds Tests/Fuzz in its own scratch
# path, seeds a corpus from the Pango corpus and the Examples, and runs each target for SECONDS
# (default 60). A crash, a hang (over 10 s an input) or a broken invariant stops the target and
# leaves the input in .build-fuzz/artifacts/; the script then exits non-zero. Inputs that once
# failed are kept in Tests/Fuzz/Regressions/<target>/ and start every run's corpus.
#   scripts/fuzz.sh [SECONDS] [TARGET...]    targets: FuzzTextLayout FuzzAttributedText FuzzCellTemplate FuzzJSON
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzTextLayout FuzzAttributedText FuzzCellTemplate FuzzJSON)

swift build -c release --package-path Tests/Fuzz --scratch-path .build-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld \
    2> >(grep -v "Cannot export local symbol" >&2)

corpus=.build-fuzz/corpus
mkdir -p "$corpus/FuzzTextLayout" "$corpus/FuzzAttributedText" "$corpus/FuzzCellTemplate" "$corpus/FuzzJSON" .build-fuzz/artifacts
python3 - "$corpus" <<'PY'
# Seeds: every corpus text behind a header of chain, size, width, lines, mode and language
# bytes (see FuzzTextLayout.swift); every example template, alone and with each example row.
import glob, hashlib, json, os, sys
corpus = sys.argv[1]
def write(target, data):
    with open(os.path.join(corpus, target, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)
for i, path in enumerate(sorted(glob.glob("Tests/Support/pango-reference/corpus/*.jsonl"))):
    for j, line in enumerate(open(path, encoding="utf-8")):
        write("FuzzJSON", line.encode("utf-8"))
        text = json.loads(line)["text"].encode("utf-8")
        header = bytes([0x07 | (i % 4) << 3, 9, (j * 37) % 64, 0, j % 3, j % 6, i % 7])
        write("FuzzTextLayout", header + text)
        # FuzzAttributedText: header, two spans (6 bytes each) and one attachment (4), the text.
        spans = bytes([j % 50, 20, 0x40 | (1 << (j % 6)), j % 64, (j * 13) % 256, (j * 29) % 256,
                       (j * 7) % 90, 9, 0, 24, 0x80, 0x09])
        write("FuzzAttributedText", bytes([0x07 | (i % 4) << 3, 9, (j * 37) % 64, 0, j % 3, j % 6, 2 | 8, j % 256])
              + spans + bytes([j % 40, 72, 64, 32]) + text)
rows = []
for path in glob.glob("Examples/*.json"):
    value = json.load(open(path, encoding="utf-8"))
    if isinstance(value, list):
        rows += [json.dumps(row).encode("utf-8") for row in value[:5]]
# Styled rows (text objects with spans, attachments and offsets) from the JSON Lines examples.
for path in glob.glob("Examples/*-rows.jsonl"):
    rows += [line.strip().encode("utf-8") for line in open(path, encoding="utf-8") if line.strip()][:5]
for path in glob.glob("Examples/*.json"):
    template = open(path, "rb").read()
    write("FuzzJSON", template)
    if template.lstrip().startswith(b"{"):
        write("FuzzCellTemplate", template)
        for row in rows:
            write("FuzzCellTemplate", template + b"\0" + row)
PY
# Inputs that once failed (see Tests/Fuzz/Regressions) run first, every time.
for target in FuzzTextLayout FuzzAttributedText FuzzCellTemplate FuzzJSON; do
    cp Tests/Fuzz/Regressions/"$target"/* "$corpus/$target/" 2>/dev/null || true
done

status=0
for target in "${targets[@]}"; do
    echo "== $target: ${seconds} s"
    log=".build-fuzz/$target.log"
    if SWIFT_BACKTRACE=enable=no ".build-fuzz/release/$target" "$corpus/$target" -max_total_time="$seconds" \
        -max_len=4096 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix=".build-fuzz/artifacts/$target-" > "$log" 2>&1; then
        grep -E "^#[0-9]+ +(INITED|DONE)|stat::number_of_executed_units" "$log" || true
    else
        status=1
        tail -n 40 "$log"
    fi
done
exit $status
