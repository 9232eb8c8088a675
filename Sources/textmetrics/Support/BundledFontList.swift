import TextMetrics

/// The bundled font names, for help texts.
enum BundledFontList {
    static let names = BundledFonts.names.joined(separator: ", ")
}
