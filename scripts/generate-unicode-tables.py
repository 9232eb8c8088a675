#!/usr/bin/env python3
"""Generate the Unicode property tables of the TextSegmentation module.

Reads the Unicode Character Database installed by Debian's `unicode-data`
package (default /usr/share/unicode, Unicode 15.0) and writes the Swift files in
Sources/TextSegmentation/Generated/. The output is deterministic: running the
script twice on the same data produces byte-identical files.

Usage: scripts/generate-unicode-tables.py [--ucd DIR] [--out DIR]

Tables are two-stage tries serialised as hexadecimal string literals (which the
Swift compiler handles much faster than huge array literals); the module decodes
each trie once, on first use (see PropertyTrie.swift).
"""
import argparse
import os
import re
import sys

MAX_CP = 0x110000

# Resolved line-break classes (after LB1). The order MUST match LineBreakClass.swift.
LINE_BREAK_CLASSES = [
    "BK", "CR", "LF", "NL", "CM", "ZWJ", "WJ", "ZW", "GL", "SP",
    "B2", "BA", "BB", "HY", "CB", "CL", "CP", "EX", "IN", "NS",
    "OP", "QU", "IS", "NU", "PO", "PR", "SY", "AK", "AL", "AP",
    "AS", "EB", "EM", "H2", "H3", "HL", "ID", "JL", "JV", "JT",
    "RI", "VF", "VI",
]
# Bit set on a line-break value: for OP/CP "East_Asian_Width is F, W or H";
# for ID "Extended_Pictographic and unassigned (Cn)"; for NS "resolved from CJ"
# (a conditional Japanese starter, which a language's tailoring may treat as ID);
# for AL and CM "resolved from SA" (broken by a dictionary unless a tailoring says not).
LINE_BREAK_FLAG = 0x40

# Grapheme_Cluster_Break values. The order MUST match GraphemeBreakClass.swift.
GRAPHEME_CLASSES = [
    "Other", "CR", "LF", "Control", "Extend", "ZWJ", "Regional_Indicator",
    "Prepend", "SpacingMark", "L", "V", "T", "LV", "LVT",
]
GRAPHEME_EXTPICT_FLAG = 0x10

# Bidi_Class values (UAX #9). The order MUST match BidiClass.swift.
BIDI_CLASSES = [
    "L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON",
    "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI",
]
# Bits set on a Bidi_Class value: Bidi_Paired_Bracket_Type Open / Close.
BIDI_OPEN_FLAG = 0x20
BIDI_CLOSE_FLAG = 0x40
# Default Bidi_Class of unassigned code points (the @missing lines of Unicode
# 15.0 DerivedBidiClass.txt, used only if that file is absent). Later lines win.
BIDI_DEFAULTS = [
    (0x0000, 0x10FFFF, "L"), (0x0590, 0x05FF, "R"), (0x0600, 0x07BF, "AL"),
    (0x07C0, 0x085F, "R"), (0x0860, 0x08FF, "AL"), (0x20A0, 0x20CF, "ET"),
    (0xFB1D, 0xFB4F, "R"), (0xFB50, 0xFDCF, "AL"), (0xFDF0, 0xFDFF, "AL"),
    (0xFE70, 0xFEFF, "AL"), (0x10800, 0x10CFF, "R"), (0x10D00, 0x10D3F, "AL"),
    (0x10D40, 0x10EBF, "R"), (0x10EC0, 0x10EFF, "AL"), (0x10F00, 0x10F2F, "R"),
    (0x10F30, 0x10F6F, "AL"), (0x10F70, 0x10FFF, "R"), (0x1E800, 0x1EC6F, "R"),
    (0x1EC70, 0x1ECBF, "AL"), (0x1ECC0, 0x1ECFF, "R"), (0x1ED00, 0x1ED4F, "AL"),
    (0x1ED50, 0x1EDFF, "R"), (0x1EE00, 0x1EEFF, "AL"), (0x1EF00, 0x1EFFF, "R"),
]

LINE_RE = re.compile(r"^([0-9A-Fa-f]+)(?:\.\.([0-9A-Fa-f]+))?\s*;\s*([^#]*?)\s*(?:#.*)?$")


