// Multilingual text (font fallback): mixed-script texts against English, and the cost of
// looking fonts up in a fallback chain. 15 pt, container 320 pt wide, fonts loaded before
// measuring.
//
// 1. Mixed-script vs English, per character. Each benchmark prepares (shapes) and sizes
//    one 70-character text: `PreparedText(text, fonts: chain).size(in: 320 pt)`, with the
//    chain [Roboto-Regular, wqy-microhei, NotoColorEmoji] for both kinds of text (an English
//    text in that chain is what an app showing both kinds measures; plain ASCII takes the
//    one-font path there). Both kinds are exactly 70 characters (grapheme clusters), so
//    Mixed p50 / English p50 is the per-character ratio.
//    - "Mixed 70 chars cold" / "English 70 chars cold": every text new and made of words
//      never shaped before in the process. Mixed: two Han runs of 6–14 ideographs whose
//      every ideograph-with-its-neighbour is new (FreshIdeographs), each followed by
//      nothing, a space or Chinese punctuation and then fresh English words (FreshWords),
//      and 2–3 emoji (👍🏽 😂 🇯🇵 …: one mid-text, the rest at the end), e.g.
//      "哈…潮，pxkv qeo 😂 蹈…舔 ucyzdgo mlu 👍🏽🇯🇵" (~120 UTF-8 bytes). The emoji come
//      from a fixed set and are cached after their first use, as in a real feed. English:
//      fresh lowercase words of 2–9 letters (FreshWords).
//    - "Mixed 70 chars warm" / "English 70 chars warm": the same 1,000 texts of each kind
//      over and over, every segment in the faces' caches.
// 2. Font fallback lookup.
//    - "Fallback/Han 70 chars warm, 3rd of 5 fonts" vs "Fallback/Han 70 chars warm, primary
//      font": the same 1,000 Han texts (ideographs and Chinese punctuation), prepared and
//      sized in [Roboto-Regular, NotoSansArabic-Regular, wqy-microhei,
//      NotoSansHebrew-Regular, NotoColorEmoji], where every cluster falls back to the 3rd
//      font, and in wqy-microhei alone; segments warm, so the difference is the coverage
//      lookups and the runs.
//    - "Fallback/load wqy-microhei face": `FontFace(path:)` on wqy-microhei.ttc — what the
//      first use of a font costs, once per process (FontLibrary shares faces): reading the
//      file, FreeType and HarfBuzz setup, and building the coverage table that makes every
//      later lookup two loads. The file is in the page cache after the warm-up.
import Benchmark
import BenchmarkSupport
import TextMetrics

/// Words and ideographs never handed out before in the process.
nonisolated(unsafe) var freshWords = FreshWords(seed: 0x3C71_0001)
nonisolated(unsafe) var freshIdeographs = FreshIdeographs(
    seed: 0x3C71_0002, face: try! FontLibrary.shared.face(named: "wqy-microhei"))

/// Emoji of a post: a skin tone, a flag, plain emoji.
let emoji = ["👍🏽", "😂", "🇯🇵", "🎉", "🙏🏻", "🇨🇳", "😊", "❤️"]

/// A post of exactly `length` characters mixing Han, English and emoji, every word and
/// ideograph new: Han + ending, English, " 😂 ", Han + ending, English, " 👍🏽🇯🇵".
func mixedText(length: Int = 70) -> String {
    var random = SeededGenerator(seed: UInt64(freshIdeographs.count) &* 31 &+ UInt64(length))
    let han1 = freshIdeographs.run(length: Int.random(in: 6...14, using: &random))
    let han2 = freshIdeographs.run(length: Int.random(in: 6...14, using: &random))
    let picked = emoji.shuffled(using: &random).prefix(Int.random(in: 2...3, using: &random))
    let middle = " " + picked.first! + " "
    let end = " " + picked.dropFirst().joined()
    let english = length - han1.count - han2.count - middle.count - end.count
    let english1 = english / 3 + Int.random(in: 0...english / 3, using: &random)
    let text = han1 + freshWords.text(length: english1) + middle + han2
        + freshWords.text(length: english - english1) + end
    precondition(text.count == length, "mixed text of \(text.count) characters: \(text)")
    return text
}

/// A Han text of exactly `length` characters: runs of ideographs each ended by Chinese punctuation.
func hanText(length: Int = 70) -> String {
    var text = ""
    while text.count < length {
        let remaining = length - text.count
        let run = remaining <= 16 ? remaining : Int.random(in: 6...14, using: &freshRandom)
        text += freshIdeographs.run(length: run, endings: remaining <= 16 ? [""] : ["，", "。", "！", "？"])
    }
    precondition(text.count == length)
    return text
}

nonisolated(unsafe) var freshRandom = SeededGenerator(seed: 0x3C71_0003)
