import JSON
import TextMetrics

/// One measuring request, from command-line options or a JSON Lines object.
struct MeasureRequest {
    static let defaultFont = "Roboto-Regular"
    static let defaultSize = 17.0

    var text: String
    /// The font chain; until per-character fallback exists, the first font is used.
    var fonts: [String] = [MeasureRequest.defaultFont]
    var faceIndex = 0
    var size = MeasureRequest.defaultSize
    var container = TextContainer.unlimited

    init(text: String, fonts: [String], faceIndex: Int, size: Double, container: TextContainer) {
        self.text = text
        self.fonts = fonts
        self.faceIndex = faceIndex
        self.size = size
        self.container = container
    }

    /// Reads a JSON Lines request object.
    /// - Throws: ``CommandError`` naming the field at fault.
    init(json: JSONValue) throws {
        guard case .object = json else { throw CommandError("a request must be a JSON object, got \(json.kindName)") }
        guard let text = json["text"]?.stringValue else {
            throw CommandError(json["text"] == nil ? "missing field \"text\"" : "\"text\" must be a string")
        }
        self.text = text
        if let font = json["font"] { fonts = try RequestFields.fontChain(font) }
        faceIndex = try RequestFields.integer(json, "faceIndex") ?? 0
        size = try RequestFields.number(json, "size") ?? MeasureRequest.defaultSize
        let mode: LineBreakMode
        if let name = json["lineBreakMode"] {
            guard let string = name.stringValue, let parsed = LineBreakMode(name: string) else {
                throw CommandError("unknown lineBreakMode \(name.serialized); use one of \(LineBreakMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            mode = parsed
        } else {
            mode = .wordWrap
        }
        do {
            container = try TextContainer(
                width: RequestFields.number(json, "width") ?? .infinity,
                height: RequestFields.number(json, "height") ?? .infinity,
                numberOfLines: RequestFields.integer(json, "numberOfLines") ?? 0,
                lineBreakMode: mode)
        } catch let error as InvalidArgumentError {
            throw CommandError(error.description)
        }
    }

    /// Measures the request.
    /// - Throws: ``FontError`` or ``InvalidArgumentError``.
    func layout() throws -> TextLayout {
        let font = try Font(named: fonts[0], faceIndex: faceIndex, size: size)
        return try TextMeasurer.layout(text, font: font, in: container)
    }
}
