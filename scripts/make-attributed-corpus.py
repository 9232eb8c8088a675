#!/usr/bin/env python3
"""Generates the attributed-text and paragraph-style corpus of the Pango comparison
(Tests/Support/pango-reference/corpus/attributed.jsonl and paragraph.jsonl).

Deterministic: one seeded random generator per file, so running it again gives the same files.
Each line is a `textmetrics measure --jsonl` request with the fields of issues 29 and 30:
  attributed.jsonl  "spans" (fonts, weights, sizes, kern, features, language; starting and ending
                    inside words), "attachments" at U+FFFC (line starts, ends, mid-line), offsets
                    in UTF-8, UTF-16 and scalars; Latin, Chinese and Japanese, Arabic (a size change
                    inside a joined word), emoji, feed posts mixing them.
  paragraph.jsonl   "paragraph": line spacing, line-height multiples, indents (first line, hanging,
                    tail), tab stops with tabs in the text, alignment; a few with fields Pango has no
                    notion of (the Pango reference answers those with an error line).
Widths are estimated from the text (average advances per script and size) so that most
requests wrap to 2-5 lines. Fonts: the bundled ones in Fonts/ only.

    scripts/make-attributed-corpus.py            # (re)write both files
Word lists and emoji come from scripts/make-pango-corpus.py (emoji from Debian's unicode-data).
"""
import importlib.util
import json
import os
import random
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "Support", "pango-reference", "corpus")

_spec = importlib.util.spec_from_file_location("make_pango_corpus", os.path.join(ROOT, "scripts", "make-pango-corpus.py"))
base = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(base)

OBJECT = "\ufffc"
REGULAR, MEDIUM = "Roboto-Regular", "Roboto-Medium"
CJK, ARABIC_FONT, EMOJI = "wqy-microhei", "NotoSansArabic-Regular", "NotoColorEmoji"
LIGATURE_WORDS = ["office", "affix", "flow", "fifty", "official", "efficient", "waffle", "fjord", "shuffle",
                  "afflict", "first", "fluffy", "difficult", "offline", "selfie"]
FIGURES = ["1,111.11", "9,999.99", "0.10", "$41.17", "711", "2024-11-11", "+1.01%", "10:01"]
NAMES = ["@alice", "@bob", "@carol_w", "@dave", "@erin.k", "@frank", "@grace"]
LINKS = ["https://example.com/x", "example.org/news/2024", "https://t.co/AbC123", "github.com/apple/swift"]
# Arabic words of letters that join on both sides (so a cut inside the word is inside a joined run).
ARABIC_JOINED = ["بالعربية", "مستقبل", "تجريبي", "الحروف", "بعضها", "المستخدمين", "عليكم", "تتحدث", "فلسطين", "كتبها"]


# ---- text helpers ----

def is_cut(text, i):
    """Whether a span may start or end before text[i]: not inside a grapheme cluster (before a
    combining mark, a joiner, a variation selector or an emoji modifier, or after a joiner), so
    that Pango and TextMetrics see the same clusters."""
    if i <= 0 or i >= len(text):
        return True
    c, p = text[i], text[i - 1]
    if unicodedata.category(c) in ("Mn", "Me", "Mc") or c in "\u200d\ufe0f\ufe0e" or 0x1F3FB <= ord(c) <= 0x1F3FF:
        return False
    if p == "\u200d" or 0xE0020 <= ord(c) <= 0xE007F:
        return False
    if 0x1F1E6 <= ord(c) <= 0x1F1FF and 0x1F1E6 <= ord(p) <= 0x1F1FF:
        # inside a flag when an odd number of regional indicators precedes
        n, j = 0, i - 1
        while j >= 0 and 0x1F1E6 <= ord(text[j]) <= 0x1F1FF:
            n, j = n + 1, j - 1
        return n % 2 == 0
    return True


def cut_near(rng, text, lo, hi):
    """A cut position in [lo, hi] (scalar index), at a cluster boundary."""
    lo = min(max(0, lo), len(text))
    hi = min(len(text), max(lo, hi))
    candidates = [i for i in range(lo, hi + 1) if is_cut(text, i)]
    if candidates:
        return rng.choice(candidates)
    while not is_cut(text, hi):  # none in range: the next boundary after it
        hi += 1
    return hi


