#!/usr/bin/env python3
"""Compares `textmetrics measure --jsonl` with the independent Pango reference on a JSONL corpus.

    scripts/build-pango-reference.sh
    swift build -c release --product textmetrics
    scripts/pango-compare.py [--textmetrics BIN] [--pango BIN] [--pango-arg ARG ...] [--strict] [FILE.jsonl ...]

Both programs read the same requests (plain, attributed with "spans" and "attachments", or with a
"paragraph" style). For every request both answer, it checks:
  - line starts: the same number of lines starting at the same UTF-8 byte offsets;
  - widths (only where the line starts agree): every line's width without trailing whitespace
    and the overall width within --tolerance points (default 0.01);
  - height: the overall height within the tolerance, and each line's height when both report one;
  - baselines (where the line starts agree and both report them): every line's "baseline" and the
    layout's "firstBaseline" and "lastBaseline", in points from the layout's top;
  - x (likewise): every line's "x", where the line is drawn (alignment, indents).
Pango rounds advances and metrics to 1/1024 pt, so the "~" columns allow for that rounding (see
UNIT below); the examples printed and --strict use those. A side that answers a request with an
error (an unknown field, a field Pango has no notion of) is counted in its error column and the
request is left out of the other columns; errors are not disagreements unless --strict-errors.
It prints a summary per file, then the first --show disagreements of each kind with both answers.
Exit status: 1 with --strict when anything compared disagrees (with --strict-errors also when
either side answered an error), else 0; 2 when a program cannot be run. Python 3 standard
library only.
"""
import argparse
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KINDS = ["starts", "widths", "height", "baselines", "x"]


def run(command, path):
    with open(path, "rb") as f:
        result = subprocess.run(command, stdin=f, capture_output=True)
    if result.returncode != 0:
        sys.exit(f"pango-compare: {' '.join(command)} < {path} exited {result.returncode}: "
                 f"{result.stderr.decode(errors='replace')[-2000:]}")
    answers = []
    for line in result.stdout.decode("utf-8", errors="replace").splitlines():
        if line.strip():
            try:
                answers.append(json.loads(line))
            except json.JSONDecodeError as error:
                answers.append({"error": f"the answer is not JSON ({error}): {line[:200]}"})
    return answers


def line_texts(text, answer):
    data = text.encode("utf-8")
    return [data[l["start"]:l["start"] + l["length"]].decode("utf-8", errors="replace") for l in answer.get("lines", [])]


def close(a, b, tolerance):
    return a is not None and b is not None and abs(a - b) <= tolerance


# Pango keeps glyph advances and font metrics in integer Pango units (1/1024 pt): HarfBuzz rounds
# every advance to the nearest unit (up to 0.5/1024 pt off each, always up at 15 pt Roboto, where a
# font unit is 7.5 Pango units), and ascent and descent are rounded separately. The "~" columns
# allow for that on top of the tolerance: 0.5/1024 pt per code point of a line's width (and of its
# x, which alignment derives from the width), 1/1024 pt per line of height, and per line above a
# baseline (each line's position is the sum of the heights above it).
UNIT = 1 / 1024


