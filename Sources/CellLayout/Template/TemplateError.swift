import TextMetrics

/// Why a cell template cannot be read, or cannot lay out a row: the error names the item
/// at fault by its path in the template.
///
/// Paths follow the JSON: the root item is `root.<kind>`, and the `i`-th child of a stack is
/// `<stack path>.items[i].<kind>`; problems with the template's own keys have the path
/// `template`.
///
/// ```swift
/// // root.column.items[3].text: unknown key "colour"
/// // root.column.items[1].text: the row has no field "answer"
/// ```
///
/// Template errors never crash: in a feed, the row at fault gets the error and every other
/// row still gets its height.
public struct TemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the template: `root.column.items[3].text`, or `template`.
    public var path: String
    /// What is wrong, without the path.
    public var reason: String

    /// Creates an error for the item at `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `"<path>: <reason>"`.
    public var description: String { "\(path): \(reason)" }
}
