// Fuzzes preparing and laying out an attributed text: the first bytes choose the text's fonts,
// size, container, and then spans (fonts, sizes, letter spacing — negative too —, features,
// languages, over any scalar range) and attachments (boxes put in the text as U+FFFC at grapheme
// boundaries); the rest is the text. Checks what must hold for every input: an answer or an
// InvalidArgumentError, never a crash; `size(in:)` equals `layout(in:).size`, sizes are finite;
// lines are in order and, when every line is kept, cover the text; the last line of a truncated
// layout, shown whole, is the line the layout without a line limit has there; each line is at
// least as tall as the ascent plus descent of every font it shows and every box on it; measuring
// again warm, and cold (a new FontLibrary: new faces, empty caches), gives the same layout, and
// SizedText's quick heights and baselines are the layout's; the text
// with its first span's attributes over the whole text lays out as with those attributes split
// into pieces (some carrying a color, which never splits a shaping run) — and, when they change
// nothing but fonts and size, as the plain string in those fonts. Bit 5 of the counts byte adds
// a paragraph style (8 more bytes: spacings, a multiple, minimum and maximum heights, indents,
// tab stops, alignment), bit 6 a truncation token (2 bytes); with them, a layout is truncated
// exactly when its lines without a limit are more than the limit, and a token shown is drawn whole.
import FuzzSupport
import TextMetrics
import TextSegmentation

let languages: [String?] = [nil, "ja", "ko", "zh-Hant", "ar", "he", "en", "tr"]

/// A cursor over the input's bytes; past the end it reads zeros.
struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    mutating func next() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }
}

/// What one span asks for, read from 6 bytes.
struct SpanBytes {
    var start, length, fonts, size, kern, features: UInt8

    init(_ reader: inout ByteReader) {
        (start, length, fonts, size, kern, features) =
            (reader.next(), reader.next(), reader.next(), reader.next(), reader.next(), reader.next())
    }

    /// The range in scalars of a text of `count` scalars.
    func range(inScalars count: Int) -> Range<Int> {
        let lower = Int(start) % (count + 1)
        return lower..<min(count, lower + Int(length) % (count + 1))
    }

    /// The attributes: fonts (bit 6 of `fonts`; bit 7: at the size in effect), a size (`size`
    /// 0: none; 0xFF: 1e300 pt, past what a text of several styles takes), a kern (`kern`
    /// 0x80: none; 0x7E: 2e6 pt and 0x81: −1e300 pt, past the bound; else −16 … +15.875 pt),
    /// features (bit 3 of `features`: liga/clig off, kern off, tnum by bits 0–2) and a language
    /// (bits 4–6). Values past the bound must be refused with an error, never crash.
    func attributes(library: FontLibrary) throws -> TextAttributes {
        var attributes = TextAttributes()
        if size != 0 { attributes.size = size == 0xFF ? 1e300 : 1 + Double(size % 64) * 1.5 }
        if kern != 0x80 {
            attributes.kern = switch kern {
            case 0x7E: 2e6
            case 0x81: -1e300
            default: Double(Int8(bitPattern: kern)) / 8
            }
        }
        if features & 8 != 0 {
            var list: [FontFeature] = []
            if features & 1 != 0 { list += FontFeature.noLigatures }
            if features & 2 != 0 { list.append(FontFeature.noKerning) }
            if features & 4 != 0 { list.append(FontFeature.tabularFigures) }
            attributes.features = list
        }
        attributes.language = languages[Int(features >> 4) % languages.count]
        if fonts & 0x40 != 0 {
            var names = fuzzFontNames.indices.filter { fonts & (1 << $0) != 0 }.map { fuzzFontNames[$0] }
            if names.isEmpty { names = [fuzzFontNames[5]] }
            attributes.fonts = try FontChain(named: names, size: attributes.size ?? 12, library: library)
            attributes.fontsKeepSize = fonts & 0x80 != 0
        }
        return attributes
    }
}

