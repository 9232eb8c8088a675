import JSON
import TextJSON
import TextMetrics

extension CellTemplate {
    /// Reads a template from its JSON text.
    ///
    /// ```swift
    /// let template = try CellTemplate(json: try String(contentsOfFile: "Examples/qa.json"))
    /// ```
    ///
    /// Keys: `width`, `scale`, `insets`, `minHeight`, `minContentHeight`, `separator`,
    /// `root`. Items are objects with one kind key — `text` (a field name), `box`, `column`
    /// or `row` (objects) — and their properties; the properties of a box or a stack may be
    /// written inside its object or beside the kind key (`{"row": {"if": "x", …}}` and
    /// `{"row": {…}, "if": "x"}` mean the same).
    /// - Throws: ``TemplateError`` naming the item path, e.g.
    ///   `root.column.items[3].text: unknown key "colour"`.
    public init(json text: String) throws {
        let value: JSONValue
        do {
            value = try JSONValue.parse(text)
        } catch {
            throw TemplateError(path: "template", reason: "not valid JSON: \(error)")
        }
        try self.init(json: value)
    }

    /// Reads a template from the bytes of a JSON file.
    /// - Throws: ``TemplateError``.
    public init(jsonBytes bytes: [UInt8]) throws {
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw TemplateError(path: "template", reason: "not valid JSON: \(error)")
        }
        try self.init(json: value)
    }

    /// Reads a template from a parsed JSON value.
    /// - Throws: ``TemplateError``.
    public init(json value: JSONValue) throws {
        let reader = try TemplateFieldReader(value, path: "template",
                                             allowed: ["width", "scale", "insets", "minHeight", "minContentHeight",
                                                       "separator", "root"])
        let width = try reader.number("width", positive: true)
        let scale = try reader.number("scale", positive: true) ?? CellTemplate.defaultScale
        let insets = try reader.insets("insets") ?? .zero
        let minHeight = try reader.number("minHeight") ?? 0
        let minContentHeight = try reader.number("minContentHeight") ?? 0
        let separator = try reader.number("separator") ?? 0
        guard let rootValue = reader.value("root") else {
            throw TemplateError(path: "template", reason: "missing key \"root\" (the item filling the cell)")
        }
        let root = try CellItem(json: rootValue, location: "root")
        self.init(width: width, scale: scale, insets: insets, minHeight: minHeight,
                  minContentHeight: minContentHeight, separator: separator, root: root)
    }
}

extension CellItem {
    private static let commonKeys: Set<String> = ["insets", "minHeight", "grow", "if"]
    private static let textKeys: Set<String> = ["text", "font", "size", "numberOfLines", "lineBreakMode", "styles",
                                                "paragraph", "truncationToken"]
    private static let boxKeys: Set<String> = ["width", "height", "aspectRatio", "baseline"]
    private static let stackKeys: Set<String> = ["spacing", "align", "items"]

