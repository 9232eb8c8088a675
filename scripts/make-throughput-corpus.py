#!/usr/bin/env python3
"""Writes the throughput corpora: feed posts of a multilingual social feed as
`textmetrics measure --jsonl` requests (which the Pango reference program reads too).

Deterministic: one seeded generator per corpus, so running it again writes the same bytes.

    scripts/make-throughput-corpus.py realistic [--posts N]   # each post at 3 widths × 2 sizes
    scripts/make-throughput-corpus.py fresh [--posts N]       # every request a new post
    scripts/make-throughput-corpus.py one                     # a single request (a new process)
    scripts/make-throughput-corpus.py stats FILE              # what a corpus holds

The posts (mix of a feed where two thirds of the posts are CJK):

    Chinese 30%, Japanese 22%, Korean 14%, English 20%, Chinese + English + emoji 8%,
    Arabic 3%, Hebrew 3%

are built from phrase lists written for this script: a post is one to four sentences of
openers, clauses and endings in its language, with product names, numbers, times,
hashtags, @mentions and links where posts have them, and one to three emoji in about a
third of the posts (skin tones, flags, ZWJ sequences, keycaps among them). A post is 10
to 280 characters, as short posts outnumber long ones.

Every request uses one fallback chain, as a feed app does (its UI font first, then CJK,
Arabic, Hebrew and color emoji fonts), and the post's language tag:

    {"id": 17, "text": "…", "font": ["Roboto-Regular", "wqy-microhei",
     "NotoSansArabic-Regular", "NotoSansHebrew-Regular", "NotoColorEmoji"],
     "language": "zh-Hans", "size": 15, "width": 375}

`realistic`: every post is asked at the widths of three phones (320, 375, 414 pt) and two
text sizes (15 and 17 pt), its six requests next to each other in a shuffled order, and one
post in eight also with a line limit (3 lines) at 375 pt, 15 pt — as a service sizing each
new post for every device it will be shown on. `fresh`: every request is a post never seen
before, at one of those widths and sizes. The default is 3,334 posts for `realistic`
(20,004 requests) and 20,000 for `fresh`.
"""
import argparse
import json
import random
import sys

CHAIN = ["Roboto-Regular", "wqy-microhei", "NotoSansArabic-Regular", "NotoSansHebrew-Regular", "NotoColorEmoji"]
WIDTHS = [320, 375, 414]
SIZES = [15, 17]

# ---- Chinese ---------------------------------------------------------------------------------

ZH_OPENERS = ["今天", "刚刚", "周末", "昨晚", "终于", "说真的，", "有没有人知道", "分享一下：", "记录一下，",
              "早上", "下班后", "难得", "第一次", "每次", "听说", "朋友推荐", "又一次", "这周", "假期里", "凌晨三点"]
ZH_CLAUSES = ["去了一家新开的咖啡店", "和朋友一起看了那部电影", "在公司加班到十点", "把房间彻底打扫了一遍",
              "学会了做红烧肉", "跑完了人生第一个半程马拉松", "在地铁上看完了一本小说", "给猫咪洗了个澡",
              "去超市买了一大堆零食", "参加了同学的婚礼", "终于拿到了驾照", "把旧手机换成了新款",
              "在公园里拍了很多照片", "陪爸妈去爬山", "尝试了一家网红火锅", "熬夜追完了整部剧",
              "在家里煮了一锅汤", "收到了期待已久的快递", "被老板表扬了", "又忘记带伞了",
              "发现楼下开了一家面包店", "在图书馆坐了一整天", "给自己放了一天假", "跟着视频学画画",
              "把阳台种满了花", "排队两个小时买到了奶茶", "换了一个新发型", "把积攒的照片整理好了",
              "听了一场很棒的演唱会", "第一次尝试露营", "去海边看了日出", "和室友一起包了饺子",
              "在旧书店淘到一本绝版书", "把简历重新写了一遍", "骑车绕城一圈", "被一部纪录片感动哭了"]
