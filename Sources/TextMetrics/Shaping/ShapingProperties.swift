/// The segment properties a run is shaped with: script, direction and language.
struct ShapingProperties: Hashable, Sendable {
    /// ISO 15924 script tag, e.g. "Latn", "Arab".
    var scriptTag: String
    /// Right-to-left runs are shaped RTL (Arabic joins, Hebrew reads right to left).
    var isRightToLeft: Bool
    /// BCP 47 language tag passed to HarfBuzz, or `nil` for none.
    var language: String?
}
