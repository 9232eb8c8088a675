#!/usr/bin/env python3
"""Generates the Pango comparison corpus (Tests/Support/pango-reference/corpus/*.jsonl).

Deterministic: one seeded random generator per file, so running it again gives the same files.
Each line is a `textmetrics measure --jsonl` request. Files with a single script and a single
font are kept apart from those that need a fallback chain (emoji.jsonl, mixed.jsonl), because
TextMetrics measures a chain with its first font only until fallback lands.

    scripts/make-pango-corpus.py                 # (re)write the corpus files
    scripts/make-pango-corpus.py --bench 20000   # print a throughput batch to stdout instead:
                                                 # 70-character English texts, 320 pt, 15 pt Roboto
Emoji sequences come from /usr/share/unicode/emoji/emoji-test.txt (Debian's unicode-data).
"""
import argparse
import json
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "Support", "pango-reference", "corpus")
EMOJI_TEST = "/usr/share/unicode/emoji/emoji-test.txt"

ENGLISH_WORDS = """the of and to in is you that it he was for on are as with his they at be this
have from or one had by word but not what all were we when your can said there use an each which
she do how their if will up other about out many then them these so some her would make like him
into time has look two more write go see number no way could people my than first water been call
who oil its now find long down day did get come made may part measurement typography kerning ligature
baseline paragraph internationalization accessibility configuration asynchronous straightforward
notwithstanding counterrevolutionary incomprehensibilities photosynthesis electroencephalogram
label button cell feed scroll render layout width height font size line break wrap""".split()

PUNCTUATED = ["Hello, world!", "Wait... what?", "(see below)", "\u201cquoted\u201d", "it\u2019s",
              "don't", "e.g.", "i.e.,", "well-known", "state-of-the-art", "mother-in-law",
              "co-operate", "re-enter", "\u2014 an aside \u2014", "A/B", "and/or", "50%", "$19.99",
              "1,234,567.89", "3.14159", "2024-01-05", "10:30", "#hashtag", "@mention", "x86-64",
              "UTF-8", "C++", "(555) 123-4567", "+1-202-555-0143", "v1.2.3", "e-mail", "Mr.",
              "\u00a7 4.2", "\u00bd", "\u2116 5", "#1", "100\u00a0km", "item; next", "end."]

URLS = ["https://example.com/", "https://www.example.org/path/to/resource?query=value&other=1",
        "http://en.wikipedia.org/wiki/Unicode_line_breaking_algorithm",
        "https://github.com/apple/swift-argument-parser/blob/main/Sources/ArgumentParser/Parsing/ArgumentSet.swift",
        "ftp://files.example.net/pub/archive/2023/releases/textmetrics-1.0.0.tar.gz",
        "https://maps.example.com/place/@37.7749295,-122.4194155,13z/data=!3m1!4b1!4m5!3m4",
        "mailto:someone.with.a.long.name@subdomain.example.co.uk",
        "https://example.com/a-very-long-path-segment-with-many-hyphens-that-keeps-going-and-going",
        "https://cdn.example.com/images/2024/05/photo_of_the_day_with_underscores_1234567890.jpg",
        "www.example.com/search?q=line+breaking+in+unicode&lang=en-US&page=2"]

CHINESE = ["今天天气很好，我们去公园散步吧。", "这个问题需要仔细研究，不能急于下结论。", "他说：“明天见！”",
           "中华人民共和国成立于一九四九年。", "请在下方输入您的电子邮件地址。", "文字排版是一门古老而精细的艺术。",
           "《红楼梦》是中国古典小说的巅峰之作。", "我们的目标是让每一行文字都恰到好处。", "价格：¥128.00（含税）",
           "春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。", "学而时习之，不亦说乎？", "测量文本宽度需要真实的字体。",
           "第１章　概述", "数据显示，用户增长了百分之三十五。", "——这是一个破折号的例子……"]
JAPANESE = ["今日はいい天気ですね。", "日本語の文章には、ひらがな・カタカナ・漢字が混ざっています。",
            "「こんにちは」と彼女は言った。", "東京駅から新幹線に乗って、京都へ向かいました。",
            "コンピューターのソフトウェアを開発しています。", "ありがとうございます！またお越しください。",
            "この小説は、とても面白かった（特に最後の章が）。", "吾輩は猫である。名前はまだ無い。",
            "ラーメンとギョーザをください。", "ちょっと待ってください…", "情報処理技術者試験に合格しました。",
            "ゃゅょっァィゥェォーヽヾ々〆"]
