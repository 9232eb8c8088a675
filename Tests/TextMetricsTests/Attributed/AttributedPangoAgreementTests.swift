import Foundation
import JSON
import Testing
import TestSupport
@testable import TextMetrics
import TextSegmentation

/// The attributed corpus (`attributed.jsonl`: spans of fonts, weights, sizes, letter spacing,
/// features and languages; attachments; offsets in three units) laid out by the library and by
/// Pango (the independent reference program in the test support): line starts, widths, heights
/// and baselines must agree. A disagreement passes only when one of the documented differences
/// between Pango and CoreText (``Difference``, explained in the reference's README) accounts
/// for it — checked by laying the request out again the way Pango does — else it is printed
/// and the test fails.
@Suite struct AttributedPangoAgreementTests {
    /// The documented differences, each checked by laying the request out again the way Pango
    /// does (an emulation that must then agree with Pango) or by the bound it allows.
    enum Difference: String, CaseIterable, Comparable {
        /// Pango puts half of a letter spacing before each cluster and half after, and trims
        /// the halves at a line's ends; CoreText (and TextMetrics) put it all after each
        /// cluster, the line's last included. Each line's width may differ by at most the
        /// largest spacing on it (widths only).
        case letterSpacingPlacement
        /// Pango turns `liga`, `clig`, `dlig` and `hlig` off under any nonzero letter spacing
        /// (`pango_analysis_collect_features`); TextMetrics, as CoreText's `kern`, keeps them.
        /// Checked: with those features off under every letter-spaced stretch, the layouts agree.
        case noLigaturesUnderLetterSpacing
        /// Pango puts the keycap bases 0–9, # and * in the color emoji font whenever the chain
        /// has one (see ``PangoAgreementTests/Difference/keycapBaseInEmojiFont``). Checked: with
        /// those characters in the emoji font, the layouts agree.
        case keycapBaseInEmojiFont
        /// Pango never chooses a font for a space: it stays in the run it falls in
        /// (`itemize_state_process_run`), and runs next to emoji, keycap bases or attachments
        /// (U+FFFC, which Pango takes from the emoji font) are often the emoji font's, whose
        /// space is 1.245 em (Roboto's 0.248). TextMetrics keeps spaces in the text font, as
        /// CoreText's fallback does. Checked: with such spaces in the emoji font the layouts
        /// agree; or each line is narrower than Pango's by whole spaces' differences at a size
        /// on it; or Pango's lines are ours, so measured, until one Pango ends earlier.
        case spaceInEmojiRun
        /// A line that starts with Han or kana and holds text at several sizes: Pango aligns its
        /// runs as if on an ideographic baseline below the alphabetic one (found by probes:
        /// wqy-microhei's 0.1187 em below, Roboto's about 0.127), so a larger run after a
        /// smaller one is raised by that much per point of difference; TextMetrics (as CoreText)
        /// aligns every run on the alphabetic baseline. Line starts and widths agree; a line's
        /// height and baseline may differ by up to 0.13 em per point between its sizes
        /// (baselines also by the height differences above).
        case ideographicRunsRaised
        /// Pango shapes an item once with its features given over ranges, so a pair is kerned
        /// across a change of features alone ("“" then "q" with `liga` 0); TextMetrics, as
        /// CoreText (where features belong to the font), shapes each stretch apart: the pair
        /// is not kerned. A line may differ by 0.05 em per such change on it (widths only).
        case kerningAcrossFeatureChange
        /// A line showing only attachments is as tall as its boxes in Pango; here, as in
        /// CoreText, the font's ascent and descent count too (heights, and baselines below).
        case attachmentOnlyLine
        /// The plain-text differences of ``PangoAgreementTests/Difference`` (a Common character
        /// next to a fallback run; a CJK line's height), where they apply to a stretch of the text.
        case commonCharacterStaysInRunFont
        case cjkLineHeight

