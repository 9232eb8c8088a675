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
            {"id", "breaks": [{"offset", "mandatory"}]} (another field is an error, named in the answer).
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
            let defaultLanguage = language
            JSONLinesRunner.run { line, out in
                let given = try BreaksRequest.read(line)
                guard let text = given.text else { throw JSONFieldError(path: "text", .missing) }
                out.beginObject()
                out.key("id")
                if let id = given.id {
                    try out.append(jsonText: UnsafeBufferPointer(rebasing: line[id]))
                } else {
                    out.appendNull()
                }
                out.key("breaks")
                Self.writeBreaks(text, LineBreakTailoring(language: given.language ?? defaultLanguage), into: &out)
                out.endObject()
            }
            return
        }
        let text = try self.text ?? StandardInput.readText()
        let tailoring = LineBreakTailoring(language: language)
        if json {
            var out = JSONOutput()
            out.beginObject()
            out.key("breaks")
            Self.writeBreaks(text, tailoring, into: &out)
            out.endObject()
            print(out.withBytes { String(decoding: $0, as: UTF8.self) })
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

    /// `[{"offset", "mandatory"}]`: the break opportunities of `text`.
    static func writeBreaks(_ text: String, _ tailoring: LineBreakTailoring, into out: inout JSONOutput) {
        out.beginArray()
        for opportunity in LineBreaking.opportunities(in: text, tailoring: tailoring) {
            out.beginObject()
            out.member("offset", opportunity.offset)
            out.member("mandatory", opportunity.isMandatory)
            out.endObject()
        }
        out.endArray()
    }
}

/// A `breaks --jsonl` request: `{"id", "text", "language"}`.
struct BreaksRequest {
    var id: Range<Int>?
    var text: String?
    var language: String?

    /// The fields of a request; any other is an error naming it.
    static let fields = JSONFields<BreaksRequest>("a request", [
        "id": { reader, request in request.id = try reader.skipValue() },
        "text": { reader, request in request.text = try reader.optionalString() },
        "language": { reader, request in request.language = try RequestFields.languageTag(&reader) },
    ])

    /// Reads the request in `line`.
    /// - Throws: ``JSONParseError``, or ``JSONFieldError`` naming the field at fault.
    static func read(_ line: UnsafeBufferPointer<UInt8>) throws -> BreaksRequest {
        var reader = JSONReader(line)
        var request = BreaksRequest()
        try fields.read(&reader, into: &request)
        try reader.readEnd()
        return request
    }
}
