#!/usr/bin/env python3
"""Prints JSON Lines rows for a cell template: every text field it shows, filled with texts of
the Pango comparison corpus (Latin, CJK, Korean, Arabic, Hebrew, emoji, mixed scripts), some
rows leaving out the fields of conditional items. Deterministic (seeded), so two builds can be
compared on the same rows (scripts/answers-snapshot.sh).

    scripts/make-example-rows.py Examples/feed-item.json [--count 300] > rows.jsonl
"""
import argparse
import glob
import json
import os
import random

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fields(item, texts, conditions):
    """Collects the text fields and the `if` fields of a template item and its children."""
    if "if" in item:
        conditions.add(item["if"])
    for kind in ("column", "row"):
        if kind in item:
            for child in item[kind].get("items", []):
                fields(child, texts, conditions)
    if "text" in item:
        texts.add(item["text"])


def corpus_texts():
    texts = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests/Support/pango-reference/corpus/*.jsonl"))):
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if line:
                    texts.append(json.loads(line)["text"])
    return texts


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("template")
    parser.add_argument("--count", type=int, default=300)
    args = parser.parse_args()
    with open(args.template, encoding="utf-8") as f:
        template = json.load(f)
    texts, conditions = set(), set()
    fields(template["root"], texts, conditions)
    pool = corpus_texts()
    rng = random.Random(args.template.rsplit("/", 1)[-1])
    for i in range(args.count):
        row = {"id": i}
        for name in sorted(texts | conditions):
            if name in conditions and rng.random() < 0.3:
                continue
            text = rng.choice(pool)
            if rng.random() < 0.3:
                text = text[: rng.randint(0, len(text))]
            row[name] = text
        print(json.dumps(row, ensure_ascii=False))


if __name__ == "__main__":
    main()
