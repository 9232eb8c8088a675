/// Deterministic test strings in several scripts, generated from a seed.
public enum TestCorpus {
    /// A small deterministic generator (SplitMix64), so failures reproduce; usable with the
    /// standard library's `random(using:)` APIs.
    public struct Random: RandomNumberGenerator {
        var state: UInt64
        /// A generator starting from `seed`.
        public init(seed: UInt64) { state = seed }
        /// The next 64 random bits.
        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        /// A number in `range` (modulo bias is fine for tests).
        public mutating func int(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.count))
        }
        /// A number in `0..<n`.
        public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        public mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }
    }

    public static let englishWords = """
        the quick brown fox jumps over lazy dog Tomorrow Yes AV Ta We You Toy office affluent flight \
        waffle Wave LAVA Typography kerning ligature remote control microphone Settings General Privacy \
        password account e-mail address hours pairing message screen charged Why can't How do I reset \
        well-known state-of-the-art 2024 3.14 $100 (parenthesis) "quoted" it's Mr. Dr. fi fl ffi
        """.split(separator: " ").map(String.init)

    public static let chinese = Array("为什么我的遥控器不能使用确保打开手机麦克风权限遥控器电量充足确认屏幕上显示了配对信息我们今天去公园散步天气很好").map(String.init)
    public static let japanese = Array("きょうはいい天気ですねカタカナひらがな漢字東京都渋谷区のカフェでコーヒーを飲みました。「こんにちは」").map(String.init)
    public static let korean = "안녕하세요 오늘 날씨가 좋네요 리모컨을 사용할 수 없는 이유는 무엇입니까 비밀번호를 재설정하려면".split(separator: " ").map(String.init)
    public static let arabic = "مرحبا بالعالم كيف حالك اليوم هذا نص عربي للاختبار السلام عليكم ورحمة الله".split(separator: " ").map(String.init)
    public static let hebrew = "שלום עולם מה שלומך היום זהו טקסט בעברית לבדיקה תודה רבה".split(separator: " ").map(String.init)

    /// Pieces whose grapheme clusters UAX #14 may cut: emoji modifiers after emoji that take
    /// none (💋🏿 is one cluster, but a line may break between them by LB30b), combining marks
    /// and modifiers after spaces (LB10 breaks after the space; GB9 joins them), ZWJ sequences,
    /// an Arabic prepended number sign (GB9b), ZERO WIDTH SPACE (a control, which a line may
    /// end after: LB8), keycaps, flags and the letters around them.
    public static let clusterPieces = [
        "🏿", "🏻", "💋", "❤️", "❤", "\u{200D}", "\u{FE0F}", "\u{20E3}", "\u{301}", "\u{0E33}", " ", " ", "a", "Wo",
        "汉", "字", "\u{600}", "\u{600}1", "👨🏽", "👨🏻\u{200D}❤️\u{200D}💋\u{200D}👨🏿", "👨\u{200D}👩\u{200D}👧",
        "🇯🇵", "🇯", "1\u{FE0F}\u{20E3}", "#", "ก", "م", "ש", "\n", "\u{1100}", "\u{1161}", "가", "\u{200B}",
        "لعا", "\u{604}", "ل",
    ]

    /// The scalars of `text` in hex, for a failure message that shows invisible characters.
    public static func scalars(of text: String) -> [String] {
        text.unicodeScalars.map { String($0.value, radix: 16) }
    }

    /// A sentence of `count` words from `words`, separated by `separator`.
    public static func sentence(_ words: [String], count: Int, separator: String = " ", random: inout Random) -> String {
        (0..<count).map { _ in random.pick(words) }.joined(separator: separator)
    }
}