ZH_COMMENTS = ["感觉还不错", "心情特别好", "真的太累了", "值得推荐", "有点失望", "比想象中好多了",
               "下次还要再来", "大家觉得怎么样", "价格也不贵", "服务态度很好", "人超级多", "拍照很好看",
               "味道一般般", "完全停不下来", "强烈推荐给大家", "希望明天也是好天气", "生活需要一点仪式感",
               "累并快乐着", "性价比很高", "环境安静适合工作"]
ZH_EXTRAS = ["iPhone 15", "Switch", "Starbucks", "Costco", "MacBook Pro", "AirPods", "PS5", "Kindle",
             "3小时", "5公里", "128元", "2024年", "第2次", "10点半", "#旅行#", "#美食#", "#日常#", "@小明",
             "@王老师", "4K", "NBA", "App"]
ZH_ENDINGS = ["。", "！", "？", "……", "～", "！！", "。", "。"]

# ---- Japanese --------------------------------------------------------------------------------

JA_OPENERS = ["今日は", "さっき", "週末は", "昨日の夜、", "やっと", "久しぶりに", "初めて", "朝から", "仕事帰りに",
              "友達と", "家族で", "ついに", "今朝", "休みの日に", "なんと"]
JA_CLAUSES = ["新しいカフェに行ってきました", "映画を観に行きました", "ラーメンを食べました", "部屋の片付けをしました",
              "公園を散歩しました", "本屋で気になる本を見つけました", "ケーキを焼いてみました", "電車で寝過ごしました",
              "富士山が見えました", "桜がきれいに咲いていました", "温泉に入ってのんびりしました", "ライブに参加しました",
              "新しいスマホを買いました", "駅前の居酒屋で飲みました", "猫と一緒に昼寝しました", "プログラミングの勉強をしました",
              "海で夕日を眺めました", "ジムで二時間トレーニングしました", "京都でお寺巡りをしました", "お弁当を作りました",
              "雨の中を走って帰りました", "コンビニの新作スイーツを試しました", "髪を切ってもらいました", "ゲームを最後までクリアしました",
              "夜中に餃子を作りました", "久々に実家に帰りました"]
JA_COMMENTS = ["とても楽しかったです", "最高でした", "疲れたけど満足", "また行きたいな", "ちょっと残念でした",
               "おすすめです", "思ったより美味しかった", "幸せな一日でした", "明日も頑張ろう", "みんなはどう思う",
               "感動しました", "ずっと気になっていた", "写真映えする", "値段もお手頃でした"]
JA_EXTRAS = ["iPhone", "Netflix", "USJ", "3時間", "10km", "1,200円", "2024年", "#カフェ巡り", "#今日のごはん",
             "@tanaka", "Switch", "JR", "LINE", "PS5"]
JA_ENDINGS = ["。", "！", "♪", "…", "？", "。", "！！", "。"]

# ---- Korean ----------------------------------------------------------------------------------

KO_OPENERS = ["오늘은", "방금", "주말에", "어젯밤에", "드디어", "오랜만에", "처음으로", "아침부터", "퇴근하고",
              "친구랑", "가족이랑", "이번 주에"]
KO_CLAUSES = ["새로 생긴 카페에 다녀왔어요", "영화를 보러 갔어요", "떡볶이를 먹었어요", "방 청소를 했어요",
              "한강에서 자전거를 탔어요", "서점에서 책을 샀어요", "케이크를 만들어 봤어요", "지하철에서 잠들었어요",
              "제주도로 여행을 갔어요", "콘서트에 다녀왔어요", "새 휴대폰을 샀어요", "삼겹살에 소주 한잔했어요",
              "고양이랑 낮잠을 잤어요", "코딩 공부를 했어요", "바다에서 노을을 봤어요", "헬스장에서 운동했어요",
              "김치찌개를 끓였어요", "비를 맞으며 집에 왔어요", "머리를 잘랐어요", "게임을 끝까지 깼어요",
              "부모님 댁에 다녀왔어요", "도서관에서 하루 종일 공부했어요"]