def word_bounds(text):
    """(start, end) scalar indices of the space-separated words."""
    out, i = [], 0
    for w in text.split(" "):
        out.append((i, i + len(w)))
        i += len(w) + 1
    return out


def offset(text, i, unit):
    """Scalar index i as an offset in unit."""
    if unit == "utf8":
        return len(text[:i].encode("utf-8"))
    if unit == "utf16":
        return len(text[:i].encode("utf-16-le")) // 2
    return i


def advance(ch, size):
    """A rough advance of ch at size, to choose widths (not a measurement)."""
    o = ord(ch)
    if ch == OBJECT:
        return 0
    if unicodedata.category(ch) in ("Mn", "Me", "Cf") or ch in "\u200d\ufe0f":
        return 0
    if o >= 0x1F000:
        return 1.2 * size
    if 0x2E80 <= o <= 0x9FFF or 0xAC00 <= o <= 0xD7AF or 0xFF00 <= o <= 0xFFEF or 0x3000 <= o <= 0x30FF:
        return 1.0 * size
    if 0x0600 <= o <= 0x06FF:
        return 0.42 * size
    if ch == " ":
        return 0.25 * size
    return 0.52 * size


class Request:
    """One request being built: text, default font and size, spans and attachments given in
    scalar indices (converted to the request's offset unit when written)."""

    def __init__(self, text, font, size, unit="utf8"):
        self.text, self.font, self.size, self.unit = text, font, size, unit
        self.spans, self.attachments, self.extra = [], [], {}

    def span(self, start, end, **attributes):
        self.spans.append((start, end, attributes))

    def attach(self, index, width, ascent, descent):
        assert self.text[index] == OBJECT
        self.attachments.append((index, width, ascent, descent))

    def natural_width(self):
        sizes = [self.size] * len(self.text)
        kerns = [0.0] * len(self.text)
        for start, end, attributes in self.spans:
            for i in range(start, end):
                sizes[i] = attributes.get("size", sizes[i])
                kerns[i] = attributes.get("kern", kerns[i])
        total = sum(advance(c, s) + k for c, s, k in zip(self.text, sizes, kerns))
        return total + sum(a[1] for a in self.attachments)

    def json(self, rid, width):
        r = {"id": rid, "text": self.text, "font": self.font, "size": self.size, "width": width}
        if self.unit != "utf8":
            r["offsets"] = self.unit
        if self.spans:
            r["spans"] = []
            for start, end, attributes in self.spans:
                s = {"start": offset(self.text, start, self.unit), "end": offset(self.text, end, self.unit)}
                s.update(attributes)
                r["spans"].append(s)
        if self.attachments:
            r["attachments"] = [{"offset": offset(self.text, i, self.unit), "width": w, "ascent": a, "descent": d}
                                for i, w, a, d in self.attachments]
        r.update(self.extra)
        return r


class Writer:
    def __init__(self, name, seed):
        self.name, self.rng, self.requests = name, random.Random(seed), []

    def add(self, request, lines=None, width=None):
        """Adds `request` at `width`, or at a width estimated to give `lines` lines (2-5 by default)."""
        if width is None:
            lines = lines or self.rng.uniform(1.6, 3.8)  # the estimate runs about a line short
            width = max(60, round(request.natural_width() / lines / 5) * 5)
        self.requests.append(request.json(f"{self.name}-{len(self.requests) + 1:03d}", width))

    def write(self):
        with open(os.path.join(OUT, self.name + ".jsonl"), "w", encoding="utf-8") as f:
            for r in self.requests:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        return len(self.requests)


def english(rng, n):
    return base.english_text(rng, n)


def emoji_pool():
    groups = base.load_emoji()
    return groups["plain"] + groups["skin"] + groups["zwj_family"] + groups["flag"] + groups["keycap"]


# ---- attributed.jsonl ----

def inner_range(rng, text, bounds):
    """A range that starts inside one word and ends inside a later (or the same) word."""
    a = rng.randrange(len(bounds))
    b = min(len(bounds) - 1, a + rng.choice([0, 0, 1, 2, 3]))
    (s0, e0), (s1, e1) = bounds[a], bounds[b]
    start = cut_near(rng, text, s0 + 1, max(s0 + 1, e0 - 1))
    while start >= len(text) or not is_cut(text, start):  # a one-letter last word: start before it
        start -= 1
    end = cut_near(rng, text, max(start + 1, s1 + 1), max(start + 1, e1 - 1))
    return start, end


