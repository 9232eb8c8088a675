#!/usr/bin/env bash
# Runs the Spark example (Examples/spark/feed_heights.py) in Spark's local mode on 10,000 rows
# and checks that every row's answer equals the answer of one `textmetrics feed` run over the
# same rows. PySpark (which brings Spark) comes from PyPI into a virtual environment under
# .build-spark/ (git-ignored; kept between runs); Spark needs Java 17, which
# scripts/install-dependencies.sh installs.
#   scripts/test-spark.sh [TEXTMETRICS_BINARY]   (default: the debug build, built if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=.build-spark
mkdir -p "$work"
binary=${1:-}
if [ -z "$binary" ]; then
    swift build --product textmetrics >/dev/null
    binary="$(swift build --show-bin-path)/textmetrics"
fi
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")

# PySpark, once per machine (about 320 MB from PyPI, three minutes here; later runs reuse the environment).
pyspark_version="3.5.9"
if ! "$work/venv/bin/python" -c "import pyspark, sys; sys.exit(pyspark.__version__ != '$pyspark_version')" 2>/dev/null; then
    rm -rf "$work/venv"
    python3 -m venv "$work/venv"
    "$work/venv/bin/pip" install --disable-pip-version-check -q "pyspark==$pyspark_version"
fi

# 10,000 rows of the Q&A template (Examples/qa.json): questions and answers of a feed, ids
# numbers and strings, a few rows the template cannot lay out (an error answer each).
python3 - "$work/rows.jsonl" <<'PY'
import json, random, sys
rng = random.Random(0x5BA4)
words = ("how do I reset my password when the app will not open the remote control needs new batteries "
         "why is the screen dark after the update which cable connects the camera can I share photos with "
         "friends the payment failed twice what does this error mean").split()
with open(sys.argv[1], "w", encoding="utf-8") as out:
    for i in range(10000):
        question = " ".join(rng.choice(words) for _ in range(rng.randint(3, 14))).capitalize() + "?"
        answer = " ".join(rng.choice(words) for _ in range(rng.randint(5, 60))).capitalize() + "."
        row = {"id": i if i % 3 else f"q{i}", "question": question, "answer": answer}
        if i % 997 == 5:
            del row["answer"]  # the template needs it: an error answer
        out.write(json.dumps(row) + "\n")
PY

# The reference: one feed run over all the rows.
"$binary" feed --template Examples/qa.json --data "$work/rows.jsonl" --quiet > "$work/reference.jsonl"

# The Spark job, local mode, two cores, eight partitions.
rm -rf "$work/output"
export SPARK_LOCAL_IP=127.0.0.1 PYSPARK_PYTHON="$root/$work/venv/bin/python"
start=$(date +%s)
"$work/venv/bin/spark-submit" --master "local[2]" --conf spark.ui.enabled=false --driver-java-options "-Dlog4j2.level=error" \
    Examples/spark/feed_heights.py --rows "$root/$work/rows.jsonl" --template "$root/Examples/qa.json" \
    --output "$root/$work/output" --textmetrics "$binary" --partitions 8 2> "$work/spark.log" || {
    echo "test-spark: the Spark job failed; its log:" >&2
    tail -40 "$work/spark.log" >&2
    exit 1
}
seconds=$(( $(date +%s) - start ))

python3 - "$work/reference.jsonl" "$work/output" "$seconds" <<'PY'
import glob, json, os, sys
reference_path, output_dir, seconds = sys.argv[1], sys.argv[2], sys.argv[3]
def by_id(lines):
    answers = {}
    for line in lines:
        answer = json.loads(line)
        key = json.dumps(answer["id"])
        assert key not in answers, f"two answers for id {key}"
        answers[key] = line.rstrip("\n")
    return answers
reference = by_id(open(reference_path, encoding="utf-8"))
parts = sorted(glob.glob(os.path.join(output_dir, "part-*")))
spark = by_id(line for part in parts for line in open(part, encoding="utf-8"))
assert len(reference) == 10000, f"the reference has {len(reference)} answers"
missing = sorted(set(reference) - set(spark))
extra = sorted(set(spark) - set(reference))
different = [k for k in reference if k in spark and spark[k] != reference[k]]
errors = sum(1 for line in reference.values() if '"error"' in line)
if missing or extra or different:
    print(f"test-spark: {len(missing)} missing, {len(extra)} extra, {len(different)} different, e.g. "
          f"{(missing + extra + different)[:3]}", file=sys.stderr)
    sys.exit(1)
print(f"test-spark: 10000/10000 answers of the Spark job (8 partitions piped, {len(parts)} parts written, {seconds} s with Spark's start) "
      f"equal a single feed run's ({errors} of them errors, as expected)")
PY