KO_COMMENTS = ["정말 재미있었어요", "최고였어요", "피곤하지만 행복해요", "또 가고 싶어요", "조금 아쉬웠어요",
               "강력 추천합니다", "생각보다 맛있었어요", "행복한 하루였어요", "내일도 힘내요", "다들 어떻게 생각해요"]
KO_EXTRAS = ["iPhone", "BTS", "3시간", "10km", "12,000원", "2024년", "#맛집", "#일상", "@minji", "KTX", "PC방", "OTT"]
KO_ENDINGS = [".", "!", "~", "?", "!!", "...", ".", "ㅎㅎ"]

# ---- English ---------------------------------------------------------------------------------

EN_OPENERS = ["Just", "Finally", "Today I", "This morning I", "Last night we", "Honestly, I", "So I", "Yesterday I",
              "After work I", "For the first time I", "Somehow I", "Once again I", "This weekend we"]
EN_CLAUSES = ["tried the new coffee place downtown", "watched the movie everyone keeps talking about",
              "stayed at the office until ten", "cleaned the whole apartment", "learned how to make sourdough",
              "ran my first half marathon", "finished a novel on the train", "gave the cat a bath",
              "went grocery shopping and bought way too many snacks", "got my driver's license",
              "upgraded to a new phone", "took a hundred photos at the park", "hiked up the mountain with my parents",
              "binge-watched the entire season", "received the package I'd been waiting for",
              "forgot my umbrella again", "found a tiny bakery around the corner", "spent the whole day at the library",
              "painted the living room", "planted tomatoes on the balcony", "waited two hours for bubble tea",
              "got a haircut", "saw the sunrise at the beach", "fixed the bike all by myself",
              "rewrote my resume from scratch", "cried at a documentary about octopuses"]
EN_COMMENTS = ["and it was totally worth it", "and I'm exhausted", "highly recommend", "kind of disappointed though",
               "better than I expected", "would do it again", "what do you all think", "not cheap but worth it",
               "the service was great", "so many people", "best day in a while", "can't stop thinking about it",
               "10/10 would recommend", "the weather was perfect", "still can't believe it"]
EN_EXTRAS = ["#weekend", "#foodie", "#travel", "@alex", "@sarah_k", "https://example.com/photos/2024/summer",
             "3 hours", "5 km", "$12.99", "at 7:30", "iPhone 15 Pro", "NYC", "LOL", "TBH", "2024", "(again)",
             "x2", "w/ friends"]
EN_ENDINGS = [".", "!", "?", "...", "!!", ".", ".", " :)"]

# ---- Arabic and Hebrew -----------------------------------------------------------------------

AR_SENTENCES = ["ذهبت اليوم إلى مقهى جديد في وسط المدينة", "شاهدنا الفيلم الذي يتحدث عنه الجميع",
                "بقيت في المكتب حتى الساعة العاشرة", "نظفت الشقة بالكامل", "تعلمت كيف أصنع الخبز في البيت",
                "ركضت أول نصف ماراثون في حياتي", "قرأت رواية كاملة في القطار", "اشتريت هاتفا جديدا أخيرا",
                "زرنا جدتي في القرية", "كان الطقس جميلا جدا على الشاطئ", "الخدمة كانت ممتازة والأسعار معقولة",
                "أنصح الجميع بتجربة هذا المطعم", "يوم طويل لكنه جميل", "ما رأيكم في هذا الكتاب",
                "شكرا لكل من تمنى لي عيد ميلاد سعيد", "المباراة كانت رائعة الليلة"]
