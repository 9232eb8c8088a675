import JSON
import TextMetrics
import CellLayout

/// Reading templates and row data files for `cell` and `feed`.
enum CellInput {
    /// The bytes of the file at `path` (`-` for standard input).
    static func bytes(_ path: String, what: String) throws -> [UInt8] {
        if path == "-" { return StandardInput.readAll() }
        guard let bytes = StandardInput.readAll(path: path) else {
            throw CommandError("cannot read the \(what) file \(path)")
        }
        return bytes
    }

    /// The parsed JSON file at `path`.
    static func json(_ path: String, what: String) throws -> JSONValue {
        let bytes = try bytes(path, what: what)
        do {
            return try JSONValue.parse(bytes)
        } catch {
            throw CommandError("the \(what) file \(path) is not valid JSON: \(error)")
        }
    }

    /// The template at `path`, compiled.
    static func engine(_ path: String) throws -> CellLayoutEngine {
        do {
            return try CellLayoutEngine(CellTemplate(json: json(path, what: "template")))
        } catch let error as TemplateError {
            throw CommandError("template \(path): \(error)")
        }
    }

    /// `--width` and `--scale`, checked, or the template's.
    static func widthAndScale(_ width: Double?, _ scale: Double?, _ engine: CellLayoutEngine) throws -> (Double, Double) {
        do {
            return try engine.resolvedWidthAndScale(width: width, scale: scale)
        } catch let error as TemplateError {
            throw CommandError(error.reason + (width == nil && engine.template.width == nil ? " (--width)" : ""))
        }
    }
}
