/// A prepared text at another point size, without preparing it again.
extension PreparedText {
    /// This text in `fonts`, the same faces in the same order at another size.
    ///
    /// Segment widths are kept in units of the em (a face's own units, or the chain's common
    /// unit), so they serve every size: only the points per unit change. The result lays out
    /// exactly as the text prepared in `fonts` would.
    ///
    /// - Precondition: `fonts` holds the faces of ``fonts``, in order.
    /// - Complexity: O(1): the segments, runs and memo are shared.
    func resized(to fonts: FontChain) -> PreparedText {
        precondition(fonts.fonts.count == self.fonts.fonts.count
                     && zip(fonts.fonts, self.fonts.fonts).allSatisfy { $0.face === $1.face },
                     "a prepared text is resized only to its own faces")
        precondition(measurer.styles == nil, "an attributed text keeps its sizes")
        var copy = self
        copy.measurer = RunMeasurer(fonts: fonts, runs: measurer.runs, options: shapingOptions,
                                    guessesProperties: measurer.guessesProperties)
        return copy
    }
}
