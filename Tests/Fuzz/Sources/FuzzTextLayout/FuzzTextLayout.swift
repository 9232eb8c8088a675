// Fuzzes preparing and laying out a text: the first bytes choose the font chain, size,
// container and language, the rest is the text (as UTF-8, invalid bytes repaired as String does).
// Checks what must hold for every input: `size(in:)` equals `layout(in:).size`, the lines are
// in order inside the text and, when every line is kept, cover it and fit the width (a line of
// one grapheme cluster aside) and, in one font, are each as wide as their own text alone; in
// one font, in every mode, no line but the last could have taken its next cluster (or word);
// sizes are finite; the last line of a truncated layout, shown whole, is the line the layout
// without a line limit has there; a second, warm preparation lays out the same.
import FuzzSupport
import TextMetrics
import TextSegmentation

let languages: [String?] = [nil, "ja", "ko", "zh-Hant", "ar", "he", "en"]

/// The scripts HarfBuzz shapes right to left (`hb_script_get_horizontal_direction`), by tag.
let rightToLeftScripts: Set<String> = [
    "Arab", "Hebr", "Syrc", "Thaa", "Cprt", "Khar", "Phnx", "Nkoo", "Lydi", "Avst", "Armi", "Phli", "Prti", "Sarb",
    "Orkh", "Samr", "Mand", "Merc", "Mero", "Mani", "Mend", "Nbat", "Narb", "Palm", "Phlp", "Hatr", "Hung", "Adlm",
    "Rohg", "Sogo", "Sogd", "Elym", "Chrs", "Yezi", "Ougr",
]

