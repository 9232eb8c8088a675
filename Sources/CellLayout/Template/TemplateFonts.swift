import TextMetrics

/// The fonts of a template's text items, each distinct (font chain, size) loaded once and
/// numbered in order of first use: what both the frame arithmetic and the constraint
/// compiler load before they size a row.
public struct TemplateFonts {
    /// The loaded chains, by number.
    public private(set) var chains: [FontChain] = []
    /// The chains' font names as the template gives them, by number.
    public private(set) var names: [[String]] = []
    private var numbers: [Key: Int] = [:]
    /// Where the fonts are loaded from.
    public let library: FontLibrary

    private struct Key: Hashable {
        var names: [String]
        var size: Double
    }

    /// An empty table loading from `library`.
    public init(library: FontLibrary = .shared) {
        self.library = library
    }

    /// The number of `text`'s font chain at its size, loading the fonts on first sight.
    /// - Throws: ``TemplateError`` at `path` when the chain is empty or a font cannot be loaded.
    public mutating func number(of text: CellItem.Text, path: String) throws -> Int {
        let key = Key(names: text.fontChain, size: text.size)
        if let known = numbers[key] { return known }
        guard !text.fontChain.isEmpty else { throw TemplateError(path: path, reason: "the font chain is empty") }
        do {
            chains.append(try FontChain(named: text.fontChain, size: text.size, library: library))
        } catch {
            throw TemplateError(path: path, reason: "\(error)")
        }
        names.append(text.fontChain)
        numbers[key] = chains.count - 1
        return chains.count - 1
    }
}
