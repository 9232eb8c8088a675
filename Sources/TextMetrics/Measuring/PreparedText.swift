/// A text shaped once in one font, ready to be laid out at any width, line limit or line
/// break mode by arithmetic alone.
///
/// Preparing finds the UAX #14 break opportunities, cuts the text into segments and gives
/// each its width (from the face's segment cache, or by shaping in context with HarfBuzz).
/// Laying out again at another width — rotation, resizing, split view — does no shaping:
/// it only sums cached widths. (Breaking inside a word wider than the line, and truncation,
/// need grapheme advances, which are shaped on first use and cached per face.)
///
/// ```swift
/// let font = try Font(named: "Roboto-Regular", size: 15)
/// let prepared = try PreparedText("Hello, wrapping world", font: font)
/// let portrait = prepared.layout(in: try TextContainer(width: 100))
/// let landscape = prepared.size(in: try TextContainer(width: 400, numberOfLines: 2))
/// ```
///
/// `PreparedText` is an immutable value and `Sendable`.
public struct PreparedText: Sendable {
    /// The text that was prepared.
    public let text: String
    /// The font it was shaped in.
    public let font: Font
    let segments: [TextSegment]
    /// Grapheme advances of segments too long for the face cache; `nil` when there are none.
    let longSegments: LongSegmentMemo?

    /// The largest text accepted: offsets are kept in 32 bits.
    public static let maxUTF8Length = Int(Int32.max) - 8

    /// Shapes `text` in `font`.
    /// - Throws: ``InvalidArgumentError`` when the text is longer than ``maxUTF8Length`` bytes.
    public init(_ text: String, font: Font) throws {
        guard text.utf8.count <= PreparedText.maxUTF8Length else {
            throw InvalidArgumentError(argument: "text", requirement: "at most \(PreparedText.maxUTF8Length) UTF-8 bytes",
                                       value: "\(text.utf8.count) bytes")
        }
        self.text = text
        self.font = font
        let segments = PreparedText.withUTF8(text) { bytes in
            var segments = SegmentSplitter.segments(of: bytes)
            SegmentShaper(face: font.face).measure(&segments, in: bytes)
            return segments
        }
        self.segments = segments
        self.longSegments = segments.contains { Int($0.end - $0.start) > SegmentKey.maxCachedLength - 4 } ? LongSegmentMemo() : nil
    }

    /// Lays the text out in `container`: lines, widths, baselines and the exact size.
    public func layout(in container: TextContainer) -> TextLayout {
        PreparedText.withUTF8(text) { bytes in
            var lines: [TextLine] = []
            let lineHeight = font.metrics.lineHeight
            let ppu = font.pointsPerUnit
            let outcome = run(container, bytes) { line, index, units, truncation in
                lines.append(TextLine(utf8Range: line.startByte..<line.endByte, width: Double(units) * ppu,
                                      baseline: Double(index) * lineHeight + font.metrics.ascender, truncation: truncation))
            }
            return TextLayout(size: outcome.size, lines: lines, lineHeight: lineHeight, isTruncated: outcome.isTruncated,
                              missingGlyphs: missingGlyphs(upTo: outcome.shownSegments, bytes))
        }
    }

    /// The exact size of the text in `container`, without building the lines.
    ///
    /// - Complexity: O(segments shown), no allocation when no word is broken or truncated.
    public func size(in container: TextContainer) -> Size {
        PreparedText.withUTF8(text) { bytes in run(container, bytes) { _, _, _, _ in }.size }
    }

    // MARK: - Fitting

    private struct Outcome {
        var size: Size
        var isTruncated: Bool
        var shownSegments: Int
    }

    private func run(_ container: TextContainer, _ bytes: UnsafeBufferPointer<UInt8>,
                     _ body: (LineFitter.Line, Int, Int64, LineTruncation?) -> Void) -> Outcome {
        let ppu = font.pointsPerUnit
        let lineHeight = font.metrics.lineHeight
        var maxLines = container.numberOfLines == 0 ? Int.max : container.numberOfLines
        if container.height.isFinite {
            maxLines = min(maxLines, Int((container.height / lineHeight + 1e-9).rounded(.down)))
        }
        let segments = self.segments
        let access = SegmentAccess(shaper: SegmentShaper(face: font.face), segments: segments, bytes: bytes,
                                   longSegments: longSegments)
        let fitter = LineFitter(access: access, maxUnits: container.width / ppu,
                                charWrap: container.lineBreakMode == .charWrap)
        var widest: Int64 = 0
        var count = 0
        var last: LineFitter.Line?
        let rest = fitter.fit(maxLines: maxLines) { line in
            if let previous = last {
                body(previous, count - 1, previous.contentUnits, nil)
                widest = max(widest, previous.contentUnits)
            }
            last = line
            count += 1
        }
        if var line = last {
            var truncation: LineTruncation?
            if rest != nil, let truncated = Truncator(fitter: fitter, ellipsisUnits: Int64(font.face.ellipsisAdvance),
                                                      mode: container.lineBreakMode).truncate(line) {
                line.contentUnits = truncated.units
                line.endByte = truncated.endByte
                truncation = truncated.truncation
            }
            body(line, count - 1, line.contentUnits, truncation)
            widest = max(widest, line.contentUnits)
        }
        return Outcome(size: Size(width: Double(widest) * ppu, height: Double(count) * lineHeight),
                       isTruncated: rest != nil, shownSegments: rest.map { $0.segment + 1 } ?? segments.count)
    }

    private func missingGlyphs(upTo end: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        for segment in segments[0..<min(end, segments.count)] where segment.hasMissingGlyphs {
            var offset = Int(segment.start)
            while offset < Int(segment.shapedEnd), let (scalar, length) = UTF8Scan.scalar(startingAt: offset, in: bytes) {
                offset += length
                let properties = scalar.properties
                if properties.isDefaultIgnorableCodePoint || properties.generalCategory == .control
                    || SegmentSplitter.isHangingWhitespace(scalar) || font.face.hasGlyph(for: scalar) { continue }
                if !found.contains(scalar) { found.append(scalar) }
            }
        }
        return found
    }

    static func withUTF8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        let copy = Array(text.utf8)
        return copy.withUnsafeBufferPointer(body)
    }
}
