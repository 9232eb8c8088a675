import JSON
import TextMetrics

/// One measuring request, from command-line options or a JSON Lines object.
struct MeasureRequest {
    static let defaultFont = "Roboto-Regular"
    static let defaultSize = 17.0
    /// The pixels per point of the rounded size when neither the request nor `--scale` gives one
    /// (a single text's answer always has a rounded size; a JSON Lines answer only with a scale).
    static let defaultScale = 2.0

    var text: String
    /// The font chain: the primary font, then its fallbacks.
    var fonts: [String] = [MeasureRequest.defaultFont]
    /// The face index of the primary font (the fallbacks use face 0).
    var faceIndex = 0
    var size = MeasureRequest.defaultSize
    var container = TextContainer.unlimited
    /// The BCP 47 language tag for shaping and line breaking, or `nil`.
    var language: String?
    /// Pixels per point for the answer's rounded size, or `nil` for none.
    var scale: Double?

    init(text: String, fonts: [String], faceIndex: Int, size: Double, container: TextContainer, language: String?,
         scale: Double?) {
        self.text = text
        self.fonts = fonts
        self.faceIndex = faceIndex
        self.size = size
        self.container = container
        self.language = language
        self.scale = scale
    }

    /// A request for `text` with every other field at its default.
    init(text: String) {
        self.text = text
    }

    /// Reads a JSON Lines request object; a field that is absent (or null) takes its value
    /// from `defaults` — the command line's options — except `faceIndex`, which belongs to
    /// the first font and so is taken only with the default fonts.
    /// - Throws: ``CommandError`` naming the field at fault.
    init(json: JSONValue, defaults: MeasureRequest = MeasureRequest(text: "")) throws {
        guard case .object = json else { throw CommandError("a request must be a JSON object, got \(json.kindName)") }
        guard let text = json["text"]?.stringValue else {
            throw CommandError(json["text"] == nil ? "missing field \"text\"" : "\"text\" must be a string")
        }
        self.text = text
        let ownFonts = try json["font"].flatMap { $0 == .null ? nil : try RequestFields.fontChain($0) }
        fonts = ownFonts ?? defaults.fonts
        faceIndex = try RequestFields.integer(json, "faceIndex") ?? (ownFonts == nil ? defaults.faceIndex : 0)
        language = try RequestFields.languageTag(json) ?? defaults.language
        size = try RequestFields.number(json, "size") ?? defaults.size
        if let scale = try RequestFields.number(json, "scale") {
            try RequestFields.checkScale(scale, name: "\"scale\"") { CommandError($0) }
            self.scale = scale
        } else {
            scale = defaults.scale
        }
        let mode: LineBreakMode
        if let name = json["lineBreakMode"], name != .null {
            guard let string = name.stringValue, let parsed = LineBreakMode(name: string) else {
                throw CommandError("unknown lineBreakMode \(name.serialized); use one of \(LineBreakMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            mode = parsed
        } else {
            mode = defaults.container.lineBreakMode
        }
        do {
            container = try TextContainer(
                width: RequestFields.number(json, "width") ?? defaults.container.width,
                height: RequestFields.number(json, "height") ?? defaults.container.height,
                numberOfLines: RequestFields.integer(json, "numberOfLines") ?? defaults.container.numberOfLines,
                lineBreakMode: mode)
        } catch let error as InvalidArgumentError {
            throw CommandError(error.description)
        }
    }

    /// Measures the request.
    /// - Throws: ``FontError`` or ``InvalidArgumentError``.
    func layout() throws -> TextLayout {
        var chain = [try Font(named: fonts[0], faceIndex: faceIndex, size: size)]
        for name in fonts.dropFirst() { chain.append(try Font(named: name, size: size)) }
        return try PreparedText(text, fonts: FontChain(chain), language: language).layout(in: container)
    }
}
