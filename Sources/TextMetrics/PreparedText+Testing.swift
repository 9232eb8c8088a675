import TextSegmentation

/// Test-only entry points of ``PreparedText``: the same text measured the plain way, which
/// the character runs must agree with.
extension PreparedText {
    /// `text` prepared with every character run cut back into one segment per character.
    init(characterByCharacter text: String, fonts: FontChain, language: String? = nil) throws {
        try self.init(text, fonts: fonts, language: language) { measurer, splitter, bytes in
            measurer.measure(SegmentSplitter.cuttingCharacterRuns(splitter.segments, atStartsOf: nil), in: bytes)
        }
    }

    /// The same text with its character runs' uniform advances forgotten, so line fitting
    /// adds up their characters' advances one by one.
    func forgettingCharacterAdvances() -> PreparedText {
        var copy = self
        for i in copy.segments.indices { copy.segments[i].characterAdvance = 0 }
        return copy
    }
}