AR_ENDINGS = [".", "!", "؟", "…", "!!", "."]
HE_SENTENCES = ["הלכתי היום לבית קפה חדש במרכז העיר", "ראינו את הסרט שכולם מדברים עליו",
                "נשארתי במשרד עד עשר בלילה", "ניקיתי את כל הדירה", "למדתי לאפות לחם בבית",
                "רצתי את חצי המרתון הראשון שלי", "קראתי ספר שלם ברכבת", "קניתי סוף סוף טלפון חדש",
                "ביקרנו את סבתא בקיבוץ", "מזג האוויר היה מושלם בחוף", "השירות היה מצוין והמחירים סבירים",
                "ממליץ לכולם לנסות את המסעדה הזאת", "יום ארוך אבל יפה", "מה דעתכם על הספר הזה",
                "תודה לכל מי שאיחל לי יום הולדת שמח", "המשחק הערב היה מדהים"]
HE_ENDINGS = [".", "!", "?", "...", "!!", "."]

# ---- Emoji -----------------------------------------------------------------------------------

EMOJI = ["😂", "❤️", "👍", "🎉", "😊", "🙏", "😭", "🔥", "✨", "😍", "🥰", "💯", "👏", "🤔", "😅", "🌸", "☕", "🍜",
         "🍣", "🏃‍♀️", "👍🏽", "🙏🏻", "👋🏾", "💪🏼", "👨‍👩‍👧", "🧑‍💻", "🇯🇵", "🇨🇳", "🇰🇷", "🇺🇸", "🇮🇱", "1️⃣",
         "☀️", "🌧️", "🐱", "🐶", "📷", "🎂", "🚀", "⭐"]


class Posts:
    """A post generator for one corpus: its own seeded generator, and the languages in
    their proportions."""

    MIX = [("zh", 30), ("ja", 22), ("ko", 14), ("en", 20), ("mixed", 8), ("ar", 3), ("he", 3)]
    LANGUAGE_TAG = {"zh": "zh-Hans", "ja": "ja", "ko": "ko", "en": "en", "mixed": "zh-Hans", "ar": "ar", "he": "he"}

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.kinds = [kind for kind, weight in Posts.MIX for _ in range(weight)]

    def pick(self, items):
        return self.rng.choice(items)

    def chance(self, probability):
        return self.rng.random() < probability

    def emoji(self):
        return "".join(self.pick(EMOJI) for _ in range(self.rng.choice([1, 1, 1, 2, 3])))

    def cjk_sentence(self, openers, clauses, comments, extras, endings, space):
        """A sentence of a language written without spaces (`space` false: Chinese, Japanese;
        Latin names and numbers set off by spaces) or with them (Korean)."""
        gap = " " if space else ""
        text = self.pick(openers) + gap if self.chance(0.6) else ""
        text += self.pick(clauses)
        if self.chance(0.25):
            text += " " + self.pick(extras) + gap
        if self.chance(0.55):
            comma = "，" if openers is ZH_OPENERS else "、" if openers is JA_OPENERS else ", "
            text = text.rstrip() + comma + self.pick(comments)
        return (text.rstrip() + self.pick(endings)).replace("  ", " ")

    def english_sentence(self):
        sentence = self.pick(EN_OPENERS) + " " + self.pick(EN_CLAUSES)
        if self.chance(0.5):
            sentence += ", " + self.pick(EN_COMMENTS)
        if self.chance(0.3):
            sentence += " " + self.pick(EN_EXTRAS)
        return sentence + self.pick(EN_ENDINGS)

    def sentences(self, make, count, separator):
        text = separator.join(make() for _ in range(count))
        return text

    def post(self):
        """A post and its language tag."""
        kind = self.pick(self.kinds)
        count = self.rng.choice([1, 1, 1, 2, 2, 3, 4])
        if kind == "zh":
            text = self.sentences(lambda: self.cjk_sentence(ZH_OPENERS, ZH_CLAUSES, ZH_COMMENTS, ZH_EXTRAS,
                                                            ZH_ENDINGS, False), count, "")
        elif kind == "ja":
            text = self.sentences(lambda: self.cjk_sentence(JA_OPENERS, JA_CLAUSES, JA_COMMENTS, JA_EXTRAS,
                                                            JA_ENDINGS, False), count, "")
        elif kind == "ko":
            text = self.sentences(lambda: self.cjk_sentence(KO_OPENERS, KO_CLAUSES, KO_COMMENTS, KO_EXTRAS,
                                                            KO_ENDINGS, True), count, " ")
        elif kind == "en":
            text = self.sentences(self.english_sentence, count, " ")
        elif kind == "mixed":
            # A bilingual post: Chinese around English names and phrases, with emoji.
            text = (self.cjk_sentence(ZH_OPENERS, ZH_CLAUSES, ZH_COMMENTS, ZH_EXTRAS, ZH_ENDINGS, False)
                    + " " + self.english_sentence() + " " + self.emoji() + " "
                    + self.cjk_sentence(ZH_OPENERS, ZH_CLAUSES, ZH_COMMENTS, ZH_EXTRAS, ZH_ENDINGS, False))
        elif kind == "ar":
            text = " ".join(self.pick(AR_SENTENCES) + self.pick(AR_ENDINGS) for _ in range(min(count, 3)))
        else:
            text = " ".join(self.pick(HE_SENTENCES) + self.pick(HE_ENDINGS) for _ in range(min(count, 3)))
        if kind != "mixed" and self.chance(0.33):
            text += ("" if kind in ("zh", "ja") else " ") + self.emoji()
        if len(text) > 280:
            text = text[:280].rstrip()
        return text, Posts.LANGUAGE_TAG[kind]