        static func < (a: Difference, b: Difference) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    @Test func agreesWithPango() throws {
        let url = PangoReference.corpus.appendingPathComponent("attributed.jsonl")
        let requests = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { try JSONValue.parse(String($0)) }
        let answers = try PangoReference.answers(toRequestsIn: url).map { try JSONValue.parse($0) }
        try #require(answers.count == requests.count)
        var counts = (starts: 0, widths: 0, heights: 0, baselines: 0, all: 0)
        var explained: [Difference: Int] = [:]
        for (request, pango) in zip(requests, answers) {
            let id = request["id"]?.stringValue ?? "?"
            try #require(pango["error"] == nil, "\(id): Pango answers \(pango)")
            let text = try Self.attributedText(of: request)
            let container = try TextContainer(width: request["width"]?.numberValue ?? .infinity)
            let prepared = try PreparedText(text)
            let layout = prepared.layout(in: container)
            let pangoLines = try #require(pango["lines"]?.arrayValue, "\(id): \(pango)")
            let verdict = Self.compare(layout, pangoLines, text: text)
            counts.starts += verdict.starts ? 1 : 0
            counts.widths += verdict.widths ? 1 : 0
            counts.heights += verdict.heights ? 1 : 0
            counts.baselines += verdict.baselines ? 1 : 0
            if verdict.agrees {
                counts.all += 1
                continue
            }
            if let reasons = try Self.explanation(of: text, prepared, layout, pangoLines, in: container) {
                for reason in reasons { explained[reason, default: 0] += 1 }
                continue
            }
            Issue.record("""
                \(id) disagrees with Pango (starts \(verdict.starts), widths \(verdict.widths), heights \(verdict.heights), baselines \(verdict.baselines))
                  text: \(text.string.debugDescription) width \(container.width)
                  spans: \(request["spans"].map { "\($0)" } ?? "-") attachments: \(request["attachments"].map { "\($0)" } ?? "-")
                  ours:  \(layout.lines.map { "@\($0.utf8Range.lowerBound) w=\($0.width) h=\($0.height) b=\($0.baseline)" })
                  pango: \(pangoLines.map { "@\(Int($0["start"]?.numberValue ?? -1)) w=\($0["width"]?.numberValue ?? -1) h=\($0["height"]?.numberValue ?? -1) b=\($0["baseline"]?.numberValue ?? -1)" })
                """)
        }
        print("Pango agreement, attributed: \(counts.all)/\(requests.count) agree in everything; line starts "
              + "\(counts.starts), widths \(counts.widths), heights \(counts.heights), baselines \(counts.baselines); explained: "
              + Difference.allCases.map { "\($0.rawValue) \(explained[$0] ?? 0)" }.joined(separator: ", "))
        // What agreed when the explanations were written (Pango 1.50.12, the bundled fonts): fewer
        // means a change to look at, even if every difference is explained.
        #expect(counts.all >= 75 && counts.starts >= 119 && counts.widths >= 87 && counts.heights >= 114
                && counts.baselines >= 108, "fewer requests agree than before: \(counts)")
    }

    /// The differences that explain how `layout` (of `text`) disagrees with Pango's lines, or
    /// `nil` when none does. Emulations are tried alone and together, fewest first.
    static func explanation(of text: AttributedText, _ prepared: PreparedText, _ layout: TextLayout, _ pango: [JSONValue],
                            in container: TextContainer) throws -> [Difference]? {
        // Emulations: Pango's behaviour asked of the library with more spans (alternatives of
        // each, for rules known only in part), tried alone and together, fewest first.
        var emulations: [(Difference, [[AttributedText.Span]])] = []
        if text.styleRuns().contains(where: { $0.style.kern != 0 }) {
            emulations.append((.noLigaturesUnderLetterSpacing, [try ligaturesOffUnderSpacing(text)]))
        }
        let keycaps = try [false, true].map { try keycapBasesInEmojiFont(text, withSpaceAfter: $0) }
        if !keycaps[0].isEmpty { emulations.append((.keycapBaseInEmojiFont, keycaps)) }
        let spaces = try SpaceRule.allCases.map { try spacesInEmojiRuns(text, prepared, layout, $0) }.filter { !$0.isEmpty }
        if !spaces.isEmpty { emulations.append((.spaceInEmojiRun, spaces)) }
        // Allowances: differences bounded line by line, for what cannot be emulated here.
        let allowances = Allowance.allCases.filter { $0.applies(to: text, layout) }
        var combinations: [[(Difference, [AttributedText.Span])]] = [[]]
        for (difference, alternatives) in emulations {
            combinations += combinations.flatMap { chosen in alternatives.map { chosen + [(difference, $0)] } }
        }
        combinations.sort { $0.count < $1.count }
        let allowanceSets = (0..<(1 << allowances.count)).sorted { $0.nonzeroBitCount < $1.nonzeroBitCount }
            .map { subset in allowances.indices.filter { subset & (1 << $0) != 0 }.map { allowances[$0] } }
        for chosen in combinations {
            let candidate = chosen.isEmpty ? text : try AttributedText(
                text.string, style: text.style, spans: text.spans + chosen.flatMap(\.1), attachments: text.attachments)
            let candidateLayout = chosen.isEmpty ? layout : try PreparedText(candidate).layout(in: container)
            for used in allowanceSets where compare(candidateLayout, pango, text: candidate, allowing: used).agrees {
                return (chosen.map(\.0) + used.map(\.difference)).sorted()
            }
        }
        if try ideographicRunsRaised(prepared, layout, pango, text: text) { return [.ideographicRunsRaised] }
        if Allowance.emojiSpaces.applies(to: text, layout), breaksEarlierWithEmojiSpaces(layout, pango, text: text) {
            return [.spaceInEmojiRun]
        }
        // The plain-text differences, where they apply to a stretch of one style.
        let verdict = compare(layout, pango, text: text)
        var found = Set<Difference>()
        for run in text.styleRuns() {
            let piece = String(decoding: Array(text.string.utf8)[run.range], as: UTF8.self)
            for difference in try PangoAgreementTests.differences(in: piece, fonts: run.style.fonts) {
                switch difference {
                case .commonCharacterStaysInRunFont: found.insert(.commonCharacterStaysInRunFont)
                case .cjkLineHeight where verdict.starts && verdict.widths: found.insert(.cjkLineHeight)
                case .keycapBaseInEmojiFont, .cjkLineHeight: break
                }
            }
        }
        return found.isEmpty ? nil : found.sorted()
    }