def parse_ranges(path):
    """Yield (first, last, value) for every data line of a UCD file."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            m = LINE_RE.match(line)
            if not m:
                raise SystemExit(f"{path}: cannot parse line: {line!r}")
            first = int(m.group(1), 16)
            last = int(m.group(2), 16) if m.group(2) else first
            yield first, last, m.group(3).strip()


def fill(path, default, mapping=None):
    values = [default] * MAX_CP
    for first, last, value in parse_ranges(path):
        if mapping is not None:
            value = mapping(value)
        for cp in range(first, last + 1):
            values[cp] = value
    return values


def binary_property(path, name):
    result = bytearray(MAX_CP)
    for first, last, value in parse_ranges(path):
        if value == name:
            for cp in range(first, last + 1):
                result[cp] = 1
    return result


def build_trie(values):
    """Return (shift, stage1, stage2) with the smallest total size."""
    best = None
    for shift in range(4, 10):
        size = 1 << shift
        blocks = {}
        stage1 = []
        stage2 = []
        for start in range(0, MAX_CP, size):
            block = tuple(values[start:start + size])
            index = blocks.get(block)
            if index is None:
                index = len(blocks)
                blocks[block] = index
                stage2.extend(block)
            stage1.append(index)
        assert len(blocks) < 0x10000
        cost = len(stage1) * 2 + len(stage2)
        if best is None or cost < best[0]:
            best = (cost, shift, stage1, stage2)
    _, shift, stage1, stage2 = best
    # Block 0 must hold U+0000..U+007F in order, for the ASCII fast paths.
    assert stage1[0] == 0 and (1 << shift) >= 0x80
    return shift, stage1, stage2


def hex_literal(items, digits, per_line=64):
    text = "".join(f"{v:0{digits}X}" for v in items)
    width = per_line * digits
    lines = [text[i:i + width] for i in range(0, len(text), width)]
    return '"""\n' + "\n".join(lines) + '\n"""'


HEADER = """// This file is generated by scripts/generate-unicode-tables.py from the
// Unicode {version} Character Database. Do not edit it by hand.
"""


def emit_trie(name, summary, shift, stage1, stage2, version):
    assert max(stage2) < 0x100
    return (HEADER.format(version=version) + f"""