    /// Reads an item; `location` is `root` or `<stack path>.items[i]`.
    init(json value: JSONValue, location: String) throws {
        guard case .object(let members) = value else {
            throw TemplateError(path: location, reason: "an item must be an object, got \(value.kindName)")
        }
        let kinds = members.map(\.0).filter { Kind(rawValue: $0) != nil }
        guard let kindName = kinds.first, let kind = Kind(rawValue: kindName) else {
            throw TemplateError(path: location, reason: "an item needs one of the keys \"text\", \"box\", \"column\", \"row\"")
        }
        let path = location + "." + kindName
        guard kinds.count == 1 else {
            throw TemplateError(path: path, reason: "an item has one kind, but this one also has \"\(kinds[1])\"")
        }
        let outer = try TemplateFieldReader(value, path: path, allowed: [])
        var reader: TemplateFieldReader
        switch kind {
        case .text:
            reader = try TemplateFieldReader(value, path: path, allowed: CellItem.textKeys.union(CellItem.commonKeys))
        case .box, .column:
            let own = kind == .box ? CellItem.boxKeys : CellItem.stackKeys
            reader = try TemplateFieldReader(merging: outer, kind: kindName, allowed: own.union(CellItem.commonKeys))
        case .row:
            reader = try TemplateFieldReader(merging: outer, kind: kindName,
                                             allowed: CellItem.stackKeys.union(CellItem.commonKeys))
        }
        let insets = try reader.insets("insets") ?? .zero
        let minHeight = try reader.number("minHeight") ?? 0
        let grow = try reader.number("grow") ?? 0
        let condition = try reader.nonEmptyString("if")
        let content: Content
        switch kind {
        case .text:
            guard let field = reader.value("text")?.stringValue, !field.isEmpty else {
                throw TemplateError(path: path, reason: "\"text\" must be the name of a row field (a non-empty string)")
            }
            let fonts = try reader.fontChain("font") ?? [Text.defaultFont]
            let size = try reader.number("size", positive: true) ?? Text.defaultSize
            let lines = try reader.integer("numberOfLines") ?? 0
            var mode = LineBreakMode.wordWrap
            if let name = reader.value("lineBreakMode") {
                guard let string = name.stringValue, let parsed = LineBreakMode(name: string) else {
                    throw TemplateError(path: path, reason: "unknown lineBreakMode \(name.serialized); use one of "
                                        + LineBreakMode.allCases.map(\.rawValue).joined(separator: ", "))
                }
                mode = parsed
            }
            let styles = try reader.jsonField("styles") { reader -> [String: StyleDescription] in
                var styles: [String: StyleDescription] = [:]
                guard try reader.peek() != .null else { try reader.readNull(); return styles }
                guard try reader.peek() == .object else {
                    throw JSONFieldError.invalid(requirement: "an object of named styles", given: try reader.describeValue())
                }
                try reader.readObject { key, reader in
                    let name = try key.string()
                    var style = StyleDescription()
                    do {
                        try StyleDescription.fields.read(&reader, into: &style)
                    } catch let error as JSONFieldError {
                        throw error.inside(name)
                    }
                    styles[name] = style
                }
                return styles
            } ?? [:]
            let paragraph = try reader.jsonField("paragraph") { try ParagraphDescription.read(&$0) } ?? nil
            let token = try reader.jsonField("truncationToken") {
                try TruncationTokenDescription.read(&$0, namingStyles: true)
            } ?? nil
            if let token {
                do {
                    _ = try StyleDescription.resolving(token.styleName, under: token.style, in: styles)
                } catch let error as JSONFieldError {
                    throw TemplateError(path: path, reason: error.inside("truncationToken").description)
                }
            }
            content = .text(Text(field: field, fontChain: fonts, size: size, numberOfLines: lines, lineBreakMode: mode,
                                 styles: styles, paragraph: paragraph, truncationToken: token))
        case .box:
            let box = Box(width: try reader.number("width"), height: try reader.number("height"),
                          aspectRatio: try reader.number("aspectRatio", positive: true), baseline: try reader.number("baseline"))
            guard box.height != nil || box.aspectRatio != nil else {
                throw TemplateError(path: path, reason: "a box needs a \"height\" or an \"aspectRatio\" (width ÷ height)")
            }
            content = .box(box)
        case .column, .row:
            let spacing = try reader.number("spacing") ?? 0
            var align: Alignment?
            if let name = reader.value("align") {
                let accepted = kind == .row ? ["top", "center", "bottom", "fill", "firstBaseline", "lastBaseline"]
                    : ["leading", "center", "trailing", "fill"]
                guard let string = name.stringValue, let parsed = Alignment(name: string),
                      accepted.contains(string) || string == "start" || string == "end" else {
                    throw TemplateError(path: path, reason: "\"align\" of a \(kindName) must be one of "
                                        + accepted.joined(separator: ", ") + ", got \(name.serialized)")
                }
                align = parsed
            }
            guard let itemsValue = reader.value("items") else {
                throw TemplateError(path: path, reason: "missing key \"items\" (an array of items)")
            }
            guard let array = itemsValue.arrayValue else {
                throw TemplateError(path: path, reason: "\"items\" must be an array, got \(itemsValue.kindName)")
            }
            var items: [CellItem] = []
            items.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                items.append(try CellItem(json: element, location: path + ".items[\(index)]"))
            }
            let stack = Stack(spacing: spacing, align: align, items: items)
            content = kind == .row ? .row(stack) : .column(stack)
        }
        self.init(content, insets: insets, minHeight: minHeight, grow: grow, condition: condition)
    }
}

/// Typed reads of a template object's keys, rejecting unknown keys, with errors naming the path.
struct TemplateFieldReader {
    let path: String
    private var members: [(String, JSONValue)]

    /// The value of `key` read by `read` — one of TextJSON's readers, the forms requests and
    /// rows share — or `nil` when absent; an error names the key's path inside the item.
    func jsonField<T>(_ key: String, _ read: (inout JSONReader) throws -> T) throws -> T? {
        guard let value = value(key) else { return nil }
        do {
            return try value.read(read)
        } catch let error as JSONFieldError {
            throw TemplateError(path: path, reason: error.inside(key).description)
        } catch {
            throw TemplateError(path: path, reason: "\"\(key)\": \(error)")
        }
    }

