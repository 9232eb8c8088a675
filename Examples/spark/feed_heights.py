"""Row heights of a feed archive, with `textmetrics feed` as the map step of Apache Spark.

Each partition of the rows (JSON Lines, one row object a line, each with an "id") is piped
through `textmetrics feed --template T`, which answers one {"id", "height"} line per row (or
{"id", "error"}); the answers are joined back to the rows by id and written as JSON Lines of
{"id", "height"} (or {"id", "error"}), one part file per partition. Rows without an "id" get
their line number in the input as one first, so every answer finds its row.

    spark-submit Examples/spark/feed_heights.py --rows rows.jsonl --template Examples/qa.json \\
        --output heights/ [--textmetrics /path/to/textmetrics] [--width 375] [--scale 3] [--partitions 64]

On a cluster, the `textmetrics` binary and the template must be on every executor: give an
absolute path present on every node (built there, or shipped with `--files`, which puts
files in each executor's working directory), and the bundled fonts where the binary finds
them (the TEXTMETRICS_FONTS environment variable, set with
`--conf spark.executorEnv.TEXTMETRICS_FONTS=/path/to/Fonts`).
"""
import argparse
import json
import shlex

from pyspark.sql import SparkSession


def key(identifier):
    """A row's id as its JSON text: numbers and strings are told apart, as the answers keep them."""
    return json.dumps(identifier, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def with_id(line_and_number):
    line, number = line_and_number
    row = json.loads(line)
    if row.get("id") is None and row.get("ID") is None:
        row["id"] = number
        line = json.dumps(row, ensure_ascii=False)
    return line


def row_key(line):
    row = json.loads(line)
    return key(row["id"] if row.get("id") is not None else row["ID"])


def answer_pair(line):
    answer = json.loads(line)
    return key(answer["id"]), line


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", required=True, help="the rows: a JSON Lines file or folder Spark can read")
    parser.add_argument("--template", required=True, help="the cell template (JSON), readable on every executor")
    parser.add_argument("--output", required=True, help="the folder to write the answers to (must not exist)")
    parser.add_argument("--textmetrics", default="textmetrics", help="the textmetrics binary on every executor")
    parser.add_argument("--width", type=float, help="the cell width in points (default: the template's)")
    parser.add_argument("--scale", type=float, help="pixels per point (default: the template's)")
    parser.add_argument("--partitions", type=int, help="how many partitions to pipe (default: Spark's)")
    args = parser.parse_args()

    spark = SparkSession.builder.appName("textmetrics feed heights").getOrCreate()
    lines = spark.sparkContext.textFile(args.rows).filter(lambda line: line.strip())
    if args.partitions:
        lines = lines.repartition(args.partitions)
    rows = lines.zipWithIndex().map(with_id).cache()

    command = [args.textmetrics, "feed", "--template", args.template, "--quiet"]
    if args.width is not None:
        command += ["--width", repr(args.width)]
    if args.scale is not None:
        command += ["--scale", repr(args.scale)]
    answers = rows.pipe(" ".join(shlex.quote(part) for part in command), checkCode=True).map(answer_pair)

    # Join by id: every row must have its answer (a row whose answer is missing fails the job).
    joined = rows.map(lambda line: (row_key(line), None)).leftOuterJoin(answers)

    def output(pair):
        identifier, (_, answer) = pair
        if answer is None:
            raise RuntimeError(f"no answer for row {identifier}")
        return answer

    joined.map(output).saveAsTextFile(args.output)
    spark.stop()


if __name__ == "__main__":
    main()