/// {summary}
///
/// A two-stage trie: `stage1[scalar >> shift]` selects a block of `stage2`.
/// Both stages are hexadecimal text decoded once by ``PropertyTrie``.
enum {name} {{
    /// log2 of the block size.
    static let shift = {shift}
    /// Number of stage-1 entries (one per block of code points).
    static let stage1Count = {len(stage1)}
    /// Number of stage-2 entries (property values).
    static let stage2Count = {len(stage2)}
    /// Stage 1, four hex digits per entry: block indices.
    static let stage1: StaticString = {hex_literal(stage1, 4)}
    /// Stage 2, two hex digits per entry: property values.
    static let stage2: StaticString = {hex_literal(stage2, 2)}
}}
""")


def unicode_data(ucd):
    """Yield (first, last, fields) for UnicodeData.txt, expanding <..., First>/<..., Last> pairs."""
    pending = None
    with open(os.path.join(ucd, "UnicodeData.txt"), encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split(";")
            if len(fields) < 15:
                continue
            cp = int(fields[0], 16)
            if fields[1].endswith(", First>"):
                pending = cp
                continue
            if fields[1].endswith(", Last>"):
                yield pending, cp, fields
                pending = None
                continue
            yield cp, cp, fields


def bidi_classes(ucd):
    """Bidi_Class of every code point, unassigned defaults included, as a list of short names."""
    long_to_short = {}
    with open(os.path.join(ucd, "PropertyValueAliases.txt"), encoding="utf-8") as f:
        for line in f:
            fields = [x.strip() for x in line.split("#")[0].split(";")]
            if len(fields) >= 3 and fields[0] == "bc":
                long_to_short[fields[2]] = fields[1]
                long_to_short[fields[1]] = fields[1]
    from_data = {}
    for first, last, fields in unicode_data(ucd):
        for cp in range(first, last + 1):
            from_data[cp] = fields[4]
    derived = os.path.join(ucd, "extracted", "DerivedBidiClass.txt")
    values = [None] * MAX_CP
    if os.path.exists(derived):
        missing = re.compile(r"^#\s*@missing:\s*([0-9A-Fa-f]+)\.\.([0-9A-Fa-f]+)\s*;\s*(\w+)")
        with open(derived, encoding="utf-8") as f:
            for line in f:
                m = missing.match(line)
                if m:
                    value = long_to_short[m.group(3)]
                    for cp in range(int(m.group(1), 16), int(m.group(2), 16) + 1):
                        values[cp] = value
        for first, last, value in parse_ranges(derived):
            for cp in range(first, last + 1):
                values[cp] = long_to_short[value]
        for cp, value in from_data.items():
            if values[cp] != value:
                raise SystemExit(f"U+{cp:04X}: DerivedBidiClass.txt says {values[cp]}, UnicodeData.txt {value}")
    else:
        for first, last, value in BIDI_DEFAULTS:
            for cp in range(first, last + 1):
                values[cp] = value
        # Noncharacters and unassigned default ignorables are BN.
        for first, last, value in parse_ranges(os.path.join(ucd, "DerivedCoreProperties.txt")):
            if value == "Default_Ignorable_Code_Point":
                for cp in range(first, last + 1):
                    values[cp] = "BN"
        for cp in range(MAX_CP):
            if (cp & 0xFFFE) == 0xFFFE or 0xFDD0 <= cp <= 0xFDEF:
                values[cp] = "BN"
        for cp, value in from_data.items():
            values[cp] = value
    return values


def bidi_brackets(ucd):
    """Return [(scalar, key, is_open)] from BidiBrackets.txt, sorted by scalar.

    The key identifies a bracket pair: the closing bracket of the pair, mapped
    through its canonical singleton decomposition (U+232A -> U+3009), so that
    canonically equivalent brackets match as rule N0 requires.
    """
    singleton = {}
    for first, last, fields in unicode_data(ucd):
        decomposition = fields[5].split()
        if first == last and len(decomposition) == 1 and not decomposition[0].startswith("<"):
            singleton[first] = int(decomposition[0], 16)
    result = []
    with open(os.path.join(ucd, "BidiBrackets.txt"), encoding="utf-8") as f:
        for line in f:
            fields = [x.strip() for x in line.split("#")[0].split(";")]
            if len(fields) < 3:
                continue
            cp, paired, kind = int(fields[0], 16), int(fields[1], 16), fields[2]
            closing = paired if kind == "o" else cp
            result.append((cp, singleton.get(closing, closing), kind == "o"))
    result.sort()
    return result


def read_version(ucd):
    with open(os.path.join(ucd, "LineBreak.txt"), encoding="utf-8") as f:
        m = re.search(r"LineBreak-(\d+\.\d+\.\d+)", f.readline())
    return m.group(1) if m else "unknown"


def camel(name):
    parts = name.split("_")
    out = parts[0].lower() + "".join(p[:1].upper() + p[1:].lower() for p in parts[1:])
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("--ucd", default="/usr/share/unicode")
    parser.add_argument("--out", default=os.path.join(here, "..", "Sources", "TextSegmentation", "Generated"))
    args = parser.parse_args()
    ucd = args.ucd
    out = os.path.normpath(args.out)
    version = read_version(ucd)

    general = fill(os.path.join(ucd, "extracted", "DerivedGeneralCategory.txt"), "Cn")
    ext_pict = binary_property(os.path.join(ucd, "emoji", "emoji-data.txt"), "Extended_Pictographic")
    eaw = fill(os.path.join(ucd, "EastAsianWidth.txt"), "N")

    # ---- Line breaking (UAX #14), with LB1 applied.
    raw_lb = fill(os.path.join(ucd, "LineBreak.txt"), "XX")
    index = {c: i for i, c in enumerate(LINE_BREAK_CLASSES)}
    lb = [0] * MAX_CP
    for cp in range(MAX_CP):
        c = raw_lb[cp]
        if c in ("AI", "SG", "XX"):
            c = "AL"
        elif c == "SA":
            c = "CM" if general[cp] in ("Mn", "Mc") else "AL"
        elif c == "CJ":
            c = "NS"
        v = index[c]
        if c in ("OP", "CP") and eaw[cp] in ("F", "W", "H"):
            v |= LINE_BREAK_FLAG
        if raw_lb[cp] in ("CJ", "SA"):
            v |= LINE_BREAK_FLAG
        if ext_pict[cp] and general[cp] == "Cn":
            if c != "ID":
                raise SystemExit(f"U+{cp:04X}: unassigned Extended_Pictographic is {c}, not ID")
            v |= LINE_BREAK_FLAG
        lb[cp] = v

    # ---- Grapheme clusters (UAX #29).
    gindex = {c: i for i, c in enumerate(GRAPHEME_CLASSES)}
    graw = fill(os.path.join(ucd, "auxiliary", "GraphemeBreakProperty.txt"), "Other")
    gb = [gindex[graw[cp]] | (GRAPHEME_EXTPICT_FLAG if ext_pict[cp] else 0) for cp in range(MAX_CP)]

    # ---- Scripts (UAX #24).
    aliases = []  # (tag, long name)
    with open(os.path.join(ucd, "PropertyValueAliases.txt"), encoding="utf-8") as f:
        for line in f:
            fields = [x.strip() for x in line.split("#")[0].split(";")]
            if len(fields) >= 3 and fields[0] == "sc":
                aliases.append((fields[1], fields[2]))
    aliases.sort()
    assert len(aliases) < 256
    tag_code = {tag: i for i, (tag, _) in enumerate(aliases)}
    long_code = {name: i for i, (_, name) in enumerate(aliases)}
    sc = fill(os.path.join(ucd, "Scripts.txt"), long_code["Unknown"], lambda v: long_code[v])

    sets = []
    set_index = {}
    scx = [0] * MAX_CP
    for first, last, value in parse_ranges(os.path.join(ucd, "ScriptExtensions.txt")):
        members = tuple(sorted(tag_code[t] for t in value.split()))
        if members not in set_index:
            set_index[members] = len(sets) + 1
            sets.append(members)
        for cp in range(first, last + 1):
            scx[cp] = set_index[members]
    assert len(sets) < 256

    # ---- Bidirectional classes and paired brackets (UAX #9).
    bidi_index = {c: i for i, c in enumerate(BIDI_CLASSES)}
    bidi = [bidi_index[c] for c in bidi_classes(ucd)]
    brackets = bidi_brackets(ucd)
    for cp, _, is_open in brackets:
        if bidi[cp] != bidi_index["ON"]:
            raise SystemExit(f"U+{cp:04X}: paired bracket is not ON")
        bidi[cp] |= BIDI_OPEN_FLAG if is_open else BIDI_CLOSE_FLAG

    os.makedirs(out, exist_ok=True)

    def write(name, text):
        with open(os.path.join(out, name), "w", encoding="utf-8", newline="\n") as f:
            f.write(text)

    shift, s1, s2 = build_trie(lb)
    write("LineBreakTables.swift", emit_trie(
        "LineBreakTables",
        "Resolved UAX #14 line-break class (``LineBreakClass`` raw value, plus ``LineBreakClass/flag``) of every scalar.",
        shift, s1, s2, version))
    shift, s1, s2 = build_trie(gb)
    write("GraphemeBreakTables.swift", emit_trie(
        "GraphemeBreakTables",
        "Grapheme_Cluster_Break value (``GraphemeBreakClass`` raw value, plus the Extended_Pictographic bit) of every scalar.",
        shift, s1, s2, version))
    shift, s1, s2 = build_trie(sc)
    write("ScriptTables.swift", emit_trie(
        "ScriptTables",
        "Script property value (``UnicodeScript`` raw value) of every scalar.",
        shift, s1, s2, version))
    shift, s1, s2 = build_trie(scx)
    write("ScriptExtensionTables.swift", emit_trie(
        "ScriptExtensionTables",
        "Index (1-based, 0 for none) into ``ScriptExtensionSets`` of every scalar's explicit Script_Extensions value.",
        shift, s1, s2, version))

    shift, s1, s2 = build_trie(bidi)
    write("BidiClassTables.swift", emit_trie(
        "BidiClassTables",
        "Bidi_Class value (``BidiClass`` raw value, plus 0x20 for an opening and 0x40 for a closing paired bracket) of every scalar.",
        shift, s1, s2, version))
    write("BidiBracketTables.swift", HEADER.format(version=version) + f"""
