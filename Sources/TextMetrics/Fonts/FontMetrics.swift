/// The vertical metrics of a font face, in font units, as the font's own tables give them.
///
/// Vertical metrics come from the `hhea` table, or from the OS/2 table's typographic
/// metrics when the font sets `USE_TYPO_METRICS` (bit 7 of `fsSelection`), which is what
/// CoreText and FreeType-based stacks do. Scale them to points with ``scaled(toSize:)``.
public struct FontMetrics: Hashable, Sendable {
    /// Font units per em (the `head` table's `unitsPerEm`).
    public var unitsPerEm: Int
    /// Distance from the baseline to the top of the line, positive upward.
    public var ascender: Int
    /// Distance from the baseline to the bottom of the line, negative below the baseline.
    public var descender: Int
    /// Extra space between lines recommended by the font.
    public var lineGap: Int
    /// Height of capital letters (`OS/2.sCapHeight`), or `nil` when the font does not say.
    public var capHeight: Int?
    /// Height of lowercase letters (`OS/2.sxHeight`), or `nil` when the font does not say.
    public var xHeight: Int?
    /// Whether the metrics came from OS/2 typographic values (`USE_TYPO_METRICS` set).
    public var usesTypographicMetrics: Bool

    /// Creates metrics from raw font-unit values.
    public init(unitsPerEm: Int, ascender: Int, descender: Int, lineGap: Int,
                capHeight: Int?, xHeight: Int?, usesTypographicMetrics: Bool) {
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
        self.capHeight = capHeight
        self.xHeight = xHeight
        self.usesTypographicMetrics = usesTypographicMetrics
    }

    /// The metrics in points at `size` (points per em).
    public func scaled(toSize size: Double) -> ScaledFontMetrics {
        let k = size / Double(unitsPerEm)
        return ScaledFontMetrics(
            ascender: Double(ascender) * k,
            descender: Double(descender) * k,
            lineGap: Double(lineGap) * k,
            capHeight: capHeight.map { Double($0) * k },
            xHeight: xHeight.map { Double($0) * k })
    }
}

/// Font metrics in points at one size.
public struct ScaledFontMetrics: Hashable, Sendable {
    /// Baseline to top of the line, positive.
    public var ascender: Double
    /// Baseline to bottom of the line, negative.
    public var descender: Double
    /// Recommended extra space between lines.
    public var lineGap: Double
    /// Height of capital letters, if the font says.
    public var capHeight: Double?
    /// Height of lowercase letters, if the font says.
    public var xHeight: Double?

    /// The height of one line: `ascender − descender + lineGap`.
    public var lineHeight: Double { ascender - descender + lineGap }
}