def make_weights(w, kind):
    """Latin in Regular and Medium at several sizes; spans start and end inside words."""
    rng = w.rng
    size = rng.choice([13, 14, 15, 16, 17])
    r = Request(english(rng, rng.randint(10, 24)), REGULAR, size)
    bounds = word_bounds(r.text)
    for _ in range(rng.randint(1, 4)):
        start, end = inner_range(rng, r.text, bounds)
        attributes = {}
        if kind == "weight" or rng.random() < 0.5:
            attributes["font"] = MEDIUM
        if kind == "size" or rng.random() < 0.3:
            attributes["size"] = rng.choice([9, 11, 12, 19, 22, 28])
        r.span(start, end, **attributes)
    if rng.random() < 0.25:  # a whole word bold, as a name would be
        s, e = rng.choice(bounds)
        r.span(s, e, font=MEDIUM)
    w.add(r)


def make_kern(w):
    """Letter spacing, positive and negative, over the whole text or a part starting mid-word."""
    rng = w.rng
    r = Request(english(rng, rng.randint(8, 20)), rng.choice([REGULAR, MEDIUM]), rng.choice([13, 15, 17]))
    k = rng.choice([-1, -0.5, -0.25, 0.3, 0.5, 1, 1.5, 2, 3])
    whole = rng.random() < 0.4
    if whole:
        r.span(0, len(r.text), kern=k)
    else:
        for _ in range(rng.randint(1, 3)):
            start, end = inner_range(rng, r.text, word_bounds(r.text))
            r.span(start, end, kern=rng.choice([k, -k / 2, 2 * k]))
    if rng.random() < 0.3:
        start, end = inner_range(rng, r.text, word_bounds(r.text))
        r.span(start, end, size=rng.choice([11, 20]))
    w.add(r)


