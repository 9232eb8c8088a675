import TextSegmentation

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
        layout.lines.map { glyphs(for: $0, token: layout.truncationToken) }
    }

    /// The glyphs of one line of a layout of this text, in visual order; a truncated line
    /// shows its kept prefix, its token — `token`'s glyphs (``PositionedGlyph/isTruncationToken``)
    /// for a ``LineTruncation/Token/custom`` one, else the ellipsis (U+2026), or nothing when
    /// clipped — and its kept suffix, the token at the paragraph's direction so at its visual
    /// end. Right-to-left runs are placed by the bidi algorithm's reordering (UAX #9, rule L2).
    public func glyphs(for line: TextLine, token: TruncationToken? = nil) -> [PositionedGlyph] {
        PreparedText.withUTF8(text) { bytes in
            guard line.utf8Range.upperBound <= bytes.count else { return [] }
            var pieces: [Piece] = []
            if let truncation = line.truncation {
                addPieces(truncation.keptPrefix, &pieces)
                // The token at the paragraph's own level: after the prefix, whatever it holds.
                let rightToLeft = rightToLeftParagraphs(bytes).contains { $0.contains(line.utf8Range.lowerBound) }
                if truncation.token != .clipped {
                    pieces.append(Piece(range: truncation.keptPrefix.upperBound..<truncation.keptPrefix.upperBound, run: nil,
                                        level: rightToLeft ? 1 : 0))
                }
                addPieces(truncation.keptSuffix, &pieces)
            } else {
                addPieces(line.utf8Range.lowerBound..<visibleEnd(of: line), &pieces)
            }
            var placements: [GlyphPlacement] = []
            let measurer = self.measurer
            for piece in PreparedText.visualOrder(pieces) {
                guard let run = piece.run else {
                    if line.truncation?.token == .custom, let token {
                        placements.append(GlyphPlacement(glyphID: 0, cluster: Int32(piece.range.lowerBound), xAdvance: 0,
                                                         yAdvance: 0, xOffset: 0, yOffset: 0, fontIndex: 0,
                                                         spacing: Int64((token.width / fonts.pointsPerUnit).rounded()),
                                                         isTruncationToken: true))
                    } else {
                        placements += ellipsisPlacements(hiddenStart: Int32(piece.range.lowerBound))
                    }
                    continue
                }
                if runs[run].isAttachment, let styles = measurer.styles {
                    let index = Int(runs[run].style)
                    placements.append(GlyphPlacement(glyphID: 0, cluster: Int32(piece.range.lowerBound), xAdvance: 0,
                                                     yAdvance: 0, xOffset: 0, yOffset: 0, fontIndex: 0,
                                                     spacing: styles.boxes[index].width, attachmentIndex: index))
                    continue
                }
                let fontIndex = Int(runs[run].font)
                let properties = measurer.properties(run)
                let start = placements.count
                fonts.fonts[fontIndex].face.shaper.place(bytes, range: piece.range, properties: properties, into: &placements)
                for k in start..<placements.count { placements[k].fontIndex = fontIndex }
                let kern = measurer.kern(run)
                if kern != 0 { PreparedText.space(&placements[start...], by: kern, over: piece.range, bytes) }
            }
            return position(placements, token: token)
        }
    }

    /// Adds letter spacing to `placements` (one run's glyphs over `range`, in visual order):
    /// `kern` layout units per grapheme cluster, after the last glyph of the glyph cluster
    /// that holds it (a ligature of three letters is followed by three spacings).
    private static func space(_ placements: inout ArraySlice<GlyphPlacement>, by kern: Int64, over range: Range<Int>,
                              _ bytes: UnsafeBufferPointer<UInt8>) {
        var graphemeStarts: [Int] = [range.lowerBound]
        GraphemeBreaking.forEachBoundary(inUTF8: UnsafeBufferPointer(rebasing: bytes[range])) {
            graphemeStarts.append(range.lowerBound + $0)
        }
        graphemeStarts.removeLast()
        // Each glyph cluster's start, in logical order: a cluster runs to the next one.
        let clusterStarts = Set(placements.map { Int($0.cluster) }).sorted()
        for (k, start) in clusterStarts.enumerated() {
            let end = k + 1 < clusterStarts.count ? clusterStarts[k + 1] : range.upperBound
            let graphemes = graphemeStarts.count { $0 >= start && $0 < end }
            // The cluster's last glyph in visual order (its first in a right-to-left run, whose
            // glyphs come last to first — spacing still follows the cluster as it reads).
            guard let last = placements.indices.last(where: { Int(placements[$0].cluster) == start }) else { continue }
            placements[last].spacing += kern * Int64(graphemes)
        }
    }

    /// A stretch of a line in one run (`run` is nil for the ellipsis), with its bidi level.
    private struct Piece {
        var range: Range<Int>
        var run: Int?
        var level: UInt8
    }

    /// Appends the parts of `range` in each run, in logical order.
    private func addPieces(_ range: Range<Int>, _ pieces: inout [Piece]) {
        guard !range.isEmpty else { return }
        for (index, run) in runs.enumerated() where Int(run.end) > range.lowerBound && Int(run.start) < range.upperBound {
            pieces.append(Piece(range: max(range.lowerBound, Int(run.start))..<min(range.upperBound, Int(run.end)),
                                run: index, level: run.level))
        }
    }

    /// Rule L2: from the highest level down to the lowest odd one, reverse every maximal
    /// sequence of pieces at that level or higher.
    private static func visualOrder(_ pieces: [Piece]) -> [Piece] {
        var order = pieces
        guard let highest = order.map(\.level).max(), let lowestOdd = order.map(\.level).filter({ $0 & 1 == 1 }).min()
        else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard order[i].level >= level else { i += 1; continue }
                var j = i
                while j < order.count, order[j].level >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }

    /// The ellipsis, in the first font of the chain that has it.
    private func ellipsisPlacements(hiddenStart: Int32) -> [GlyphPlacement] {
        let fontIndex = fonts.ellipsisFont
        var ellipsis: [GlyphPlacement] = []
        var bytes = Array("\u{2026}".utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            fonts.fonts[fontIndex].face.shaper.place(UnsafeBufferPointer(buffer), range: 0..<buffer.count, into: &ellipsis)
        }
        return ellipsis.map { var glyph = $0; glyph.cluster = hiddenStart; glyph.fontIndex = fontIndex; return glyph }
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

    /// The placements on a line, positioned in points from its start; the token's placeholder
    /// becomes `token`'s own glyphs, where the placeholder is.
    private func position(_ placements: [GlyphPlacement], token: TruncationToken?) -> [PositionedGlyph] {
        var penX: Int64 = 0  // in layout units, so every font's advances add up exactly
        var penY: Int64 = 0
        let ppu = fonts.pointsPerUnit
        var positioned: [PositionedGlyph] = []
        positioned.reserveCapacity(placements.count)
        for placement in placements {
            let font = placement.fontIndex
            func units(_ value: Int32) -> Int64 { fonts.layoutUnits(Int64(value), font: font) }
            if placement.isTruncationToken, let token {
                let x = Double(penX) * ppu
                for var glyph in token.glyphs {
                    glyph.x += x
                    positioned.append(glyph)
                }
                penX += placement.spacing
                continue
            }
            if let attachment = placement.attachmentIndex {
                positioned.append(PositionedGlyph(glyphID: 0, cluster: Int(placement.cluster), x: Double(penX) * ppu, y: 0,
                                                  advance: Double(placement.spacing) * ppu, fontIndex: 0,
                                                  attachmentIndex: attachment))
                penX += placement.spacing
                continue
            }
            positioned.append(PositionedGlyph(
                glyphID: placement.glyphID, cluster: Int(placement.cluster),
                x: Double(penX + units(placement.xOffset)) * ppu,
                y: -Double(penY + units(placement.yOffset)) * ppu,
                advance: Double(units(placement.xAdvance) + placement.spacing) * ppu, fontIndex: font))
            penX += units(placement.xAdvance) + placement.spacing
            penY += units(placement.yAdvance)
        }
        return positioned
    }
}