/// The paired brackets of BidiBrackets.txt (rule N0 of UAX #9).
enum BidiBracketTables {{
    /// The bracket scalars, in ascending order.
    static let scalars: [UInt32] = [{", ".join(f"0x{cp:04X}" for cp, _, _ in brackets)}]
    /// For each of ``scalars``, the pair it belongs to: the closing bracket of the pair
    /// after canonical (singleton) decomposition, so equivalent brackets share a key.
    static let pairKeys: [UInt32] = [{", ".join(f"0x{key:04X}" for _, key, _ in brackets)}]
}}
""")

    # RGI emoji flags: pairs of regional indicators (emoji-sequences.txt), as a 26 × 26 bitset.
    flag_bits = [0] * 11
    flag_count = 0
    with open(os.path.join(ucd, "emoji", "emoji-sequences.txt"), encoding="utf-8") as f:
        for line in f:
            fields = [x.strip() for x in line.split("#")[0].split(";")]
            if len(fields) < 2 or fields[1] != "RGI_Emoji_Flag_Sequence":
                continue
            first, second = (int(x, 16) - 0x1F1E6 for x in fields[0].split())
            assert 0 <= first < 26 and 0 <= second < 26
            bit = 26 * first + second
            flag_bits[bit // 64] |= 1 << (bit % 64)
            flag_count += 1
    write("EmojiFlagTables.swift", HEADER.format(version=version) + f"""
