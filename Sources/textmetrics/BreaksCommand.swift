import ArgumentParser
import JSON
import TextSegmentation

/// `textmetrics breaks`: where a text may wrap (UAX #14 break opportunities).
struct BreaksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "breaks",
        abstract: "List the UAX #14 line break opportunities of a text (UTF-8 byte offsets).",
        discussion: """
            Each opportunity is a byte offset where a line may start; mandatory ones follow a \
            line separator or end the text. Thai, Lao, Khmer and Myanmar (class SA) also break \
            between words where ICU's dictionary break iterator does. These are UAX #14's: measuring also keeps grapheme \
            clusters whole, so it skips the few UAX #14 allows inside one (before an emoji \
            modifier after an emoji that takes none, between a space and a mark after it) and \
            one before a mark after ZERO WIDTH SPACE. --language applies that language's \
            tailoring of UAX #14 (ja, zh: small kana and ー may start a line; ko: Hangul breaks \
            between words, not syllables); the default is none. With --jsonl, standard input is JSON \
            Lines of {"id", "text", "language"} and each answer is \
            {"id", "breaks": [{"offset", "mandatory"}]}.
            """)

    @Argument(help: "The text (default: read standard input).")
    var text: String?

    @Option(help: "A BCP 47 language tag whose line-breaking tailoring applies, e.g. ja, zh-Hant, ko (default: none).")
    var language: String?

    @Flag(help: "Print the answer as JSON.")
    var json = false

    @Flag(help: "Read JSON Lines requests on standard input.")
    var jsonl = false

    func validate() throws {
        if jsonl && text != nil { throw ValidationError("--jsonl reads requests from standard input; give no text argument") }
        if jsonl && json { throw ValidationError("--jsonl answers in JSON already; drop --json") }
        try RequestFields.checkLanguageOption(language)
    }

    func run() throws {
        if jsonl {
            JSONLinesRunner.run { request in
                guard case .object = request else { throw CommandError("a request must be a JSON object, got \(request.kindName)") }
                guard let text = request["text"]?.stringValue else { throw CommandError("missing string field \"text\"") }
                let language = try RequestFields.languageTag(request) ?? self.language
                return .object([("id", request["id"] ?? .null),
                                ("breaks", Self.breaksJSON(text, LineBreakTailoring(language: language)))])
            }
            return
        }
        let text = try self.text ?? StandardInput.readText()
        let tailoring = LineBreakTailoring(language: language)
        if json {
            print(JSONValue.object([("breaks", Self.breaksJSON(text, tailoring))]).serialized)
            return
        }
        let bytes = Array(text.utf8)
        var start = 0
        for opportunity in LineBreaking.opportunities(in: text, tailoring: tailoring) {
            let piece = String(decoding: bytes[start..<opportunity.offset], as: UTF8.self)
            print("\(opportunity.offset)\t\(opportunity.isMandatory ? "mandatory" : "allowed")\t\(piece.debugDescription)")
            start = opportunity.offset
        }
    }

    static func breaksJSON(_ text: String, _ tailoring: LineBreakTailoring) -> JSONValue {
        .array(LineBreaking.opportunities(in: text, tailoring: tailoring).map {
            .object([("offset", .number(Double($0.offset))), ("mandatory", .bool($0.isMandatory))])
        })
    }
}