    /// What a line may differ by, for a difference that cannot be emulated with spans.
    enum Allowance: CaseIterable {
        /// The largest letter spacing on the line, in width.
        case letterSpacing
        /// 0.05 em of the larger size for each change of features alone on the line, in width:
        /// the pair kerned across it in Pango.
        case featureChange
        /// A line showing only attachments: its height (and the baselines below it) may be the
        /// boxes' in Pango, the font's too here.
        case attachmentOnlyLine
        /// Spaces of the line in the emoji font in Pango: its width may be short of Pango's by
        /// a whole number of (emoji font's space − text font's space) at one size on the line.
        case emojiSpaces

        var difference: Difference {
            switch self {
            case .letterSpacing: .letterSpacingPlacement
            case .featureChange: .kerningAcrossFeatureChange
            case .attachmentOnlyLine: .attachmentOnlyLine
            case .emojiSpaces: .spaceInEmojiRun
            }
        }

        func applies(to text: AttributedText, _ layout: TextLayout) -> Bool {
            switch self {
            case .letterSpacing: text.styleRuns().contains { $0.style.kern != 0 }
            case .featureChange: !Self.featureChanges(in: text).isEmpty
            case .attachmentOnlyLine: layout.lines.contains { Self.showsOnlyAttachments($0, text) }
            case .emojiSpaces: text.string.contains(" ") && text.styleRuns().contains { $0.style.fonts.fonts.contains { $0.face.hasColorGlyphs } }
            }
        }

        /// How much `line` of `layout` (of `text`) may differ in width and height.
        func allows(_ line: TextLine, of text: AttributedText) -> (width: Double, height: Double) {
            switch self {
            case .letterSpacing:
                let kern = text.styleRuns().filter { $0.range.overlaps(line.utf8Range) }.map { abs($0.style.kern) }.max() ?? 0
                return (kern, 0)
            case .featureChange:
                let changes = Self.featureChanges(in: text).filter { line.utf8Range.contains($0.offset) && $0.offset > line.utf8Range.lowerBound }
                return (changes.map { 0.05 * $0.size }.reduce(0, +), 0)
            case .attachmentOnlyLine:
                guard Self.showsOnlyAttachments(line, text) else { return (0, 0) }
                return (0, line.height)
            case .emojiSpaces:
                return (0, 0)  // whole steps, see `emojiSpaceSteps`
            }
        }

        /// The offsets where the features change and nothing else that shapes, with the larger size there.
        static func featureChanges(in text: AttributedText) -> [(offset: Int, size: Double)] {
            let runs = text.styleRuns()
            return zip(runs, runs.dropFirst()).compactMap { before, after in
                var same = after.style
                same.features = before.style.features
                guard before.style.features != after.style.features, same.shapesLike(before.style) else { return nil }
                return (after.range.lowerBound, max(before.style.fonts.size, after.style.fonts.size))
            }
        }

