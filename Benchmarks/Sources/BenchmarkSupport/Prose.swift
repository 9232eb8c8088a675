/// English-like prose from a seeded generator: sentences of common English words mixed with
/// rarer pseudo-words (about one word in five, from a vocabulary of 5,000), capitalized and
/// punctuated — what the texts of a FAQ or a social feed look like to a shaper: most words
/// repeat, some are new.
public struct Prose: Sendable {
    public private(set) var random: SeededGenerator
    private let rare: [String]

    public init(seed: UInt64, rareVocabulary: Int = 5_000) {
        random = SeededGenerator(seed: seed)
        var words = FreshWords(seed: seed &+ 1)
        var rare: [String] = []
        rare.reserveCapacity(rareVocabulary)
        while rare.count < rareVocabulary {
            let length = Int.random(in: 4...11, using: &random)
            let first = min(length, 9)
            if words.isAvailable(first) { rare.append(words.word(length: first)) }
        }
        self.rare = rare
    }

    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    public mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }

    public mutating func word() -> String {
        chance(0.2) ? rare.randomElement(using: &random)! : Prose.common.randomElement(using: &random)!
    }

    /// Sentences totalling about `length` characters (never much more).
    public mutating func text(length: Int, question: Bool = false) -> String {
        var text = ""
        var sentenceStart = true
        while text.count < length {
            var word = word()
            if sentenceStart { word = word.prefix(1).uppercased() + word.dropFirst() }
            if !text.isEmpty { text += " " }
            text += word
            sentenceStart = false
            if text.count >= length {
                text += question ? "?" : "."
            } else if chance(0.09) {
                text += "."
                sentenceStart = true
            } else if chance(0.06) {
                text += ","
            }
        }
        return text
    }

    /// A person's name: two capitalized words.
    public mutating func name() -> String {
        let first = Prose.names.randomElement(using: &random)!
        let last = rare.randomElement(using: &random)!
        return first + " " + last.prefix(1).uppercased() + last.dropFirst()
    }

    static let names = [
        "Alice", "Bob", "Carol", "David", "Emma", "Farid", "Grace", "Hiro", "Ines", "Jonas", "Kofi", "Lena",
        "Mateo", "Nadia", "Oscar", "Priya", "Quinn", "Rosa", "Sven", "Tariq", "Uma", "Victor", "Wen", "Yusuf",
    ]

    static let common = """
        the of and to a in is you that it he was for on are as with his they at be this have from or one had by \
        word but not what all were we when your can said there use an each which she do how their if will up \
        other about out many then them these so some her would make like him into time has look two more write \
        go see number no way could people my than first water been call who oil its now find long down day did \
        get come made may part over new sound take only little work know place year live me back give most very \
        after thing our just name good sentence man think say great where help through much before line right \
        too mean old any same tell boy follow came want show also around form three small set put end does \
        another well large must big even such because turn here why ask went men read need land different home \
        us move try kind hand picture again change off play spell air away animal house point page letter \
        mother answer found study still learn should account password settings phone screen app open tap \
        select remote charge battery connect network update install device message email order delivery \
        payment refund card address support contact service question problem reset sign link browser \
        download storage account privacy microphone camera location notification subscription cancel \
        restart version available option menu button profile photo video share comment friend group
        """.split(separator: " ").map(String.init)
}