/// One input: a header of 7 bytes (fonts, size, width, lines, mode, language), then the text.
public func fuzzTextLayout(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count >= 7 else { return 0 }
    let header = UnsafeBufferPointer(start: data, count: 7)
    let text = String(decoding: UnsafeBufferPointer(start: data + 7, count: count - 7), as: UTF8.self)
    // Byte 0: which fonts, in the order of `fuzzFontNames` (none chosen: the first).
    let size = 1 + Double(header[1] % 64) * 1.5
    var names = fuzzFontNames.indices.filter { header[0] & (1 << $0) != 0 }.map { fuzzFontNames[$0] }
    if names.isEmpty { names = [fuzzFontNames[0]] }
    let widthBits = Int(header[2]) << 8 | Int(header[3])
    let width = widthBits == 0xFFFF ? Double.infinity : Double(widthBits) / 64
    let numberOfLines = Int(header[4] % 6)
    let mode = fuzzLineBreakModes[Int(header[5]) % fuzzLineBreakModes.count]
    let language = languages[Int(header[6]) % languages.count]
    do {
        let fonts = try FontChain(names.map { try Font(named: $0, size: size) })
        let container = try TextContainer(width: width, numberOfLines: numberOfLines, lineBreakMode: mode)
        let prepared = try PreparedText(text, fonts: fonts, language: language)
        let layout = prepared.layout(in: container)
        checkLayoutInvariants(prepared, layout, in: container)
        checkUntruncatedLastLine(prepared, layout, in: container)
        check(layout.lines.allSatisfy { $0.width >= 0 }, "a line of negative width: \(layout.lines)")
        let utf8Count = text.utf8.count
        // A line's text alone measures it as the layout does in one font and no language, where the
        // text is one left-to-right run, whose segments HarfBuzz shapes with the properties
        // it guesses from each: elsewhere a line's neighbours decide its bidi levels (and so
        // its mirrored glyphs) and the script its punctuation is shaped in (a Hebrew mark
        // anywhere makes the whole run Hebrew), which its text alone may not.
        var scripts = Set<UnicodeScript>()
        let isOneRun = text.unicodeScalars.allSatisfy { scalar in
            let script = UnicodeScript(scalar)
            if !script.isShared { scripts.insert(script) }
            guard !rightToLeftScripts.contains(script.tag) else { return false }
            switch BidiClass(scalar) {
            case .leftToRight, .europeanNumber, .europeanSeparator, .europeanTerminator, .commonSeparator,
                 .nonspacingMark, .boundaryNeutral, .paragraphSeparator, .segmentSeparator, .whiteSpace, .otherNeutral:
                return scripts.count <= 1
            default:
                return false
            }
        }
        let measuresAlone = names.count == 1 && language == nil && isOneRun
        if numberOfLines == 0, !layout.isTruncated, mode == .wordWrap || mode == .charWrap {
            // Every line kept: together they are the whole text, and each fits the width unless
            // it is one grapheme cluster (spaces after it aside), which no break can split.
            var start = 0
            let bytes = Array(text.utf8)
            for line in layout.lines {
                check(line.utf8Range.lowerBound == start, "a gap before \(line.utf8Range) (from \(start))")
                start = line.utf8Range.upperBound
                // A width of 0 is no limit, as in UIKit.
                guard width > 0, line.width > width + 1e-6 else { continue }
                // One cluster by UAX #29 (GraphemeBreaking, checked against GraphemeBreakTest.txt;
                // Swift 6.3's own Characters split U+1F3F1 ZWJ U+1F33E, which GB11 joins).
                let shown = String(decoding: bytes[line.utf8Range], as: UTF8.self)
                let content = String(shown.reversed().drop { $0.isWhitespace }.reversed())  // spaces, separators
                check(GraphemeBreaking.boundaries(in: content).count <= 1,
                      "line \(line.utf8Range) is \(line.width) pt wide in \(width) pt: \(shown.debugDescription)")
            }
            check(layout.lines.isEmpty ? utf8Count == 0 : start == utf8Count, "lines end at \(start) of \(utf8Count)")
            if measuresAlone {
                // In one font, every line is as wide as its own text on a line by itself: a line
                // cut inside a word, or ended at a break, loses no width and gains none.
                for line in layout.lines {
                    let shown = String(decoding: bytes[line.utf8Range], as: UTF8.self)
                    let alone = try PreparedText(shown, fonts: fonts).size(in: .unlimited).width
                    check(abs(line.width - alone) <= 1e-6 * max(1, alone),
                          "line \(line.utf8Range) is \(line.width) pt wide, its text alone \(alone) pt: \(shown.debugDescription)")
                }
            }
        }
        if measuresAlone, width > 0, width.isFinite {
            // No line could have taken its next unit: every line but the last, and one that
            // ends at a mandatory break, with its next grapheme cluster (char wrap, or where it
            // cut a word) or its next word, measured as a line is (its text alone, as above),
            // does not fit. The next word's end is the next UAX #14 opportunity on a cluster
            // boundary, as the segment splitter finds them, except that it keeps regional
            // indicators paired as the font ligates them (texts with those are checked cluster
            // by cluster only where a word is cut) and an extending character with a control
            // before it (ZERO WIDTH SPACE, U+0000), whose cluster HarfBuzz merges into the
            // control's though UAX #29 ends a cluster there — unless a mandatory break comes
            // between them.
            let bytes = Array(text.utf8)
            let extendsAControl = offsetsExtendingAControl(in: text)
            let opportunities = LineBreaking.opportunities(in: text)
            let mandatory = Set(opportunities.filter(\.isMandatory).map(\.offset))
            let graphemes = GraphemeBreaking.boundaries(in: text).filter { mandatory.contains($0) || !extendsAControl.contains($0) }
            let clusterEnds = Set(graphemes)
            let breaks = opportunities.filter { $0.isMandatory || clusterEnds.contains($0.offset) }.map(\.offset)
            let wordsAsSplit = !text.unicodeScalars.contains { (0x1F1E6...0x1F1FF).contains($0.value) }
            for (index, line) in layout.lines.enumerated().dropLast() {
                let end = line.utf8Range.upperBound
                guard !mandatory.contains(end), index + 1 < layout.lines.count,
                      layout.lines[index + 1].utf8Range.lowerBound == end else { continue }
                let cutsAWord = !breaks.contains(end)
                guard mode == .charWrap || cutsAWord || wordsAsSplit,
                      let next = (mode == .charWrap || cutsAWord ? graphemes : breaks).first(where: { $0 > end }) else { continue }
                let longer = String(decoding: bytes[line.utf8Range.lowerBound..<next], as: UTF8.self)
                let alone = try PreparedText(longer, fonts: fonts).size(in: .unlimited).width
                check(alone > width, "line \(line.utf8Range) could have taken the text to \(next): \(longer.debugDescription) is \(alone) pt in \(width) pt")
            }
        }
        // Prepared again (every cache warm now): the same answer.
        check(try PreparedText(text, fonts: fonts, language: language).layout(in: container) == layout, "not repeatable")
    } catch is InvalidArgumentError {
        // Bad sizes and widths are refused with an error: what the fuzzer may find.
    } catch {
        fatalError("unexpected error \(error)")
    }
    return 0
}

/// The UTF-8 offsets of characters that extend a control before them (GB4 ends a cluster
/// there, GB9 and GB9a would not; HarfBuzz joins them): a control, line or paragraph separator
/// or format character — not ZWNJ, ZWJ or a prepended concatenation mark — then a grapheme
/// extender, an emoji modifier, a spacing mark or ZWJ (Swift's Unicode properties, not the
/// library's tables).
func offsetsExtendingAControl(in text: String) -> Set<Int> {
    let prepended: Set<UInt32> = [0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD]
    var offsets = Set<Int>()
    var offset = 0
    var previousIsControl = false
    for scalar in text.unicodeScalars {
        let properties = scalar.properties
        if previousIsControl, properties.isGraphemeExtend || properties.isEmojiModifier
            || properties.generalCategory == .spacingMark || scalar.value == 0x200D {
            offsets.insert(offset)
        }
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .format:
            previousIsControl = scalar.value != 0x200C && scalar.value != 0x200D && !prepended.contains(scalar.value)
        default:
            previousIsControl = false
        }
        offset += scalar.utf8.count
    }
    return offsets
}

/// The entry point SwiftPM links an executable target with: libFuzzer's driver, given the input test.
@_cdecl("FuzzTextLayout_main")
public func fuzzTextLayoutMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { fuzzTextLayout($0, $1) }
}