/// The {flag_count} pairs of regional indicators that are RGI emoji flags (RGI_Emoji_Flag_Sequence
/// in emoji-sequences.txt): bit `26 × first + second` of `pairs`, the letters numbered from
/// U+1F1E6 (A) = 0.
enum EmojiFlagTables {{
    /// The bitset, 64 pairs a word.
    static let pairs: [UInt64] = [{", ".join(f"0x{w:016X}" for w in flag_bits)}]
}}
""")

    # Script_Extensions sets: flat member list plus start offsets.
    flat = []
    starts = []
    for members in sets:
        starts.append(len(flat))
        flat.extend(members)
    starts.append(len(flat))
    write("ScriptExtensionSets.swift", HEADER.format(version=version) + f"""
/// The distinct Script_Extensions values listed in ScriptExtensions.txt.
///
/// Set `n` (1-based, as stored in ``ScriptExtensionTables``) holds the
/// ``UnicodeScript`` raw values `members[starts[n - 1] ..< starts[n]]`.
enum ScriptExtensionSets {{
    /// Start of each set in ``members``, followed by the end of the last set.
    static let starts: [UInt16] = [{", ".join(str(x) for x in starts)}]
    /// Script raw values of all sets, concatenated.
    static let members: [UInt8] = [{", ".join(str(x) for x in flat)}]
}}
""")

    # Script names and constants.
    lines = [HEADER.format(version=version), "extension UnicodeScript {"]
    lines.append("    /// ISO 15924 tags, indexed by raw value.")
    lines.append("    static let tags: [StaticString] = [" + ", ".join(f'"{t}"' for t, _ in aliases) + "]")
    lines.append("    /// Unicode long property value names, indexed by raw value.")
    lines.append("    static let names: [StaticString] = [" + ", ".join(f'"{n}"' for _, n in aliases) + "]")
    for tag, name in aliases:
        ident = camel(name)
        lines.append("")
        lines.append(f"    /// The {name.replace('_', ' ')} script (`{tag}`).")
        lines.append(f"    @inlinable public static var {ident}: UnicodeScript {{ UnicodeScript(rawValue: {tag_code[tag]}, unchecked: ()) }}")
    lines.append("")
    lines.append(f"    /// The number of Script property values in Unicode {version}.")
    lines.append(f"    @inlinable public static var count: Int {{ {len(aliases)} }}")
    lines.append("}")
    write("UnicodeScriptValues.swift", "\n".join(lines) + "\n")
    print(f"Unicode {version}: wrote tables to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