KOREAN = ["안녕하세요, 만나서 반갑습니다.", "오늘은 날씨가 정말 좋네요.", "한국어 문장은 띄어쓰기로 단어를 구분합니다.",
          "대한민국의 수도는 서울입니다.", "이 프로그램은 텍스트의 크기를 측정합니다.", "감사합니다! 또 오세요.",
          "다람쥐 헌 쳇바퀴에 타고파", "키스의 고유조건은 입술끼리 만나야 하고 특별한 기술은 필요치 않다.",
          "가격은 12,000원입니다.", "“좋은 아침입니다”라고 그가 말했다."]
ARABIC = ["مرحبا بالعالم", "اللغة العربية جميلة جدا", "هذا نص تجريبي لقياس عرض السطر",
          "السلام عليكم ورحمة الله وبركاته", "يكتب النص العربي من اليمين إلى اليسار، وتتصل الحروف ببعضها.",
          "في عام ٢٠٢٤ بلغ عدد المستخدمين ١٥٠ مليون.", "كتاب، قلم، مدرسة، معلم، طالب.",
          "هل تتحدث العربية؟", "الخط العربي فن عريق", "مُحَمَّدٌ رَسُولُ اللَّهِ", "لا إله إلا الله",
          "القاهرة هي عاصمة مصر وأكبر مدنها."]
HEBREW = ["שלום עולם", "עברית נכתבת מימין לשמאל.", "זהו טקסט לדוגמה למדידת רוחב השורה",
          "ירושלים היא בירת ישראל.", "תודה רבה! להתראות מחר.", "בְּרֵאשִׁית בָּרָא אֱלֹהִים אֵת הַשָּׁמַיִם וְאֵת הָאָרֶץ",
          "המחיר הוא 45 ש״ח בלבד.", "אני לומד לכתוב קוד בשפת סוויפט.", "״ציטוט״ בתוך משפט, עם פסיקים.",
          "מה שלומך היום?"]
# Noto Sans Hebrew has no ASCII punctuation or digits (Pango falls back for them, TextMetrics
# draws .notdef until fallback lands): hebrew.jsonl uses the sentences without them; the ones with
# them go to mixed.jsonl with a chain.
HEBREW_PURE = [" ".join("".join(c for c in s if c not in "!,.?0123456789").split()) for s in HEBREW]
COMBINING = ["cafe\u0301", "re\u0301sume\u0301", "nai\u0308ve", "Zoe\u0308", "a\u0300 la carte",
             "n\u0303", "o\u0302\u0301", "e\u0323\u0302", "x\u0301\u0302\u0303\u0304", "A\u030a",
             "Vi\u1ec7t Nam", "Ti\u1ebfng Vi\u1ec7t", "Ng\u01b0\u1eddi", "\u0111\u01b0\u1eddng ph\u1ed1",
             "Vie\u0323\u0302t Nam", "Tie\u0302\u0301ng Vie\u0323\u0302t", "Ngu\u031bo\u031b\u0300i",
             "ph\u1edf b\u00f2", "H\u00e0 N\u1ed9i", "Th\u00e0nh ph\u1ed1 H\u1ed3 Ch\u00ed Minh",
             "s\u0327", "c\u030c", "g\u0306", "u\u0308\u0304", "i\u0307\u0301"]


