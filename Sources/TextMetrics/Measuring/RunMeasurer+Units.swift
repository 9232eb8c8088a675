/// The integer unit a prepared text's widths are added up in, so that widths from every font
/// of a chain add up exactly.
///
/// A text whose one run HarfBuzz shapes with guessed properties (one left-to-right run in the
/// primary font: see ``RunMeasurer``) is measured in that font's own units — exactly as that
/// font alone measures it. Any other text is measured in the chain's layout unit, a common
/// multiple of its fonts' units per em (see ``FontChain``).
extension RunMeasurer {
    /// Points per unit.
    var pointsPerUnit: Double { guessesProperties ? fonts.primaryPointsPerUnit : fonts.pointsPerUnit }

    /// How font `index`'s units become the text's.
    @inline(__always)
    func conversion(font index: Int) -> UnitConversion {
        guard guessesProperties else { return fonts.conversion(font: index) }
        let fontUnitsPerEm = Int64(fonts.face(index).metrics.unitsPerEm)
        let primary = Int64(fonts.face(0).metrics.unitsPerEm)
        return UnitConversion(scale: primary % fontUnitsPerEm == 0 ? primary / fontUnitsPerEm : 0,
                              textUnitsPerEm: primary, fontUnitsPerEm: fontUnitsPerEm)
    }

    /// `units` of font `index` in the text's units, rounded to the nearest where not exact.
    @inline(__always)
    func convert(_ units: Int64, font index: Int) -> Int64 { conversion(font: index)(units) }

    /// The width of the ellipsis (U+2026) in chain font `font`, in the text's units.
    func ellipsisUnits(font: Int) -> Int64 {
        convert(Int64(fonts.fonts[font].face.ellipsisAdvance), font: font)
    }
}