def compare_one(request, tm, pango, tolerance):
    """Returns a dict of verdicts: "starts"; for each other kind a strict and a rounding-allowing
    ("_q") verdict, None when it cannot be judged (line starts differ, or a side lacks the field)."""
    text = request.get("text", "").encode("utf-8")
    tm_lines, pg_lines = tm.get("lines", []), pango.get("lines", [])
    verdict = {"starts": [l.get("start") for l in tm_lines] == [l.get("start") for l in pg_lines]
               and tm.get("lineCount") == pango.get("lineCount")}
    for kind in KINDS[1:]:
        verdict[kind] = verdict[kind + "_q"] = None
    chars = [len(text[b["start"]:b["start"] + b["length"]].decode("utf-8", errors="replace")) for b in pg_lines]

    heights_ok = close(tm.get("height"), pango.get("height"), tolerance)
    heights_q = close(tm.get("height"), pango.get("height"), tolerance + len(pg_lines) * UNIT)
    if not verdict["starts"]:
        verdict["height"], verdict["height_q"] = heights_ok, heights_q
        return verdict

    strict, quantized = True, True
    for a, b, n in zip(tm_lines, pg_lines, chars):
        diff = abs(a["width"] - b["width"])
        strict &= diff <= tolerance
        quantized &= diff <= tolerance + n * UNIT / 2
    verdict["widths"], verdict["widths_q"] = strict, quantized

    for index, (a, b) in enumerate(zip(tm_lines, pg_lines)):
        if "height" in a and "height" in b:
            heights_ok &= close(a["height"], b["height"], tolerance)
            heights_q &= close(a["height"], b["height"], tolerance + UNIT)
    verdict["height"], verdict["height_q"] = heights_ok, heights_q

    if all("baseline" in l for l in tm_lines + pg_lines) and pg_lines:
        strict, quantized = True, True
        for index, (a, b) in enumerate(zip(tm_lines, pg_lines)):
            strict &= close(a["baseline"], b["baseline"], tolerance)
            quantized &= close(a["baseline"], b["baseline"], tolerance + (index + 1) * UNIT)
        for key, index in (("firstBaseline", 0), ("lastBaseline", len(pg_lines) - 1)):
            if key in tm and key in pango:
                strict &= close(tm[key], pango[key], tolerance)
                quantized &= close(tm[key], pango[key], tolerance + (index + 1) * UNIT)
        verdict["baselines"], verdict["baselines_q"] = strict, quantized

    if all("x" in l for l in tm_lines + pg_lines) and pg_lines:
        strict, quantized = True, True
        for a, b, n in zip(tm_lines, pg_lines, chars):
            strict &= close(a["x"], b["x"], tolerance)
            quantized &= close(a["x"], b["x"], tolerance + n * UNIT / 2)
        verdict["x"], verdict["x_q"] = strict, quantized
    return verdict


def show(kind, request, tm, pango):
    text = request.get("text", "")
    extras = [f"{key}={json.dumps(request[key], ensure_ascii=False)}"
              for key in ("lineBreakMode", "numberOfLines", "offsets", "spans", "attachments", "paragraph") if key in request]
    print(f"  [{kind}] {request.get('id')}: font={json.dumps(request.get('font'), ensure_ascii=False)} "
          f"size={request.get('size')} width={request.get('width')}")
    for extra in extras:
        print(f"      {extra[:300]}")
    print(f"      text: {json.dumps(text, ensure_ascii=False)}")
    for name, answer in (("textmetrics", tm), ("pango", pango)):
        if "error" in answer:
            print(f"      {name:11}: error: {answer['error']}")
            continue
        baselines = "".join(f", {k} {answer[k]:.4f}" for k in ("firstBaseline", "lastBaseline") if k in answer)
        print(f"      {name:11}: {answer.get('lineCount')} lines, {answer.get('width', 0):.4f} x "
              f"{answer.get('height', 0):.4f}{baselines}")
        for line, segment in zip(answer.get("lines", []), line_texts(text, answer)):
            extra = "".join(f" {short}={line[key]:.4f}" for key, short in (("height", "h"), ("baseline", "b"), ("x", "x"))
                            if key in line)
            print(f"        @{line['start']:<4} w={line['width']:9.4f}{extra}  {json.dumps(segment, ensure_ascii=False)}")


COLUMNS = [("starts", "line starts"), ("widths", "widths"), ("widths_q", "widths~"), ("height", "heights"),
           ("height_q", "heights~"), ("baselines_q", "baselines~"), ("x_q", "x~")]


