#!/usr/bin/env python3
"""Compares `textmetrics measure --jsonl` with the independent Pango reference on a JSONL corpus.

    scripts/build-pango-reference.sh
    swift build -c release --product textmetrics
    scripts/pango-compare.py [--textmetrics BIN] [--pango BIN] [--strict] [FILE.jsonl ...]

Both programs read the same requests. For every request it checks:
  - line starts: the same number of lines starting at the same UTF-8 byte offsets;
  - widths (only where the line starts agree): every line's width without trailing whitespace
    and the overall width within --tolerance points (default 0.01);
  - height: the overall height within the tolerance, and each line's height when both report one.
Pango rounds advances and metrics to 1/1024 pt, so the widths~ and heights~ columns also allow
for that rounding (see UNIT below); the examples printed and --strict use those.
It prints a summary per file, then the first --show disagreements of each kind with both answers.
Exit status: 1 with --strict when anything disagrees (or either side answered an error), else 0;
2 when a program cannot be run. Python 3 standard library only.
"""
import argparse
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(command, path):
    with open(path, "rb") as f:
        result = subprocess.run(command, stdin=f, capture_output=True)
    if result.returncode != 0:
        sys.exit(f"pango-compare: {' '.join(command)} < {path} exited {result.returncode}: "
                 f"{result.stderr.decode(errors='replace')[-2000:]}")
    return [json.loads(line) for line in result.stdout.decode("utf-8").splitlines() if line.strip()]


def line_texts(text, answer):
    data = text.encode("utf-8")
    return [data[l["start"]:l["start"] + l["length"]].decode("utf-8", errors="replace") for l in answer.get("lines", [])]


def close(a, b, tolerance):
    return a is not None and b is not None and abs(a - b) <= tolerance


# Pango keeps glyph advances and font metrics in integer Pango units (1/1024 pt): HarfBuzz rounds
# every advance to the nearest unit (up to 0.5/1024 pt off each, always up at 15 pt Roboto, where a
# font unit is 7.5 Pango units), and ascent and descent are rounded separately. The "~" columns
# allow for that on top of the tolerance: 0.5/1024 pt per code point of a line's width, 1/1024 pt
# per line of height.
UNIT = 1 / 1024


def compare_one(request, tm, pango, tolerance):
    """Returns a dict of verdicts: starts, widths / widths_q (None when the starts differ), height / height_q."""
    if "error" in tm or "error" in pango:
        return {"error": True}
    text = request.get("text", "").encode("utf-8")
    tm_starts = [l["start"] for l in tm["lines"]]
    pg_starts = [l["start"] for l in pango["lines"]]
    verdict = {"error": False, "starts": tm_starts == pg_starts and tm["lineCount"] == pango["lineCount"]}
    if verdict["starts"]:
        strict, quantized = True, True
        for a, b in zip(tm["lines"], pango["lines"]):
            diff = abs(a["width"] - b["width"])
            chars = len(text[b["start"]:b["start"] + b["length"]].decode("utf-8", errors="replace"))
            strict &= diff <= tolerance
            quantized &= diff <= tolerance + chars * UNIT / 2
        verdict["widths"], verdict["widths_q"] = strict, quantized
    else:
        verdict["widths"] = verdict["widths_q"] = None
    heights_ok = close(tm["height"], pango["height"], tolerance)
    heights_q = close(tm["height"], pango["height"], tolerance + pango["lineCount"] * UNIT)
    if verdict["starts"]:
        for a, b in zip(tm["lines"], pango["lines"]):
            if "height" in a and "height" in b:
                heights_ok &= close(a["height"], b["height"], tolerance)
                heights_q &= close(a["height"], b["height"], tolerance + UNIT)
    verdict["height"], verdict["height_q"] = heights_ok, heights_q
    return verdict


def show(kind, request, tm, pango):
    text = request.get("text", "")
    print(f"  [{kind}] {request.get('id')}: font={json.dumps(request.get('font'), ensure_ascii=False)} "
          f"size={request.get('size')} width={request.get('width')}"
          + (f" mode={request['lineBreakMode']}" if "lineBreakMode" in request else "")
          + (f" lines<={request['numberOfLines']}" if request.get("numberOfLines") else ""))
    print(f"      text: {json.dumps(text, ensure_ascii=False)}")
    for name, answer in (("textmetrics", tm), ("pango", pango)):
        if "error" in answer:
            print(f"      {name:11}: error: {answer['error']}")
            continue
        print(f"      {name:11}: {answer['lineCount']} lines, {answer['width']:.4f} x {answer['height']:.4f}")
        for line, segment in zip(answer["lines"], line_texts(text, answer)):
            extra = f" h={line['height']:.4f}" if "height" in line else ""
            print(f"        @{line['start']:<4} w={line['width']:9.4f}{extra}  {json.dumps(segment, ensure_ascii=False)}")