        /// What one space in the emoji font adds to `line`, for each text font and size on it
        /// (spaces' advances from hb-shape), and how many spaces the line has.
        static func emojiSpaceSteps(_ line: TextLine, of text: AttributedText) throws -> (steps: [Double], spaces: Int) {
            var steps: [Double] = []
            for run in text.styleRuns() where run.range.overlaps(line.utf8Range) {
                guard let emoji = run.style.fonts.fonts.first(where: { $0.face.hasColorGlyphs }) else { continue }
                for font in run.style.fonts.fonts where !font.face.hasColorGlyphs {
                    steps.append(try spaceEm(emoji.face) * emoji.size - spaceEm(font.face) * font.size)
                }
            }
            let shown = Array(text.string.utf8)[line.utf8Range]
            return (steps, shown.count { $0 == 0x20 })
        }

        /// A face's space advance in ems, from hb-shape.
        static func spaceEm(_ face: FontFace) throws -> Double {
            let upem = face.metrics.unitsPerEm
            let advance = try HBShapeReference.advances(fontPath: face.path, faceIndex: face.faceIndex, unitsPerEm: upem,
                                                        strings: [" "])[0]
            return Double(advance) / Double(upem)
        }

        /// Whether the line's text, trailing whitespace aside, is attachments only.
        static func showsOnlyAttachments(_ line: TextLine, _ text: AttributedText) -> Bool {
            let shown = String(decoding: Array(text.string.utf8)[line.utf8Range], as: UTF8.self).unicodeScalars
                .filter { !$0.properties.isWhitespace }
            return !shown.isEmpty && shown.allSatisfy { $0 == "\u{FFFC}" }
        }
    }

    /// Spans turning ligatures off wherever the text is letter-spaced, as Pango does.
    static func ligaturesOffUnderSpacing(_ text: AttributedText) throws -> [AttributedText.Span] {
        let off = try ["liga", "clig", "dlig", "hlig"].map { try FontFeature($0, 0) }
        return text.styleRuns().filter { $0.style.kern != 0 }.map { run in
            AttributedText.Span(range: run.range, attributes: TextAttributes(features: run.style.features + off))
        }
    }

    /// Spans putting 0–9, # and * in the emoji font of their style's chain, as Pango does, and
    /// with `withSpaceAfter` a space right after them (a space keeps the run's font in Pango).
    static func keycapBasesInEmojiFont(_ text: AttributedText, withSpaceAfter: Bool) throws -> [AttributedText.Span] {
        var spans: [AttributedText.Span] = []
        let bytes = Array(text.string.utf8)
        for run in text.styleRuns() {
            guard let emoji = run.style.fonts.fonts.first(where: { $0.face.hasColorGlyphs }) else { continue }
            for at in run.range {
                let isBase = (0x30...0x39).contains(bytes[at]) || bytes[at] == 0x23 || bytes[at] == 0x2A
                let isSpaceAfterBase = withSpaceAfter && bytes[at] == 0x20 && spans.last?.range.upperBound == at
                if isBase || isSpaceAfterBase {
                    spans.append(AttributedText.Span(range: at..<at + 1, attributes: TextAttributes(fonts: FontChain(emoji))))
                }
            }
        }
        return spans
    }

    /// Which spaces next to emoji Pango may put in the emoji font: Pango lets a space keep the
    /// font of the run it is in rather than choose one (`itemize_state_process_run`), and its
    /// emoji segmenter decides which run that is — a rule known here only by its effects.
    enum SpaceRule: CaseIterable {
        /// After an emoji or an attachment, before an attachment or another emoji, or after an
        /// emoji with U+FE0F.
        case beforeAttachmentOrEmoji
        /// After any emoji or attachment.
        case afterEmoji
        /// After or before any emoji or attachment.
        case besideEmoji
    }