def request(identifier, text, language, size, width, **extra):
    r = {"id": identifier, "text": text, "font": CHAIN, "language": language, "size": size, "width": width}
    r.update(extra)
    return json.dumps(r, ensure_ascii=False, separators=(",", ":"))


def realistic(posts_count, out):
    posts = Posts(0x7E3A_0001)
    variants = [(size, width) for width in WIDTHS for size in SIZES]
    identifier = 0
    for _ in range(posts_count):
        text, language = posts.post()
        lines = []
        for size, width in variants:
            lines.append((text, language, size, width, {}))
        if posts.chance(1 / 8):
            lines.append((text, language, 15, 375, {"numberOfLines": 3}))
        posts.rng.shuffle(lines)
        for text_, language_, size, width, extra in lines:
            out.write(request(identifier, text_, language_, size, width, **extra) + "\n")
            identifier += 1


def fresh(count, out):
    posts = Posts(0x7E3A_0002)
    seen = set()
    identifier = 0
    while identifier < count:
        text, language = posts.post()
        if text in seen:
            continue
        seen.add(text)
        out.write(request(identifier, text, language, posts.pick(SIZES), posts.pick(WIDTHS)) + "\n")
        identifier += 1


def one(out):
    out.write(request(0, "今天终于去了那家新开的咖啡店，环境安静适合工作，拿铁也很好喝！推荐给大家 ☕✨",
                      "zh-Hans", 15, 375) + "\n")


def stats(path):
    kinds = {}
    texts = set()
    requests = 0
    total_bytes = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            requests += 1
            texts.add(r["text"])
            total_bytes += len(r["text"].encode("utf-8"))
            kinds[r.get("language")] = kinds.get(r.get("language"), 0) + 1
    print(f"{path}: {requests} requests, {len(texts)} distinct texts, {total_bytes / max(requests, 1):.1f} UTF-8 "
          f"bytes a text on average")
    for kind, n in sorted(kinds.items(), key=lambda item: -item[1]):
        print(f"  {kind}: {n} ({100 * n / requests:.1f}%)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", choices=["realistic", "fresh", "one", "stats"])
    parser.add_argument("file", nargs="?", help="with stats: the corpus file")
    parser.add_argument("--posts", type=int, help="how many posts (realistic) or requests (fresh)")
    args = parser.parse_args()
    out = sys.stdout
    if args.corpus == "realistic":
        realistic(args.posts or 3334, out)
    elif args.corpus == "fresh":
        fresh(args.posts or 20000, out)
    elif args.corpus == "one":
        one(out)
    else:
        stats(args.file)


if __name__ == "__main__":
    main()