def row(name, c):
    valid = c["requests"] - c["errors"]
    return (f"{name:18} {c['requests']:8} {c['errors']:6} {c['starts']:6}/{valid:<6} "
            f"{c['widths']:6}/{c['width_compared']:<6} {c['widths_q']:6}/{c['width_compared']:<6} "
            f"{c['height']:6}/{valid:<6} {c['height_q']:6}/{valid:<6}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", help="corpus files (default: Tests/Support/pango-reference/corpus/*.jsonl)")
    parser.add_argument("--textmetrics", default=os.path.join(ROOT, ".build", "release", "textmetrics"))
    parser.add_argument("--pango", default=os.path.join(ROOT, ".build-pango", "pango-measure"))
    parser.add_argument("--tolerance", type=float, default=0.01, help="points (default 0.01)")
    parser.add_argument("--show", type=int, default=3, help="disagreements of each kind to print per file (default 3)")
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 on any disagreement (widths and heights judged with the rounding allowance)")
    args = parser.parse_args()
    files = args.files or sorted(glob.glob(os.path.join(ROOT, "Tests", "Support", "pango-reference", "corpus", "*.jsonl")))
    for binary in (args.textmetrics, args.pango):
        if not os.access(binary, os.X_OK):
            sys.exit(f"pango-compare: {binary} is not built (scripts/build-pango-reference.sh; swift build -c release)")

    keys = ["requests", "errors", "starts", "widths", "widths_q", "width_compared", "height", "height_q"]
    totals = dict.fromkeys(keys, 0)
    header = f"{'file':18} {'requests':>8} {'errors':>6} {'line starts':>13} {'widths':>13} {'widths~':>13} {'heights':>13} {'heights~':>13}"
    print(header)
    shown_blocks = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            requests = [json.loads(line) for line in f if line.strip()]
        tm_answers = run([args.textmetrics, "measure", "--jsonl"], path)
        pango_answers = run([args.pango], path)
        if len(tm_answers) != len(requests) or len(pango_answers) != len(requests):
            sys.exit(f"pango-compare: {path}: {len(requests)} requests, {len(tm_answers)} textmetrics answers, "
                     f"{len(pango_answers)} Pango answers")
        counts = dict.fromkeys(keys, 0)
        counts["requests"] = len(requests)
        examples = {"error": [], "starts": [], "widths": [], "height": []}
        for request, tm, pango in zip(requests, tm_answers, pango_answers):
            verdict = compare_one(request, tm, pango, args.tolerance)
            if verdict["error"]:
                counts["errors"] += 1
                examples["error"].append((request, tm, pango))
                continue
            counts["starts"] += verdict["starts"]
            if verdict["widths"] is not None:
                counts["width_compared"] += 1
                counts["widths"] += verdict["widths"]
                counts["widths_q"] += verdict["widths_q"]
            counts["height"] += verdict["height"]
            counts["height_q"] += verdict["height_q"]
            for kind in ("starts", "widths", "height"):
                if verdict[kind + "_q" if kind != "starts" else kind] is False:
                    examples[kind].append((request, tm, pango))
        name = os.path.basename(path)
        print(row(name, counts))
        for key in totals:
            totals[key] += counts[key]
        shown_blocks.append((name, examples))
    print(row("total", totals))
    valid = totals["requests"] - totals["errors"]
    print(f"(widths are compared only where the line starts agree; tolerance {args.tolerance} pt; "
          "~ also allows Pango's 1/1024-pt rounding)")

    if args.show > 0:
        for name, examples in shown_blocks:
            if not any(examples.values()):
                continue
            print(f"\n== {name}: first disagreements")
            for kind, items in examples.items():
                for request, tm, pango in items[:args.show]:
                    show(kind, request, tm, pango)
    disagreements = (totals["errors"] + (valid - totals["starts"]) + (totals["width_compared"] - totals["widths_q"])
                     + (valid - totals["height_q"]))
    if args.strict and disagreements:
        sys.exit(1)


if __name__ == "__main__":
    main()