    /// Spans putting the spaces `rule` names in the emoji font of their style's chain.
    static func spacesInEmojiRuns(_ text: AttributedText, _ prepared: PreparedText, _ layout: TextLayout,
                                  _ rule: SpaceRule) throws -> [AttributedText.Span] {
        let runs = text.styleRuns()
        let hasEmojiFont = { (offset: Int) in
            runs.first { $0.range.contains(offset) }?.style.fonts.fonts.contains { $0.face.hasColorGlyphs } ?? false
        }
        // Attachments count as emoji: Pango takes the emoji font for U+FFFC when the chain has one.
        let attachments = Set(text.attachments.map(\.offset).filter(hasEmojiFont))
        let colorClusters = Set(prepared.glyphs(for: layout).joined().filter {
            $0.attachmentIndex == nil && prepared.fonts.fonts[$0.fontIndex].face.hasColorGlyphs
        }.map(\.cluster)).union(attachments)
        let bytes = Array(text.string.utf8)
        var spaces = Set<Int>()
        var start = 0
        for end in GraphemeBreaking.boundaries(in: text.string) {
            defer { start = end }
            guard colorClusters.contains(start) else { continue }
            if end < bytes.count, bytes[end] == 0x20 {
                let selected = String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars.contains("\u{FE0F}")
                if rule != .beforeAttachmentOrEmoji || selected || attachments.contains(end + 1) || colorClusters.contains(end + 1) {
                    spaces.insert(end)
                }
            }
            if rule == .besideEmoji, start > 0, bytes[start - 1] == 0x20 { spaces.insert(start - 1) }
        }
        return spaces.sorted().compactMap { at in
            guard let emoji = runs.first(where: { $0.range.contains(at) })?.style.fonts.fonts.first(where: { $0.face.hasColorGlyphs })
            else { return nil }
            return AttributedText.Span(range: at..<at + 1, attributes: TextAttributes(fonts: FontChain(emoji)))
        }
    }

    /// Whether Pango's lines are ours until one that Pango ends earlier, as wider spaces make
    /// it: every line above it as wide as ours but for spaces in the emoji font, and Pango's
    /// line there ending before ours (never after: a wider space only moves a break back).
    static func breaksEarlierWithEmojiSpaces(_ layout: TextLayout, _ pango: [JSONValue], text: AttributedText) -> Bool {
        let starts: [Int] = pango.map { Int($0["start"]?.numberValue ?? -1) }
        let ours: [Int] = layout.lines.map(\.utf8Range.lowerBound)
        var first = 0
        while first + 1 < min(ours.count, starts.count), ours[first + 1] == starts[first + 1] { first += 1 }
        guard first + 1 < starts.count, ours.first == starts.first else { return false }
        let ourEnd = first + 1 < layout.lines.count ? layout.lines[first + 1].utf8Range.lowerBound : text.string.utf8.count
        guard starts[first + 1] < ourEnd else { return false }
        let above = TextLayout(size: layout.size, lines: Array(layout.lines[..<first]), lineHeight: layout.lineHeight,
                               isTruncated: false, missingGlyphs: [])
        let verdict = compare(above, Array(pango[..<first]), text: text, allowing: [.emojiSpaces])
        return verdict.starts && verdict.widths
    }

    /// Whether the layouts differ only as Pango's raised runs make them: the same line starts
    /// and widths; on each line that differs, the first character Han or kana, and its height
    /// and baseline within 0.13 em per point between the sizes of the text fonts on it
    /// (baselines also within the height differences above).
    static func ideographicRunsRaised(_ prepared: PreparedText, _ layout: TextLayout, _ pango: [JSONValue],
                                      text: AttributedText) throws -> Bool {
        let verdict = compare(layout, pango, text: text)
        guard verdict.starts && verdict.widths else { return false }
        let cjk: Set<UnicodeScript> = [.han, .hiragana, .katakana]
        let bytes = Array(text.string.utf8)
        var above = 0.0
        var raised = false
        for (line, (glyphs, other)) in zip(layout.lines, zip(prepared.glyphs(for: layout), pango)) {
            let height = abs(line.height - (other["height"]?.numberValue ?? .nan))
            let baseline = abs(line.baseline - (other["baseline"]?.numberValue ?? .nan))
            guard height > 0.01 || baseline > above + 0.01 else { continue }
            let first = String(decoding: bytes[line.utf8Range], as: UTF8.self).unicodeScalars.first
            guard let first, cjk.contains(UnicodeScript(first)) else { return false }
            let sizes = glyphs.filter { $0.attachmentIndex == nil && !prepared.fonts.fonts[$0.fontIndex].face.hasColorGlyphs }
                .map { prepared.fonts.fonts[$0.fontIndex].size }
            let bound = 0.13 * ((sizes.max() ?? 0) - (sizes.min() ?? 0)) + 0.002
            guard height <= bound, baseline <= above + bound else { return false }
            raised = true
            above += height
        }
        return raised
    }

    /// How a layout compares with Pango's lines: the line starts, and where they agree each
    /// line's width (Pango's 1/1024-pt rounding allowed per code point), height and baseline
    /// (the rounding allowed per line above).
    struct Verdict {
        var starts: Bool
        var widths: Bool
        var heights: Bool
        var baselines: Bool
        var agrees: Bool { starts && widths && heights && baselines }
    }

