#!/usr/bin/env python3
"""Writes Tests/JSONTests/Generated/ShortestDecimalSample.swift: doubles and their shortest round-trip
decimals as CPython's `repr` prints them (David Gay's dtoa, mode 0: the shortest string that
reads back as the same double, the closest of those), an independent reference for
`ShortestDecimal`, the JSON writer's number formatter.

Deterministic (seeded). The sample is one Swift string literal (a test target's source, so no
resource to declare), each line the double's bit pattern in hex, then `repr` of it.
The doubles:
  - random bit patterns (every exponent, subnormals among them);
  - the numbers answers are made of: font units × point size / units per em (1000, 1024,
    2048, 2136), and those rounded up to a pixel grid of 2 or 3;
  - m / 2^k for random m and k, around the point where a dyadic value's k decimals stop
    being its shortest decimal (the writer's exact path and Schubfach meet there);
  - the smallest subnormals, powers of two and ten and their neighbours, the largest double.

    scripts/generate-shortest-decimal-sample.py   # (re)writes the file
"""
import math
import os
import random
import struct

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "JSONTests", "Generated", "ShortestDecimalSample.swift")


def bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def from_bits(b):
    return struct.unpack("<d", struct.pack("<Q", b))[0]


def main():
    rng = random.Random(0x5D0A)
    numbers = []
    for _ in range(800):
        x = from_bits(rng.getrandbits(64))
        if math.isfinite(x) and x != 0:
            numbers.append(x)
    for _ in range(600):
        units = rng.randrange(1, 4_000_000)
        size = rng.choice([11, 12, 13, 14, 15, 15.5, 17, 20, 28, 34])
        upem = rng.choice([1000, 1024, 2048, 2136])
        x = units * size / upem
        numbers += [x, math.ceil(x * 2) / 2, math.ceil(x * 3) / 3]
    for _ in range(1200):
        k = rng.randrange(1, 64)
        m = rng.randrange(1, 1 << rng.randrange(1, 54)) | 1
        numbers.append(m / 2 ** k)
    for e in range(-1074, 1024, 11):
        p = math.ldexp(1.0, e)
        numbers += [p, math.nextafter(p, math.inf), math.nextafter(p, 0)]
    for e in range(-323, 309, 7):
        p = float(f"1e{e}")
        numbers += [p, math.nextafter(p, math.inf), math.nextafter(p, 0)]
    numbers += [from_bits(n) for n in range(1, 40)] + [1.7976931348623157e308, 2.2250738585072014e-308, 0.1, 1 / 3]
    numbers = [x for x in numbers if x != 0 and math.isfinite(x)]
    numbers += [-x for x in numbers[::9]]
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as out:
        out.write("// Written by scripts/generate-shortest-decimal-sample.py: do not edit.\n\n")
        out.write("/// Doubles (bit patterns in hex) and CPython's `repr` of each: the shortest decimal that\n")
        out.write("/// reads back as the same double, the closest of those.\n")
        out.write("enum ShortestDecimalSample {\n    static let lines = \"\"\"\n")
        for x in numbers:
            out.write(f"        {bits(x):016x} {x!r}\n")
        out.write("        \"\"\"\n}\n")

if __name__ == "__main__":
    main()
