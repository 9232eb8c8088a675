/// Drawing support: the glyphs a laid-out text shows, positioned on its lines.
extension PreparedText {
    /// The glyphs of each line of `layout`, top to bottom, ready to draw.
    ///
    /// `layout` must come from this prepared text (``layout(in:)``). Each line's glyphs are
    /// positioned relative to the line's start and baseline (see ``PositionedGlyph``); add
    /// ``TextLine/baseline`` for the line's place in the layout.
    ///
    /// ```swift
    /// let layout = prepared.layout(in: try TextContainer(width: 200, numberOfLines: 2))
    /// for (line, glyphs) in zip(layout.lines, prepared.glyphs(for: layout)) {
    ///     for glyph in glyphs { draw(glyph, atX: glyph.x, y: line.baseline + glyph.y) }
    /// }
    /// ```
    ///
    /// - Complexity: Shapes the shown text once more with HarfBuzz (drawing is rare next to
    ///   measuring, so nothing is cached).
    public func glyphs(for layout: TextLayout) -> [[PositionedGlyph]] {
        layout.lines.map { glyphs(for: $0) }
    }

    /// The glyphs of one line of a layout of this text, in visual order; a truncated line
    /// shows its kept prefix, the ellipsis (U+2026) and its kept suffix.
    public func glyphs(for line: TextLine) -> [PositionedGlyph] {
        PreparedText.withUTF8(text) { bytes in
            var placements: [GlyphPlacement] = []
            let shaper = font.face.shaper
            guard line.utf8Range.upperBound <= bytes.count else { return [] }
            if let truncation = line.truncation {
                shaper.place(bytes, range: truncation.keptPrefix, into: &placements)
                var ellipsis: [GlyphPlacement] = []
                var ellipsisBytes = Array("\u{2026}".utf8)
                ellipsisBytes.withUnsafeMutableBufferPointer { buffer in
                    shaper.place(UnsafeBufferPointer(buffer), range: 0..<buffer.count, into: &ellipsis)
                }
                let hiddenStart = Int32(truncation.keptPrefix.upperBound)
                placements += ellipsis.map { var glyph = $0; glyph.cluster = hiddenStart; return glyph }
                shaper.place(bytes, range: truncation.keptSuffix, into: &placements)
            } else {
                shaper.place(bytes, range: line.utf8Range.lowerBound..<visibleEnd(of: line), into: &placements)
            }
            return position(placements)
        }
    }

    /// The end of the line's shown text: before its trailing whitespace and line separator.
    private func visibleEnd(of line: TextLine) -> Int {
        let end = line.utf8Range.upperBound
        // The first segment ending at or after the line's end holds it.
        var low = 0
        var high = segments.count
        while low < high {
            let mid = (low + high) / 2
            if Int(segments[mid].end) < end { low = mid + 1 } else { high = mid }
        }
        guard low < segments.count else { return end }
        let segment = segments[low]
        guard Int(segment.end) == end else { return end }  // broken inside a word
        return max(line.utf8Range.lowerBound, Int(segment.contentEnd))
    }

    private func position(_ placements: [GlyphPlacement]) -> [PositionedGlyph] {
        let ppu = font.pointsPerUnit
        var penX: Int64 = 0
        var penY: Int64 = 0
        return placements.map { placement in
            defer {
                penX += Int64(placement.xAdvance)
                penY += Int64(placement.yAdvance)
            }
            return PositionedGlyph(
                glyphID: placement.glyphID, cluster: Int(placement.cluster),
                x: Double(penX + Int64(placement.xOffset)) * ppu,
                y: -Double(penY + Int64(placement.yOffset)) * ppu,
                advance: Double(placement.xAdvance) * ppu)
        }
    }
}