    /// With `allowances`, a line's width and height may also differ by what they allow (its
    /// baseline by the heights allowed above it and its own).
    static func compare(_ layout: TextLayout, _ pango: [JSONValue], text: AttributedText,
                        allowing allowances: [Allowance] = []) -> Verdict {
        let unit = 1.0 / 1024
        let starts = layout.lines.map { $0.utf8Range.lowerBound } == pango.map { Int($0["start"]?.numberValue ?? -1) }
        guard starts else { return Verdict(starts: false, widths: false, heights: false, baselines: false) }
        let bytes = Array(text.string.utf8)
        var verdict = Verdict(starts: true, widths: true, heights: true, baselines: true)
        var heightsAbove = 0.0
        for (index, (line, other)) in zip(layout.lines, pango).enumerated() {
            let scalars = String(decoding: bytes[line.utf8Range], as: UTF8.self).unicodeScalars.count
            let allowed = allowances.map { $0.allows(line, of: text) }
            let width = allowed.map(\.width).reduce(0, +), height = allowed.map(\.height).reduce(0, +)
            let difference = line.width - (other["width"]?.numberValue ?? .nan)
            let tolerance = 0.01 + Double(scalars) * unit / 2 + width
            var widthAgrees = abs(difference) <= tolerance
            if !widthAgrees, allowances.contains(.emojiSpaces), let (steps, spaces) = try? Allowance.emojiSpaceSteps(line, of: text) {
                widthAgrees = steps.contains { step in (1...max(1, spaces)).contains { abs(difference + Double($0) * step) <= tolerance } }
            }
            verdict.widths = verdict.widths && widthAgrees
            verdict.heights = verdict.heights && abs(line.height - (other["height"]?.numberValue ?? .nan)) <= 0.01 + unit + height
            verdict.baselines = verdict.baselines
                && abs(line.baseline - (other["baseline"]?.numberValue ?? .nan)) <= 0.01 + Double(index + 1) * unit + heightsAbove + height
            heightsAbove += height
        }
        return verdict
    }

    /// The request's attributed text, read as `measure --jsonl` reads it: the request's font and
    /// size the text's style; each span's fields over it (a font without a size keeps the size
    /// in effect there); attachments at their U+FFFC; offsets in the request's unit.
    static func attributedText(of request: JSONValue) throws -> AttributedText {
        let size = request["size"]?.numberValue ?? 17
        let style = TextStyle(fonts: try FontChain(named: fontNames(request["font"]) ?? ["Roboto-Regular"], size: size))
        let unit = try #require(TextOffsetUnit(rawValue: request["offsets"]?.stringValue ?? "utf8"))
        let text = try #require(request["text"]?.stringValue)
        let spans = try (request["spans"]?.arrayValue ?? []).map { span in
            var attributes = TextAttributes(size: span["size"]?.numberValue, kern: span["kern"]?.numberValue,
                                            language: span["language"]?.stringValue)
            if let names = fontNames(span["font"]) {
                attributes.fonts = try FontChain(named: names, size: attributes.size ?? size)
                attributes.fontsKeepSize = attributes.size == nil
            }
            if let features = span["features"], !features.keys.isEmpty {
                attributes.features = try features.keys.map { try FontFeature($0, UInt32(features[$0]?.numberValue ?? 1)) }
            }
            let start = Int(span["start"]?.numberValue ?? 0)
            let end = span["end"]?.numberValue.map(Int.init) ?? unit.offset(ofUTF8: text.utf8.count, in: text)
            return AttributedText.Span(range: start..<end, attributes: attributes)
        }
        let attachments = try (request["attachments"]?.arrayValue ?? []).map { box in
            AttributedText.Attachment(offset: Int(box["offset"]?.numberValue ?? -1),
                                      attachment: try TextAttachment(width: box["width"]?.numberValue ?? 0,
                                                                     ascent: box["ascent"]?.numberValue ?? 0,
                                                                     descent: box["descent"]?.numberValue ?? 0))
        }
        return try AttributedText(text, style: style, spans: spans, attachments: attachments, in: unit)
    }

    /// A `"font"` field's names: one name or a list.
    static func fontNames(_ value: JSONValue?) -> [String]? {
        if let name = value?.stringValue { return [name] }
        return value?.arrayValue?.compactMap(\.stringValue)
    }
}
