#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TextMetrics
import CellLayout
import JSON

/// The shared example templates (`Examples/` of the TextMetrics package) and generated rows
/// of realistic content for each of them.
public enum Examples {
    /// `…/Examples`, found from this file's location (`Benchmarks/Sources/BenchmarkSupport/`).
    public static var directory: String {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/") + "/Examples"
    }

    /// The JSON text of `Examples/<name>.json`.
    public static func json(_ name: String) -> String {
        let path = directory + "/" + name + ".json"
        guard let file = fopen(path, "rb") else { fatalError("cannot open \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The template `Examples/<name>.json`.
    public static func template(_ name: String) -> CellTemplate {
        do { return try CellTemplate(json: json(name)) } catch { fatalError("\(name).json: \(error)") }
    }

    /// The names of the example cells, with the template field names they need.
    public static let cells = ["single-label", "qa", "three-labels", "feed-item"]

    /// `count` rows for the example `name`, from `prose`.
    public static func rows(_ name: String, count: Int, prose: inout Prose) -> [RowData] {
        (0..<count).map { _ in row(name, prose: &prose) }
    }

    /// One row for the example `name`, every field present, texts of realistic lengths.
    public static func row(_ name: String, prose: inout Prose) -> RowData {
        switch name {
        case "single-label": return singleLabelRow(&prose)
        case "qa": return qaRow(&prose)
        case "three-labels": return threeLabelsRow(&prose)
        case "feed-item": return feedItemRow(&prose)
        default: fatalError("unknown example \(name)")
        }
    }

    /// One label, 20–160 characters.
    public static func singleLabelRow(_ prose: inout Prose) -> RowData {
        RowData(["text": prose.text(length: prose.int(20...160))])
    }

    /// A FAQ entry: a question of 25–90 characters, an answer of 80–400.
    public static func qaRow(_ prose: inout Prose) -> RowData {
        let question = prose.text(length: prose.int(25...90), question: true)
        let answer = prose.text(length: prose.int(80...400))
        return RowData(["question": question, "answer": answer])
    }

    /// A state line, a name of 10–80 characters (at most 3 lines), a detail of 40–300.
    public static func threeLabelsRow(_ prose: inout Prose) -> RowData {
        let states = ["Delivered", "In transit", "Waiting for payment", "Cancelled", "Ready for pickup"]
        return RowData([
            "state": states[prose.int(0...states.count - 1)],
            "name": prose.text(length: prose.int(10...80)),
            "additional": prose.text(length: prose.int(40...300)),
        ])
    }

    /// The standard feed cell with every field present (content image and actor row too).
    public static func feedItemRow(_ prose: inout Prose) -> RowData {
        let actions = ["liked this", "commented on this", "shared this", "follows", "reacted to this"]
        return RowData([
            "action": prose.name() + " " + actions[prose.int(0...actions.count - 1)],
            "options": "•••",
            "posterName": prose.name(),
            "posterHeadline": prose.text(length: prose.int(30...120)),
            "posterTime": "\(prose.int(1...59))\(["m", "h", "d"][prose.int(0...2)])",
            "posterComment": prose.text(length: prose.int(60...280)),
            "contentImage": "https://img.example.com/\(prose.int(1...999_999)).jpg",
            "contentTitle": prose.text(length: prose.int(30...110)),
            "contentDomain": prose.word() + ".example.com",
            "likes": "\(prose.int(0...9_999)) Likes",
            "comments": "\(prose.int(0...999)) Comments",
            "shares": "\(prose.int(0...999)) Shares",
            "actorComment": prose.text(length: prose.int(20...160)),
        ])
    }

    /// A row of the styled FeedItem (`Examples/feed-item-styled.json`): the action and the
    /// comment as text objects whose spans name the template's styles — a mention, a link, a
    /// hashtag — the comment with a custom-emoji attachment one row in three; the other fields
    /// as `feedItemRow` gives them.
    public static func styledFeedItemRow(_ prose: inout Prose) -> RowData {
        func object(_ pieces: [(String, String?)], attachment: Bool = false) -> JSONValue {
            var text = ""
            var spans: [JSONValue] = []
            for (piece, style) in pieces {
                if !text.isEmpty { text += " " }
                let start = text.utf8.count
                text += piece
                if let style {
                    spans.append(.object([("start", .number(Double(start))), ("end", .number(Double(text.utf8.count))),
                                          ("style", .string(style))]))
                }
            }
            var members: [(String, JSONValue)] = [("text", .string(text)), ("spans", .array(spans))]
            if attachment {
                let offset = text.utf8.count + 1
                text += " \u{FFFC}"
                members[0] = ("text", .string(text))
                members.append(("attachments", .array([.object([("offset", .number(Double(offset))), ("width", .number(18)),
                                                                 ("ascent", .number(14)), ("descent", .number(4))])])))
            }
            return .object(members)
        }
        let plain = feedItemRow(&prose)
        var fields = plain.fields.filter { $0.0 != "action" && $0.0 != "posterComment" && $0.0 != "actorComment" }
        fields.append(("action", object([("@" + String(prose.name().filter { $0 != " " }), "mention"),
                                         ("liked this", nil)])))
        fields.append(("posterComment", object([
            (prose.text(length: prose.int(20...120)), nil), ("@" + prose.word(), "mention"),
            (prose.text(length: prose.int(20...100)), nil), ("https://example.com/" + prose.word(), "link"),
            ("#" + prose.word(), "hashtag"), (prose.text(length: prose.int(0...60)), nil),
        ], attachment: prose.int(0...2) == 0)))
        return try! RowData(.object(fields))
    }
}