def make_features(w, n):
    """liga 0 on words with fi/fl/ffi, kern 0, tnum 1 on figures (the n-th request of this kind)."""
    rng = w.rng
    words = english(rng, rng.randint(6, 14)).split(" ")
    pool = LIGATURE_WORDS if n % 3 != 2 else FIGURES
    for _ in range(rng.randint(2, 4)):
        words.insert(rng.randint(0, len(words)), rng.choice(pool))
    r = Request(" ".join(words), REGULAR, rng.choice([14, 15, 16, 18]))
    feature = {"tnum": 1} if pool is FIGURES else [{"liga": 0}, {"kern": 0}, {"liga": 0, "kern": 0}][(n // 3 + n) % 3]
    if rng.random() < 0.4:
        r.span(0, len(r.text), features=feature)
    else:  # from inside the word before a ligature word or figure to inside or after it
        bounds = word_bounds(r.text)
        targets = [k for k, (s, e) in enumerate(bounds) if r.text[s:e] in pool]
        for k in rng.sample(targets, min(len(targets), rng.randint(1, 3))):
            s0, e0 = bounds[max(0, k - 1)]
            s1, e1 = bounds[k]
            start = cut_near(rng, r.text, s0 + 1, e0) if k > 0 else s1
            end = e1 if rng.random() < 0.5 else cut_near(rng, r.text, min(e1, s1 + 3), e1)
            r.span(start, end, features=feature)
    if n % 5 == 0:  # a later span clears the features of an earlier one
        start, end = inner_range(rng, r.text, word_bounds(r.text))
        r.span(start, end, features={})
    w.add(r)


def make_cjk(w, i):
    """Chinese or Japanese in WenQuanYi, with Latin product names, sizes and weights per span."""
    rng = w.rng
    pool = base.CHINESE if i % 2 == 0 else base.JAPANESE
    text = rng.choice(pool)[:-1] + rng.choice([" iPhone 15 Pro ", " TextMetrics ", "（Swift 6）", " "]) + rng.choice(pool)
    if rng.random() < 0.5:
        text += rng.choice(pool)
    r = Request(text, [CJK, REGULAR] if i % 3 else [REGULAR, CJK], rng.choice([14, 15, 16]))
    for _ in range(rng.randint(1, 3)):
        start = cut_near(rng, text, 1, len(text) - 3)
        end = cut_near(rng, text, start + 1, min(len(text), start + rng.randint(2, 8)))
        attributes = rng.choice([{"size": rng.choice([11, 20, 24])}, {"font": [MEDIUM, CJK]},
                                 {"size": 18, "font": [CJK, MEDIUM]}, {"language": "ja" if i % 2 else "zh-Hans"}])
        r.span(start, end, **attributes)
    w.add(r)


def make_arabic(w, i):
    """Arabic with a size change inside a joined word, and Latin in Roboto."""
    rng = w.rng
    word = rng.choice(ARABIC_JOINED)
    before = " ".join(rng.choice(base.ARABIC) for _ in range(rng.randint(1, 2)))
    after = rng.choice(base.ARABIC)
    middle = rng.choice(["", " Swift 6.3", " iOS 17"]) if i % 2 else ""
    text = f"{before} {word}{middle} {after}"
    r = Request(text, [ARABIC_FONT, REGULAR], rng.choice([14, 15, 17]))
    ws = len(before) + 1
    cut = cut_near(rng, text, ws + 2, ws + len(word) - 2)
    end = ws + len(word) if i % 3 else cut_near(rng, text, cut + 1, ws + len(word) - 1)
    r.span(cut, end, size=rng.choice([11, 20, 24]))
    if i % 4 == 1:
        start, end = inner_range(rng, text, word_bounds(text))
        r.span(start, end, font=[ARABIC_FONT, MEDIUM], language="ar")
    w.add(r)


def make_emoji(w, emoji):
    """Emoji in a chain, sized per span, next to bold and regular words."""
    rng = w.rng
    words = english(rng, rng.randint(6, 14)).split(" ")
    picks = [rng.choice(emoji) for _ in range(rng.randint(1, 4))]
    positions = []
    for e in picks:
        k = rng.randint(0, len(words))
        words.insert(k, e)
    text = " ".join(words)
    r = Request(text, [REGULAR, EMOJI], rng.choice([14, 15, 17]))
    for e in picks:
        at = text.find(e)
        positions.append((at, at + len(e)))
    s, e = rng.choice(positions)
    r.span(s, e, size=rng.choice([20, 24, 30]))
    start, end = inner_range(rng, text, word_bounds(text))
    r.span(start, end, font=[MEDIUM, EMOJI])
    w.add(r)


def make_attachments(w, i):
    """Inline boxes at the start, at the end, before a likely wrap and mid-line; taller and
    shorter than the font; with spans around them."""
    rng = w.rng
    words = english(rng, rng.randint(8, 18)).split(" ")
    where = i % 4
    if where == 0:
        words[0] = OBJECT + words[0]                        # at the text's (and first line's) start
    elif where == 1:
        words[-1] = words[-1] + OBJECT                      # at the end
    elif where == 2:
        words.insert(len(words) // 2, OBJECT)               # a box alone between spaces (wraps like a word)
    else:
        k = rng.randint(1, len(words) - 1)
        words[k] = words[k][:2] + OBJECT + words[k][2:]     # inside a word
    if rng.random() < 0.5:
        words.insert(rng.randint(0, len(words)), OBJECT + OBJECT)  # two boxes side by side
    text = " ".join(words)
    r = Request(text, [REGULAR, EMOJI], rng.choice([13, 15, 17]))
    for index, ch in enumerate(text):
        if ch == OBJECT:
            r.attach(index, rng.choice([12, 16, 18, 24, 40]), rng.choice([4, 10, 14, 18, 26]), rng.choice([0, 2, 4, 9]))
    if rng.random() < 0.5:
        start, end = inner_range(rng, text, word_bounds(text))
        r.span(start, end, font=MEDIUM, size=rng.choice([12, 20]))
    w.add(r)


def make_offsets(w, i, emoji, unit):
    """Texts with characters outside the BMP, spans and attachments in UTF-16 or scalar offsets."""
    rng = w.rng
    words = english(rng, rng.randint(6, 12)).split(" ")
    for _ in range(rng.randint(2, 4)):
        words.insert(rng.randint(0, len(words)), rng.choice(emoji))
    if i % 2:
        words.insert(rng.randint(0, len(words)), rng.choice(base.CHINESE)[:6])
    words.insert(rng.randint(1, len(words)), OBJECT)
    text = " ".join(words)
    r = Request(text, [REGULAR, CJK, EMOJI], rng.choice([14, 15, 16]), unit)
    for _ in range(rng.randint(1, 3)):
        start, end = inner_range(rng, text, word_bounds(text))
        r.span(start, end, **rng.choice([{"font": [MEDIUM, CJK, EMOJI]}, {"size": 21}, {"kern": 0.5}, {"size": 12}]))
    r.attach(text.index(OBJECT), 18, 14, 4)
    w.add(r)


def make_posts(w, i, emoji):
    """Feed posts: a bold name, regular text, a smaller link, an emoji, a custom-emoji box."""
    rng = w.rng
    name, other = rng.sample(NAMES, 2)
    link = rng.choice(LINKS)
    e = rng.choice(emoji)
    body = english(rng, rng.randint(4, 10))
    text = f"{name} replied to {other}: {body} see {link} {e} {OBJECT}"
    r = Request(text, [REGULAR, CJK, EMOJI], 15, ["utf8", "utf16", "scalars"][i % 3])
    r.span(0, len(name), font=[MEDIUM, EMOJI])
    o = text.index(other)
    r.span(o, o + len(other), font=[MEDIUM, EMOJI])
    li = text.index(link)
    r.span(li, li + len(link), size=13)
    if i % 2:
        r.span(li, li + len(link), kern=0.2)  # overlaps the size span: both apply
    r.attach(text.index(OBJECT), 18, 14, 4)
    w.add(r)


def make_attributed():
    w = Writer("attributed", 2901)
    emoji = emoji_pool()
    for i in range(150):
        k = i % 15
        if k in (0, 1):
            make_weights(w, "weight" if k == 0 else "size")
        elif k in (2, 3):
            make_kern(w)
        elif k == 4:
            make_features(w, i // 15)
        elif k in (5, 6):
            make_cjk(w, i)
        elif k in (7, 8):
            make_arabic(w, i)
        elif k == 9:
            make_emoji(w, emoji)
        elif k in (10, 11):
            make_attachments(w, i)
        elif k == 12:
            make_offsets(w, i, emoji, "utf16")
        elif k == 13:
            make_offsets(w, i, emoji, "scalars")
        else:
            make_posts(w, i, emoji)
    return w


# ---- paragraph.jsonl ----

WIDTHS = [120, 160, 200, 240, 320]


def make_paragraph():
    w = Writer("paragraph", 3001)
    rng = w.rng

    def text_for(n_lines, width, size):
        # about n_lines lines of English at this width and size
        words = max(3, int(n_lines * width / (size * 0.52 * 6.2)))
        return english(rng, words)

    def add(paragraph, text=None, font=REGULAR, size=None, width=None, lines=None, spans=()):
        size = size or rng.choice([13, 15, 17])
        width = width or rng.choice(WIDTHS)
        r = Request(text or text_for(lines or rng.uniform(2.5, 4.5), width, size), font, size)
        for start, end, attributes in spans:
            r.span(start, end, **attributes)
        r.extra["paragraph"] = paragraph
        w.add(r, width=width)

    for v in [2, 4, 8, 4.5, 1]:                                   # line spacing alone
        add({"lineSpacing": v})
    for v in [0.8, 1.2, 1.25, 1.5, 2, 1.1]:                       # line-height multiples alone
        add({"lineHeightMultiple": v})
    for v in [1.25, 1.5]:                                         # a multiple on lines of several sizes
        t = text_for(4, 200, 15)
        s, e = inner_range(rng, t, word_bounds(t))
        add({"lineHeightMultiple": v}, text=t, size=15, width=200, spans=[(s, e, {"size": 24})])
    add({"lineSpacing": 4}, text=rng.choice(base.CHINESE) + rng.choice(base.CHINESE), font=CJK, size=15, width=160)
    add({"lineHeightMultiple": 1.3}, text=" ".join(rng.choice(base.ARABIC) for _ in range(3)),
        font=[ARABIC_FONT, REGULAR], size=15, width=160)
    for v in [16, 24, 40]:                                        # first-line indent
        add({"firstLineHeadIndent": v})
    for v in [12, 20, 32]:                                        # hanging indent (head indent only)
        add({"headIndent": v})
    for f, h in [(10, 30), (30, 10), (20, 20), (8, 16)]:          # both
        add({"firstLineHeadIndent": f, "headIndent": h})
    for t in [-10, -24, -40]:                                     # tail indent from the trailing margin
        add({"tailIndent": t})
    for t in [150, 180]:                                          # tail indent from the leading margin
        add({"tailIndent": t}, width=240)
    add({"firstLineHeadIndent": 24, "headIndent": 8, "tailIndent": -16})
    # several paragraphs (mandatory breaks): every paragraph's first line is indented
    for v in [{"firstLineHeadIndent": 20}, {"headIndent": 18}, {"lineSpacing": 3, "firstLineHeadIndent": 12}]:
        t = "\n".join(text_for(1.6, 200, 15) for _ in range(3))
        add(v, text=t, size=15, width=200)
    # tab stops, with tabs in the text
    rows = ["Name\tValue\tUnit", "Width\t320\tpt", "Height\t48.5\tpt", "Lines\t3\t", "a\tb\tc\td\te\tf\tg",
            "Total:\t$1,234.00", "\tindented by a tab", "x\t\ty", "Key\tA long value that keeps going and wraps onto the next line"]
    tab_styles = [{}, {"tabStops": [40, 120]}, {"tabStops": [60]}, {"tabStops": [30, 90, 150], "defaultTabInterval": 36},
                  {"tabStops": [], "defaultTabInterval": 50}, {"defaultTabInterval": 28}, {"tabStops": [20, 25, 30]},
                  {"tabStops": [100], "defaultTabInterval": 40}]
    for k in range(16):
        t = "\n".join(rows[(k + 4 * j) % len(rows)] for j in range(1 + k % 3))
        style = dict(tab_styles[k % len(tab_styles)])
        if k % 5 == 4:
            style["firstLineHeadIndent"] = 10
        add(style, text=t, size=15, width=rng.choice([160, 200, 240]))
    # alignment
    for a in ["right", "center", "justified", "natural", "left"]:
        add({"alignment": a})
        add({"alignment": a}, lines=2.5)
    add({"alignment": "justified", "firstLineHeadIndent": 16})
    add({"alignment": "natural", "headIndent": 12})
    add({"alignment": "right", "headIndent": 12, "firstLineHeadIndent": 12, "tailIndent": -12})
    add({"alignment": "center", "tailIndent": -20})
    for a in ["natural", "right", "left", "center"]:               # right-to-left paragraphs
        add({"alignment": a}, text=" ".join(rng.choice(base.ARABIC) for _ in range(3)), font=[ARABIC_FONT, REGULAR],
            size=15, width=180)
    add({"alignment": "natural", "firstLineHeadIndent": 20},
        text=" ".join(rng.choice(base.ARABIC) for _ in range(3)), font=[ARABIC_FONT, REGULAR], size=15, width=180)
    # combined (lineSpacing with a multiple: Pango lays that out only with --line-height-attribute)
    add({"lineHeightMultiple": 1.25, "lineSpacing": 4}, size=15, lines=3)
    add({"lineHeightMultiple": 1.2, "lineSpacing": 2, "firstLineHeadIndent": 16, "alignment": "justified"})
    add({"lineSpacing": 6, "headIndent": 24, "tabStops": [48]}, text="Step 1\tOpen the settings and choose the account "
        "you want to change.\nStep 2\tTap the name, type the new one and save.", size=15, width=240)
    # fields Pango has no notion of: the Pango reference answers each with an error line
    for p in [{"paragraphSpacing": 8}, {"paragraphSpacingBefore": 4}, {"minimumLineHeight": 24}, {"maximumLineHeight": 16}]:
        add(p, text="\n".join(text_for(1.5, 200, 15) for _ in range(2)), size=15, width=200)
    return w


def main():
    os.makedirs(OUT, exist_ok=True)
    for w in [make_attributed(), make_paragraph()]:
        print(f"{w.name}.jsonl: {w.write()} requests")


if __name__ == "__main__":
    main()
