import TextMetrics

/// Named styles — a template text item's `"styles"` — with the attributes of each worked out
/// once, at one size: what a span that names one and sets nothing of its own takes as it is,
/// for every row, instead of merging the style and loading its fonts again per span.
package struct NamedStyles: Sendable {
    /// The styles, by name.
    package let descriptions: [String: StyleDescription]
    /// The size their attributes were worked out at (a style with no size of its own draws at
    /// it), or `nil` when none were.
    private let size: Double?
    /// Each style's attributes at ``size`` (``StyleDescription/attributes(defaultSize:loadingFonts:)``),
    /// for those whose fonts load; the others are worked out, and their errors reported, where a
    /// span names them.
    private let attributes: [String: TextAttributes]

    /// `descriptions`, none worked out ahead.
    package init(_ descriptions: [String: StyleDescription] = [:]) {
        self.descriptions = descriptions
        size = nil
        attributes = [:]
    }

    /// `descriptions`, each worked out at `size` with its fonts loaded by `loadFonts` — every
    /// style's, whether a row names it or not.
    package init(_ descriptions: [String: StyleDescription], size: Double,
                 loadingFonts loadFonts: (_ names: [String], _ size: Double) throws -> FontChain) {
        self.descriptions = descriptions
        self.size = size
        attributes = descriptions.compactMapValues { try? $0.attributes(defaultSize: size, loadingFonts: loadFonts) }
    }

    /// The attributes of the style `name` for a text whose style is `size` points, when they
    /// were worked out at that size.
    package func attributes(of name: String, at size: Double) -> TextAttributes? {
        size == self.size ? attributes[name] : nil
    }
}