/// One input: a header of 8 bytes (fonts, size, width ×2, lines, mode, counts, cuts), 6 bytes a
/// span, 4 an attachment, then the text.
public func fuzzAttributedText(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var reader = ByteReader(bytes: UnsafeBufferPointer(start: data, count: count))
    let fontBits = reader.next(), sizeByte = reader.next()
    let widthBits = Int(reader.next()) << 8 | Int(reader.next())
    let numberOfLines = Int(reader.next() % 6)
    let mode = fuzzLineBreakModes[Int(reader.next()) % fuzzLineBreakModes.count]
    let counts = reader.next(), cutSeed = reader.next()
    let spanBytes = (0..<Int(counts & 7)).map { _ in SpanBytes(&reader) }
    let boxBytes = (0..<Int(counts >> 3 & 3)).map { _ in (reader.next(), reader.next(), reader.next(), reader.next()) }
    let paragraphBytes = counts & 0x20 != 0 ? (0..<8).map { _ in reader.next() } : nil
    let tokenBytes = counts & 0x40 != 0 ? (reader.next(), reader.next()) : nil
    guard reader.position <= count else { return 0 }
    let raw = String(decoding: UnsafeBufferPointer(start: data + reader.position, count: count - reader.position),
                     as: UTF8.self)
    // The boxes' U+FFFC, each at a grapheme boundary of the text.
    let boundaries = [0] + GraphemeBreaking.boundaries(in: raw)
    let cuts = boxBytes.map { boundaries[Int($0.0) % boundaries.count] }.sorted()
    var text = ""
    var boxOffsets: [Int] = []
    var from = raw.utf8.startIndex
    for cut in cuts {
        let to = raw.utf8.index(raw.utf8.startIndex, offsetBy: cut)
        text += String(raw[from..<to])
        boxOffsets.append(text.utf8.count)
        text += "\u{FFFC}"
        from = to
    }
    text += String(raw[from...])
    let scalarCount = text.unicodeScalars.count
    let width = widthBits == 0xFFFF ? Double.infinity : Double(widthBits) / 64

    /// The paragraph style the 8 bytes ask for.
    func paragraphStyle(_ b: [UInt8]) -> ParagraphStyle {
        var style = ParagraphStyle()
        style.lineSpacing = Double(b[0] % 16)
        style.lineHeightMultiple = [0, 0.5, 1, 1.25, 2][Int(b[1]) % 5]
        style.minimumLineHeight = [0, 10, 30][Int(b[2]) % 3]
        style.maximumLineHeight = [0, 15, 40][Int(b[3]) % 3]
        if style.maximumLineHeight < style.minimumLineHeight { style.maximumLineHeight = 0 }
        style.paragraphSpacing = Double(b[4] % 12)
        style.paragraphSpacingBefore = Double(b[5] % 8)
        style.firstLineHeadIndent = Double(b[6] % 40)
        style.headIndent = Double(b[7] % 30)
        style.tailIndent = -Double(b[7] >> 5) * 5
        style.alignment = TextAlignment.allCases[Int(b[6] >> 5) % TextAlignment.allCases.count]
        if b[0] & 0x10 != 0 { style.tabStops = [25, 70] }
        style.defaultTabInterval = Double(b[1] >> 4) * 10
        return style
    }

    refusingBadArguments {
        var container = try TextContainer(width: width, numberOfLines: numberOfLines, lineBreakMode: mode)
        if let (which, size) = tokenBytes {
            let text = ["…", "… more", "Read more", "→ more ⟩"][Int(which) % 4]
            container.truncationToken = try TruncationToken(AttributedText(text, style: TextStyle(
                fonts: try FontChain(named: [fuzzFontNames[Int(which >> 2) % fuzzFontNames.count]],
                                     size: 1 + Double(size % 64) * 1.5))))
        }
        /// The text with the fonts of `library`; `pieces` splits the first span's range into
        /// same-style spans, every other one carrying a color.
        func attributed(_ library: FontLibrary, firstSpanOverAll: Bool = false, pieces: Bool = false) throws -> AttributedText {
            var names = fuzzFontNames.indices.filter { fontBits & (1 << $0) != 0 }.map { fuzzFontNames[$0] }
            if names.isEmpty { names = [fuzzFontNames[0]] }
            let style = TextStyle(fonts: try FontChain(named: names, size: 1 + Double(sizeByte % 64) * 1.5, library: library))
            var spans: [AttributedText.Span] = []
            for (index, span) in spanBytes.enumerated() {
                let range = index == 0 && firstSpanOverAll ? 0..<scalarCount : span.range(inScalars: scalarCount)
                let attributes = try span.attributes(library: library)
                guard index == 0 && pieces else {
                    spans.append(AttributedText.Span(range: range, attributes: attributes))
                    continue
                }
                var random = UInt32(cutSeed) &* 2_654_435_761 | 1
                var start = range.lowerBound
                var colored = false
                while start < range.upperBound {
                    random = random &* 1_103_515_245 &+ 12_345
                    let end = min(range.upperBound, start + 1 + Int(random >> 16) % 7)
                    var piece = attributes
                    if colored { piece.color = TextColor(red: 200, green: UInt8(truncatingIfNeeded: end), blue: 0) }
                    spans.append(AttributedText.Span(range: start..<end, attributes: piece))
                    colored.toggle()
                    start = end
                }
            }
            var result = try AttributedText(text, style: style, spans: spans, in: .scalars)
            if let paragraphBytes { result.paragraphStyle = try paragraphStyle(paragraphBytes).validated() }
            for (offset, box) in zip(boxOffsets, boxBytes) {
                let attachment = try TextAttachment(width: Double(box.1) / 4, ascent: Double(box.2) / 4 - 8,
                                                    descent: Double(box.3) / 8)
                // A U+FFFC after a prepended mark does not start a cluster: refused, as it must be.
                do { try result.addAttachment(attachment, at: offset) } catch is InvalidArgumentError {}
            }
            return result
        }

        let shared = FontLibrary.shared
        let input = try attributed(shared)
        let prepared = try PreparedText(input)
        let layout = prepared.layout(in: container)
        checkLayoutInvariants(prepared, layout, in: container)
        checkUntruncatedLastLine(prepared, layout, in: container)
        let tightens = input.styleRuns().contains { $0.style.kern < 0 }
        // Truncated exactly when the lines without a limit are more than the limit.
        if numberOfLines > 0, !width.isNaN {
            let all = prepared.layout(in: try TextContainer(width: width, lineBreakMode: mode))
            check(layout.isTruncated == (all.lineCount > numberOfLines),
                  "truncated \(layout.isTruncated) with \(all.lineCount) lines of at most \(numberOfLines)")
        }
        // A token shown is drawn whole, once.
        if let token = layout.truncationToken {
            let drawn = prepared.glyphs(for: layout).flatMap { $0 }.count { $0.isTruncationToken }
            // The token's own glyphs: its text laid out on one line, as the token prepares it.
            let own = token.prepared.glyphs(for: token.prepared.layout(in: .unlimited)).flatMap { $0 }.count
            check(drawn == own, "the token drawn with \(drawn) of its \(own) glyphs")
        }
        check(tightens || layout.lines.allSatisfy { $0.width >= 0 }, "a line of negative width: \(layout.lines)")

        // Every line kept: the lines cover the text.
        let utf8Count = text.utf8.count
        if numberOfLines == 0, !layout.isTruncated, mode == .wordWrap || mode == .charWrap {
            var start = 0
            for line in layout.lines {
                check(line.utf8Range.lowerBound == start, "a gap before \(line.utf8Range) (from \(start))")
                start = line.utf8Range.upperBound
            }
            check(layout.lines.isEmpty ? utf8Count == 0 : start == utf8Count, "lines end at \(start) of \(utf8Count)")
        }

        // Each line at least as tall as everything it shows (the last of a truncated layout too:
        // its kept text and its token, whose glyphs are in the token's fonts and boxes).
        for (line, glyphs) in zip(layout.lines, prepared.glyphs(for: layout)) {
            for glyph in glyphs {
                let shown = glyph.isTruncationToken ? layout.truncationToken?.prepared ?? prepared : prepared
                let needed: Double
                if let box = glyph.attachmentIndex {
                    let attachment = (shown.attributedText?.attachments ?? input.attachments)[box].attachment
                    needed = attachment.ascent + attachment.descent
                } else {
                    let metrics = shown.fonts.fonts[glyph.fontIndex].metrics
                    needed = metrics.ascender - metrics.descender
                }
                // A paragraph style stacks the line at its natural height times the multiple,
                // then at least the minimum and at most the maximum (NSParagraphStyle's rule):
                // a maximum may leave a glyph taller than its line.
                var least = needed
                if let style = prepared.paragraphStyle {
                    if style.lineHeightMultiple > 0 { least *= style.lineHeightMultiple }
                    if style.minimumLineHeight > 0 { least = max(least, style.minimumLineHeight) }
                    if style.maximumLineHeight > 0 { least = min(least, style.maximumLineHeight) }
                }
                check(line.height >= least - 1e-9 * max(1, least),
                      "line \(line.utf8Range) is \(line.height) pt tall, below \(least) of \(glyph)")
            }
        }

        // The cells' quick heights and baselines (SizedText: line counts over whole segments,
        // lines of several boxes, cut lines) are the layout's, at every width a cell gives
        // (a width of 0 is "no limit" to a container, one cluster a line to a cell).
        if container.width > 0, container.width.isFinite, container.height == .infinity {
            let sized = SizedText(prepared: prepared)
            let height = try sized.height(width: container.width, numberOfLines: numberOfLines, lineBreakMode: mode,
                                          truncationToken: container.truncationToken)
            check(height == layout.size.height,
                  "SizedText height \(height) ≠ the layout's \(layout.size.height): \(text.debugDescription) in \(container), \(layout.lines)")
            let (first, last) = try sized.baselines(width: container.width, numberOfLines: numberOfLines,
                                                    lineBreakMode: mode, truncationToken: container.truncationToken)
            check(first == layout.firstBaseline && last == layout.lastBaseline,
                  "SizedText baselines \(first), \(last) ≠ the layout's \(layout.firstBaseline), \(layout.lastBaseline)")
        }

        // Warm (every cache filled now) and cold (new faces, empty caches): the same layout.
        let warm = try PreparedText(try attributed(shared)).layout(in: container)
        check(warm == layout, "warm \(warm) ≠ first \(layout)")
        let cold = try PreparedText(try attributed(FontLibrary())).layout(in: container)
        check(cold == layout, "cold \(cold) ≠ warm \(layout)")

        // One style over the whole text, whole or in pieces: the same lines.
        if !spanBytes.isEmpty {
            let whole = try PreparedText(try attributed(shared, firstSpanOverAll: true))
            let wholeLayout = whole.layout(in: container)
            let split = try PreparedText(try attributed(shared, firstSpanOverAll: true, pieces: true)).layout(in: container)
            check(split.lines == wholeLayout.lines && split.size == wholeLayout.size,
                  "split into pieces \(split.lines) ≠ whole \(wholeLayout.lines)")
            let attributes = try spanBytes[0].attributes(library: shared)
            if spanBytes.count == 1, attributes.kern ?? 0 == 0, attributes.features?.isEmpty ?? true,
               attributes.language == nil, whole.attributedText?.attachments.isEmpty ?? true {
                let fonts = try input.style.applying(attributes).fonts
                let plain = try PreparedText(text, fonts: fonts).layout(in: container)
                check(plain.lines == wholeLayout.lines && plain.size == wholeLayout.size,
                      "plain \(plain.lines) ≠ one span over all \(wholeLayout.lines)")
            }
        }
    }
    return 0
}

/// The entry point SwiftPM links an executable target with: libFuzzer's driver, given the input test.
@_cdecl("FuzzAttributedText_main")
public func fuzzAttributedTextMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { fuzzAttributedText($0, $1) }
}
