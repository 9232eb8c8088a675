#!/usr/bin/python3
"""ICU's line break opportunities, as an independent reference for the tests.

Reads JSON Lines on standard input, one {"text": "..."} object a line (other fields are
ignored), and answers each with one JSON line: the UTF-8 byte offsets after which ICU's line
break iterator (root locale) lets a line end, in order, the end of the text included:
{"breaks": [offset, ...]}. (ICU's rule status is no guide to hard breaks here: a boundary its
dictionaries found takes the status of the rule that ends their range.)

ICU is reached through PyICU (Debian's `python3-icu`, which wraps the system's ICU 72, the
library TextMetrics' CICU target links): the whole text is handed to ICU, which breaks it by
its own rules and, inside runs of Thai, Lao, Khmer and Myanmar, by its dictionaries. Nothing
here comes from TextMetrics. Standard input and output are read and written as UTF-8 bytes,
whatever the locale.

Usage: scripts/icu-line-breaks.py < requests.jsonl
"""
import json
import sys

try:
    import icu
except ImportError:
    sys.exit("icu-line-breaks: PyICU is missing; install it with: apt-get install -y python3-icu")


def utf8_offsets(text):
    """The UTF-8 byte offset of every UTF-16 index of `text` that starts a code point."""
    offsets = {}
    utf16 = 0
    utf8 = 0
    for character in text:
        offsets[utf16] = utf8
        utf16 += 2 if ord(character) > 0xFFFF else 1
        utf8 += len(character.encode("utf-8"))
    offsets[utf16] = utf8
    return offsets


def main():
    iterator = icu.BreakIterator.createLineInstance(icu.Locale(""))
    out = sys.stdout.buffer
    for raw in sys.stdin.buffer:
        line = raw.decode("utf-8").rstrip("\r\n")
        if not line:
            continue
        text = json.loads(line)["text"]
        offsets = utf8_offsets(text)
        iterator.setText(text)
        breaks = []
        boundary = iterator.following(0) if text else icu.BreakIterator.DONE
        while boundary != icu.BreakIterator.DONE:
            breaks.append(offsets[boundary])
            boundary = iterator.nextBoundary()
        out.write((json.dumps({"breaks": breaks}) + "\n").encode("utf-8"))
    out.flush()


if __name__ == "__main__":
    main()