def row(name, c):
    cells = [f"{name:18} {c['requests']:8} {c['tm_errors']:6} {c['pango_errors']:6}"]
    for key, _ in COLUMNS:
        kind = key[:-2] if key.endswith("_q") else key
        cells.append(f"{c[key]:5}/{c['judged_' + kind]:<5}")
    return " ".join(cells)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", help="corpus files (default: Tests/Support/pango-reference/corpus/*.jsonl)")
    parser.add_argument("--textmetrics", default=os.path.join(ROOT, ".build", "release", "textmetrics"))
    parser.add_argument("--pango", default=os.path.join(ROOT, ".build-pango", "pango-measure"))
    parser.add_argument("--pango-arg", action="append", default=[],
                        help="an argument for the Pango program, e.g. --pango-arg=--line-height-attribute (repeatable)")
    parser.add_argument("--tolerance", type=float, default=0.01, help="points (default 0.01)")
    parser.add_argument("--show", type=int, default=3, help="disagreements of each kind to print per file (default 3)")
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 on any disagreement (judged with the rounding allowance)")
    parser.add_argument("--strict-errors", action="store_true", help="with --strict, an error answer also fails")
    args = parser.parse_args()
    files = args.files or sorted(glob.glob(os.path.join(ROOT, "Tests", "Support", "pango-reference", "corpus", "*.jsonl")))
    for binary in (args.textmetrics, args.pango):
        if not os.access(binary, os.X_OK):
            sys.exit(f"pango-compare: {binary} is not built (scripts/build-pango-reference.sh; swift build -c release)")

    keys = (["requests", "tm_errors", "pango_errors", "starts"] + [k for k, _ in COLUMNS[1:]]
            + ["judged_" + k for k in KINDS])
    totals = dict.fromkeys(keys, 0)
    print(f"{'file':18} {'requests':>8} {'tm err':>6} {'pg err':>6} "
          + " ".join(f"{title:>11}" for _, title in COLUMNS))
    shown_blocks = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            requests = [json.loads(line) for line in f if line.strip()]
        tm_answers = run([args.textmetrics, "measure", "--jsonl"], path)
        pango_answers = run([args.pango] + args.pango_arg, path)
        if len(tm_answers) != len(requests) or len(pango_answers) != len(requests):
            sys.exit(f"pango-compare: {path}: {len(requests)} requests, {len(tm_answers)} textmetrics answers, "
                     f"{len(pango_answers)} Pango answers")
        counts = dict.fromkeys(keys, 0)
        counts["requests"] = len(requests)
        examples = {"error": [], **{kind: [] for kind in KINDS}}
        for request, tm, pango in zip(requests, tm_answers, pango_answers):
            counts["tm_errors"] += "error" in tm
            counts["pango_errors"] += "error" in pango
            if "error" in tm or "error" in pango:
                examples["error"].append((request, tm, pango))
                continue
            verdict = compare_one(request, tm, pango, args.tolerance)
            counts["judged_starts"] += 1
            counts["starts"] += verdict["starts"]
            for kind in KINDS[1:]:
                if verdict[kind + "_q"] is None:
                    continue
                counts["judged_" + kind] += 1
                counts[kind + "_q"] += verdict[kind + "_q"]
                if kind in ("widths", "height"):
                    counts[kind] += verdict[kind]
            for kind in KINDS:
                if verdict[kind if kind == "starts" else kind + "_q"] is False:
                    examples[kind].append((request, tm, pango))
        name = os.path.basename(path)
        print(row(name, counts))
        for key in totals:
            totals[key] += counts[key]
        shown_blocks.append((name, examples))
    print(row("total", totals))
    print(f"(a request either side answers with an error is left out of every other column; widths, baselines "
          f"and x are judged only where the line starts agree and both sides report them; tolerance "
          f"{args.tolerance} pt; ~ also allows Pango's 1/1024-pt rounding)")

    if args.show > 0:
        for name, examples in shown_blocks:
            if not any(examples.values()):
                continue
            print(f"\n== {name}: first disagreements")
            for kind, items in examples.items():
                for request, tm, pango in items[:args.show]:
                    show(kind, request, tm, pango)
    disagreements = sum(totals["judged_" + kind] - totals[(kind if kind == "starts" else kind + "_q")] for kind in KINDS)
    if args.strict_errors:
        disagreements += totals["tm_errors"] + totals["pango_errors"]
    if args.strict and disagreements:
        sys.exit(1)


if __name__ == "__main__":
    main()