    init(_ value: JSONValue, path: String, allowed: Set<String>) throws {
        guard case .object(let members) = value else {
            throw TemplateError(path: path, reason: "must be an object, got \(value.kindName)")
        }
        self.path = path
        self.members = members
        if !allowed.isEmpty { try rejectUnknown(allowed, except: []) }
    }

    /// The keys of an item's kind object together with the keys beside the kind key.
    init(merging outer: TemplateFieldReader, kind: String, allowed: Set<String>) throws {
        path = outer.path
        guard let inner = outer.value(kind) else { throw TemplateError(path: path, reason: "missing \"\(kind)\"") }
        guard case .object(let innerMembers) = inner else {
            throw TemplateError(path: path, reason: "\"\(kind)\" must be an object, got \(inner.kindName)")
        }
        var merged = innerMembers
        for (key, value) in outer.members where key != kind {
            if innerMembers.contains(where: { $0.0 == key }) {
                throw TemplateError(path: path, reason: "\"\(key)\" is given both inside \"\(kind)\" and beside it")
            }
            merged.append((key, value))
        }
        members = merged
        try rejectUnknown(allowed, except: [])
    }

    private func rejectUnknown(_ allowed: Set<String>, except: Set<String>) throws {
        for (key, _) in members where !allowed.contains(key) {
            throw TemplateError(path: path, reason: "unknown key \"\(key)\"; known keys: "
                                + allowed.sorted().joined(separator: ", "))
        }
    }

    func value(_ key: String) -> JSONValue? {
        guard let value = members.last(where: { $0.0 == key })?.1, value != .null else { return nil }
        return value
    }

    func number(_ key: String, positive: Bool = false) throws -> Double? {
        guard let value = value(key) else { return nil }
        guard let number = value.numberValue else {
            throw TemplateError(path: path, reason: "\"\(key)\" must be a number, got \(value.kindName)")
        }
        guard number.isFinite, positive ? number > 0 : number >= 0 else {
            throw TemplateError(path: path, reason: "\"\(key)\" must be a \(positive ? "positive" : "non-negative") "
                                + "finite number, got \(value.serialized)")
        }
        return number
    }

    func integer(_ key: String) throws -> Int? {
        guard let number = try number(key) else { return nil }
        guard number == number.rounded(), number < 1e9 else {
            throw TemplateError(path: path, reason: "\"\(key)\" must be a whole number, got \(number)")
        }
        return Int(number)
    }

    func nonEmptyString(_ key: String) throws -> String? {
        guard let value = value(key) else { return nil }
        guard let string = value.stringValue, !string.isEmpty else {
            throw TemplateError(path: path, reason: "\"\(key)\" must be a field name (a non-empty string), got \(value.kindName)")
        }
        return string
    }

    func fontChain(_ key: String) throws -> [String]? {
        guard let value = value(key) else { return nil }
        if let name = value.stringValue, !name.isEmpty { return [name] }
        if let array = value.arrayValue, !array.isEmpty {
            return try array.map { element in
                guard let name = element.stringValue, !name.isEmpty else {
                    throw TemplateError(path: path, reason: "\"\(key)\" array elements must be font names or paths")
                }
                return name
            }
        }
        throw TemplateError(path: path, reason: "\"\(key)\" must be a font name or path, or a non-empty array of them")
    }

    /// `[top, left, bottom, right]`, one number for all sides, or `{"top", "left", "bottom", "right"}`.
    func insets(_ key: String) throws -> EdgeInsets? {
        guard let value = value(key) else { return nil }
        func side(_ v: JSONValue?) throws -> Double {
            guard let v else { return 0 }
            guard let n = v.numberValue, n.isFinite, n >= 0 else {
                throw TemplateError(path: path, reason: "\"\(key)\" values must be non-negative numbers, got \(v.serialized)")
            }
            return n
        }
        switch value {
        case .number:
            return EdgeInsets(all: try side(value))
        case .array(let sides) where sides.count == 4:
            return EdgeInsets(top: try side(sides[0]), left: try side(sides[1]),
                              bottom: try side(sides[2]), right: try side(sides[3]))
        case .object(let sides):
            for (name, _) in sides where !["top", "left", "bottom", "right"].contains(name) {
                throw TemplateError(path: path, reason: "unknown side \"\(name)\" in \"\(key)\"")
            }
            return EdgeInsets(top: try side(value["top"]), left: try side(value["left"]),
                              bottom: try side(value["bottom"]), right: try side(value["right"]))
        default:
            throw TemplateError(path: path, reason: "\"\(key)\" must be [top, left, bottom, right], one number, "
                                + "or an object, got \(value.serialized)")
        }
    }
}
