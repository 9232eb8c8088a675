import JSON
import TextMetrics
import CellLayout

/// JSON forms of cell layouts, for `cell --json` and `feed --frames`.
enum CellJSON {
    static func rect(_ rect: Rect) -> JSONValue {
        .object([("x", .number(rect.x)), ("y", .number(rect.y)), ("width", .number(rect.width)), ("height", .number(rect.height))])
    }

    /// `[{"path", "kind", "x", "y", "width", "height", "content": {…}, "text": {"lines", "height", "y"}}]`.
    static func frames(_ layout: CellLayout) -> JSONValue {
        .array(layout.items.map { item in
            var members: [(String, JSONValue)] = [
                ("path", .string(item.path)), ("kind", .string(item.kind.rawValue)),
                ("x", .number(item.frame.x)), ("y", .number(item.frame.y)),
                ("width", .number(item.frame.width)), ("height", .number(item.frame.height)),
            ]
            if item.contentFrame != item.frame { members.append(("content", rect(item.contentFrame))) }
            if let text = item.text {
                members.append(("text", .object([
                    ("lines", .number(Double(text.layout.lineCount))),
                    ("y", .number(text.frame.y)), ("height", .number(text.frame.height)),
                    ("truncated", .bool(text.layout.isTruncated)),
                ])))
            }
            return .object(members)
        })
    }

    /// `{"width", "height", "scale", "content": {…}, "frames": […]}`.
    static func layout(_ layout: CellLayout) -> JSONValue {
        .object([("width", .number(layout.width)), ("height", .number(layout.height)), ("scale", .number(layout.scale)),
                 ("content", rect(layout.contentFrame)), ("frames", frames(layout))])
    }
}