def load_emoji():
    groups = {"zwj_family": [], "flag": [], "keycap": [], "skin": [], "zwj_other": [], "plain": []}
    with open(EMOJI_TEST, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or "; fully-qualified" not in line:
                continue
            cps = [int(c, 16) for c in line.split(";")[0].split()]
            seq = "".join(map(chr, cps))
            name = line.split("#", 1)[1]
            if 0x200D in cps and ("family" in name or "couple" in name or "kiss" in name):
                groups["zwj_family"].append(seq)
            elif 0x200D in cps:
                groups["zwj_other"].append(seq)
            elif len(cps) == 2 and all(0x1F1E6 <= c <= 0x1F1FF for c in cps) or 0xE007F in cps:
                groups["flag"].append(seq)
            elif 0x20E3 in cps:
                groups["keycap"].append(seq)
            elif any(0x1F3FB <= c <= 0x1F3FF for c in cps):
                groups["skin"].append(seq)
            else:
                groups["plain"].append(seq)
    return groups


def english_text(rng, n_words):
    words = []
    for _ in range(n_words):
        r = rng.random()
        if r < 0.15:
            words.append(rng.choice(PUNCTUATED))
        else:
            w = rng.choice(ENGLISH_WORDS)
            if rng.random() < 0.1:
                w = w.capitalize()
            if rng.random() < 0.08:
                w += rng.choice([",", ".", ";", ":", "!", "?"])
            words.append(w)
    text = " ".join(words)
    return text[0].upper() + text[1:]


def cjk_sentences(rng, pool, n, sep=""):
    return sep.join(rng.choice(pool) for _ in range(n))


class Writer:
    def __init__(self, name):
        self.name = name
        self.requests = []

    def add(self, text, font, size, width, **extra):
        request = {"id": f"{self.name}-{len(self.requests) + 1:03d}", "text": text, "font": font,
                   "size": size, "width": width}
        request.update(extra)
        self.requests.append(request)

    def write(self):
        os.makedirs(OUT, exist_ok=True)
        with open(os.path.join(OUT, self.name + ".jsonl"), "w", encoding="utf-8") as f:
            for r in self.requests:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
        return len(self.requests)


def size_width(rng):
    return rng.choice([12, 13, 14, 15, 16, 17, 18, 20]), rng.choice([80, 100, 120, 150, 180, 200, 240, 280, 320, 360, 400])


def make_latin():
    rng, w = random.Random(1401), Writer("latin")
    for i in range(150):
        size, width = size_width(rng)
        n = rng.choice([1, 2, 3, 5, 8, 12, 20, 35, 60])
        font = "Roboto-Medium" if i % 7 == 3 else "Roboto-Regular"
        extra = {}
        if i % 15 == 5:
            extra["lineBreakMode"] = "charWrap"
        if i % 19 == 7:
            extra["numberOfLines"] = 2
        text = english_text(rng, n)
        if i % 23 == 11:
            text = text.replace(" ", "\n", 1)  # a mandatory break
        if i % 29 == 13:
            text = text.replace(" ", "  ", 2)  # double spaces
        w.add(text, font, size, width, **extra)
    return w


def make_urls():
    rng, w = random.Random(1402), Writer("urls")
    for i in range(40):
        size, width = size_width(rng)
        url = rng.choice(URLS)
        text = url if i % 2 == 0 else f"{english_text(rng, rng.randint(2, 6))} {url} {english_text(rng, rng.randint(1, 4))}"
        w.add(text, "Roboto-Regular", size, min(width, 240))
    return w


def make_combining():
    rng, w = random.Random(1403), Writer("combining")
    for i in range(40):
        size, width = size_width(rng)
        parts = [rng.choice(COMBINING) if rng.random() < 0.5 else rng.choice(ENGLISH_WORDS) for _ in range(rng.randint(2, 16))]
        w.add(" ".join(parts), "Roboto-Regular", size, width)
    return w


def make_cjk():
    rng, w = random.Random(1404), Writer("cjk")
    for i in range(100):
        size, width = size_width(rng)
        pool = CHINESE if i % 2 == 0 else JAPANESE
        w.add(cjk_sentences(rng, pool, rng.choice([1, 1, 2, 3, 5, 8])), "wqy-microhei", size, width)
    return w


def make_korean():
    rng, w = random.Random(1405), Writer("korean")
    for i in range(50):
        size, width = size_width(rng)
        w.add(cjk_sentences(rng, KOREAN, rng.choice([1, 2, 3, 5]), " "), "wqy-microhei", size, width)
    return w


def make_rtl(name, pool, font, seed):
    rng, w = random.Random(seed), Writer(name)
    for i in range(50):
        size, width = size_width(rng)
        w.add(cjk_sentences(rng, pool, rng.choice([1, 2, 3, 4, 6]), " "), font, size, width)
    return w


def make_emoji(groups):
    rng, w = random.Random(1408), Writer("emoji")
    chain = ["Roboto-Regular", "NotoColorEmoji"]
    kinds = ["zwj_family", "flag", "keycap", "skin", "zwj_other", "plain"]
    for i in range(72):
        size, width = size_width(rng)
        kind = kinds[i % len(kinds)]
        seqs = [rng.choice(groups[kind]) for _ in range(rng.randint(1, 12))]
        if i % 3 == 0:
            text = "".join(seqs)  # emoji only, no spaces: breaks between clusters only
        elif i % 3 == 1:
            text = " ".join(seqs)
        else:
            words = english_text(rng, rng.randint(3, 12)).split(" ")
            for s in seqs:
                words.insert(rng.randint(0, len(words)), s)
            text = " ".join(words)
        w.add(text, chain, size, min(width, 200))
    return w


def make_emoji_only(groups):
    """Emoji measured with Noto Color Emoji alone (single font): scaled bitmap-font metrics."""
    rng, w = random.Random(1409), Writer("emoji-only")
    kinds = ["zwj_family", "flag", "keycap", "skin", "zwj_other", "plain"]
    for i in range(30):
        size, width = size_width(rng)
        seqs = [rng.choice(groups[kinds[i % len(kinds)]]) for _ in range(rng.randint(1, 10))]
        w.add(("" if i % 2 else " ").join(seqs), "NotoColorEmoji", size, min(width, 160))
    return w


def make_mixed(groups):
    rng, w = random.Random(1410), Writer("mixed")
    every = ["Roboto-Regular", "wqy-microhei", "NotoSansArabic-Regular", "NotoSansHebrew-Regular", "NotoColorEmoji"]
    emoji = groups["plain"] + groups["skin"] + groups["zwj_family"] + groups["flag"]
    for i in range(80):
        size, width = size_width(rng)
        k = i % 8
        if k == 0:    # Chinese prose with English product names (CJK font first: Latin in wqy)
            text, font = CHINESE[i % len(CHINESE)][:-1] + " iPhone 15 Pro " + rng.choice(CHINESE), ["wqy-microhei", "Roboto-Regular"]
        elif k == 1:  # English with Chinese, Roboto first
            text, font = english_text(rng, 6) + " " + rng.choice(CHINESE) + " " + english_text(rng, 4), ["Roboto-Regular", "wqy-microhei"]
        elif k == 2:  # Arabic with English and digits (bidi)
            text, font = rng.choice(ARABIC) + " Swift 6.3 " + rng.choice(ARABIC) + " 2024", ["NotoSansArabic-Regular", "Roboto-Regular"]
        elif k == 3:  # English paragraph with a Hebrew phrase (bidi)
            text, font = english_text(rng, 5) + " " + rng.choice(HEBREW) + " " + english_text(rng, 5), ["Roboto-Regular", "NotoSansHebrew-Regular"]
        elif k == 4:  # Japanese with emoji
            text, font = rng.choice(JAPANESE) + rng.choice(emoji) + rng.choice(JAPANESE) + rng.choice(emoji), ["wqy-microhei", "NotoColorEmoji"]
        elif k == 5:  # Korean and English
            text, font = rng.choice(KOREAN) + " TextMetrics v2 " + rng.choice(KOREAN), ["wqy-microhei", "Roboto-Regular"]
        elif k == 6:  # everything, with the whole chain
            text = " ".join([english_text(rng, 3), rng.choice(CHINESE), rng.choice(ARABIC), rng.choice(emoji),
                             rng.choice(HEBREW), rng.choice(KOREAN), rng.choice(JAPANESE)])
            font = every
        else:         # Hebrew with English and an emoji
            text, font = rng.choice(HEBREW) + " (iOS 17) " + rng.choice(emoji) + " " + rng.choice(HEBREW), ["NotoSansHebrew-Regular", "Roboto-Regular", "NotoColorEmoji"]
        w.add(text, font, size, width)
    return w


def make_edge():
    """Conventions: newlines, spaces, empty text, limits (Roboto only)."""
    w = Writer("edge")
    f = "Roboto-Regular"
    for text in ["", " ", "   ", "abc\n", "abc\n\n", "\nabc", "a\nb", "a\r\nb", "a\rb", "a\u2028b", "a\u2029b",
                 "a\u0085b", "  leading spaces", "trailing spaces   ", "two  spaces  between", "tab\tseparated",
                 "nbsp\u00a0joined\u00a0words stay together", "soft\u00adhyphen\u00adated\u00adword",
                 "zero\u200bwidth\u200bspace\u200bbreaks", "word\u2060joiner\u2060glued", "x" * 120]:
        w.add(text, f, 15, 100)
    w.add("one two three four five six seven eight nine ten", f, 15, 100, numberOfLines=2)
    w.add("one two three four five six seven eight nine ten", f, 15, 100, height=40)
    w.add("one two three four five six seven eight nine ten", f, 15, 0)
    w.add("one two three four five six seven eight nine ten", f, 15, 100, lineBreakMode="charWrap")
    return w


def bench(count):
    rng = random.Random(2002)
    out = sys.stdout
    for i in range(count):
        text = ""
        while len(text) < 70:
            text += rng.choice(ENGLISH_WORDS) + " "
        text = text[:70]
        if text.endswith(" "):
            text = text[:69] + "."
        out.write(json.dumps({"id": i, "text": text, "font": "Roboto-Regular", "size": 15, "width": 320}) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bench", type=int, metavar="N", help="print N throughput requests to stdout instead")
    args = parser.parse_args()
    if args.bench:
        bench(args.bench)
        return
    groups = load_emoji()
    writers = [make_latin(), make_urls(), make_combining(), make_cjk(), make_korean(),
               make_rtl("arabic", ARABIC, "NotoSansArabic-Regular", 1406),
               make_rtl("hebrew", HEBREW_PURE, "NotoSansHebrew-Regular", 1407),
               make_emoji(groups), make_emoji_only(groups), make_mixed(groups), make_edge()]
    for w in writers:
        print(f"{w.name}.jsonl: {w.write()} requests")


if __name__ == "__main__":
    main()
