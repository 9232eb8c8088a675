#!/usr/bin/env python3
"""Whole-process throughput of `textmetrics measure --jsonl` against the Pango reference
program on the same requests, in one run: the two alternate (A B A B …), each run's wall and
CPU time and peak memory come from the operating system (wait4), and the ratio is taken pair
by pair, so a machine whose speed drifts still gives a fair ratio.

    scripts/throughput-benchmark.py                    # every corpus, 7 pairs each
    scripts/throughput-benchmark.py --runs 11 realistic fresh
    scripts/throughput-benchmark.py --memory           # peak memory of a 1,000,000-request batch
    scripts/throughput-benchmark.py --same-as OTHER    # also: answers byte-identical to OTHER's

Corpora (written to .build-throughput/, see scripts/make-throughput-corpus.py):
  realistic  multilingual feed posts, each at 3 widths × 2 sizes (+ a line limit for one in 8)
  fresh      20,000 requests, every one a new post
  english    the English-only batch (scripts/make-pango-corpus.py --bench 20000)
  one        a single request, in a new process each time

Needs the release build (`swift build -c release --product textmetrics`) and the Pango
program (`scripts/build-pango-reference.sh`).
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build-throughput")
TEXTMETRICS = os.path.join(ROOT, ".build", "release", "textmetrics")
PANGO = os.path.join(ROOT, ".build-pango", "pango-measure")


def corpus(name):
    path = os.path.join(WORK, name + ".jsonl")
    if not os.path.exists(path):
        os.makedirs(WORK, exist_ok=True)
        if name == "english":
            command = [sys.executable, os.path.join(ROOT, "scripts", "make-pango-corpus.py"), "--bench", "20000"]
        elif name == "million":
            command = [sys.executable, os.path.join(ROOT, "scripts", "make-throughput-corpus.py"), "realistic",
                       "--posts", "166667"]
        else:
            command = [sys.executable, os.path.join(ROOT, "scripts", "make-throughput-corpus.py"), name]
        with open(path, "wb") as out:
            subprocess.run(command, stdout=out, check=True)
    return path


def run(command, input_path, output_path=os.devnull):
    """Wall seconds, CPU seconds and peak resident kilobytes of one run."""
    with open(input_path, "rb") as stdin, open(output_path, "wb") as stdout:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdin=stdin, stdout=stdout)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{command[0]} exited with status {status}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def compare(name, runs):
    path = corpus(name)
    ours, theirs = [TEXTMETRICS, "measure", "--jsonl"], [PANGO]
    run(ours, path), run(theirs, path)  # warm the page cache
    pairs = [(run(ours, path), run(theirs, path)) for _ in range(runs)]
    median = lambda values: statistics.median(values)
    wall_ratio = median([b[0] / a[0] for a, b in pairs])
    cpu_ratio = median([b[1] / a[1] for a, b in pairs])
    print(f"{name:10} textmetrics {median([a[0] for a, _ in pairs]) * 1000:8.1f} ms wall "
          f"{median([a[1] for a, _ in pairs]) * 1000:8.1f} ms CPU {median([a[2] for a, _ in pairs]) / 1024:6.1f} MB | "
          f"Pango {median([b[0] for _, b in pairs]) * 1000:8.1f} ms wall {median([b[1] for _, b in pairs]) * 1000:8.1f} ms CPU | "
          f"Pango / textmetrics: {wall_ratio:5.2f}× wall, {cpu_ratio:5.2f}× CPU (median of {runs} pairs)")


def same_as(other, names):
    for name in names:
        path = corpus(name)
        mine, theirs = os.path.join(WORK, name + ".new.out"), os.path.join(WORK, name + ".other.out")
        run([TEXTMETRICS, "measure", "--jsonl"], path, mine)
        run([other, "measure", "--jsonl"], path, theirs)
        same = open(mine, "rb").read() == open(theirs, "rb").read()
        print(f"{name:10} answers {'byte-identical to' if same else 'DIFFER from'} {other}")
        if not same:
            sys.exit(1)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpora", nargs="*", default=["realistic", "fresh", "english", "one"])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--memory", action="store_true", help="peak memory of a 1,000,000-request realistic batch")
    parser.add_argument("--same-as", metavar="BINARY", help="check the answers are byte-identical to BINARY's")
    args = parser.parse_args()
    for tool in (TEXTMETRICS, PANGO):
        if not os.access(tool, os.X_OK):
            sys.exit(f"missing {tool}: build it first (see --help)")
    if args.same_as:
        same_as(args.same_as, args.corpora)
    if args.memory:
        wall, cpu, peak = run([TEXTMETRICS, "measure", "--jsonl"], corpus("million"))
        print(f"million    1,000,000 requests: {wall:.1f} s wall, {cpu:.1f} s CPU, peak {peak / 1024:.0f} MB resident")
        return
    for name in args.corpora:
        compare(name, args.runs)


if __name__ == "__main__":
    main()
