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
/// for it — the plain-text ones judged by the plain test's rules on each stretch of one style —
/// else it is printed and the test fails.
@Suite struct AttributedPangoAgreementTests {
    /// The documented differences, each checked exactly (laid out again the way Pango does, or
    /// each line's width shifted by what Pango's fonts for spaces add) or by the bound it allows.
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
        /// A space in a run of a later font keeps that font in Pango
        /// (``PangoAgreementTests/Difference/spaceInItsRunsFont``), in each stretch of one
        /// style. Checked line by line: Pango's widths are ours with those spaces measured in
        /// Pango's font (``PangoAgreementTests/spaceShifts(in:fonts:within:lines:advances:)``).
        case spaceInItsRunsFont
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
        /// A CJK line's height (``PangoAgreementTests/Difference/cjkLineHeight``), where a stretch
        /// of one style shows a Chinese or Japanese font beside another
        /// (``PangoAgreementTests/showsCJKBesideAnotherFont(_:fonts:)``): heights and baselines only.
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
        var advances: [String: Double] = [:]
        for (request, pango) in zip(requests, answers) {
            let id = request["id"]?.stringValue ?? "?"
            try #require(pango["error"] == nil, "\(id): Pango answers \(pango)")
            let text = try Self.attributedText(of: request)
            let container = try TextContainer(width: request["width"]?.numberValue ?? .infinity)
            let layout = try PreparedText(text).layout(in: container)
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
            if let reasons = try Self.explanation(of: text, layout, pangoLines, in: container, advances: &advances) {
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
        #expect(counts.all >= 111 && counts.starts >= 150 && counts.widths >= 125 && counts.heights >= 138
                && counts.baselines >= 132, "fewer requests agree than before: \(counts)")
    }

    /// The differences that explain how `layout` (of `text`) disagrees with Pango's lines, or
    /// `nil` when none does: the text as it is and, when letter-spaced, with ligatures off under
    /// the spacing as in Pango (laid out again), each with the fewest allowances that make every
    /// line agree; a CJK line's height (the loosest) is tried last. `advances` keeps hb-shape's
    /// advances of spaces.
    static func explanation(of text: AttributedText, _ layout: TextLayout, _ pango: [JSONValue],
                            in container: TextContainer, advances: inout [String: Double]) throws -> [Difference]? {
        var candidates: [(text: AttributedText, layout: TextLayout, emulated: [Difference])] = [(text, layout, [])]
        if text.styleRuns().contains(where: { $0.style.kern != 0 }) {
            let candidate = try AttributedText(text.string, style: text.style, spans: text.spans + ligaturesOffUnderSpacing(text),
                                               attachments: text.attachments)
            candidates.append((candidate, try PreparedText(candidate).layout(in: container), [.noLigaturesUnderLetterSpacing]))
        }
        var tries: [(candidate: Int, used: [Allowance], shifts: [Double])] = []
        for (index, candidate) in candidates.enumerated() {
            let shifts = try spaceShifts(candidate.text, candidate.layout, advances: &advances)
            let allowances = Allowance.allCases.filter { $0.applies(to: candidate.text, candidate.layout, shifts: shifts) }
            tries += (0..<(1 << allowances.count)).map { subset in
                (index, allowances.indices.filter { subset & (1 << $0) != 0 }.map { allowances[$0] }, shifts)
            }
        }
        func order(_ entry: (candidate: Int, used: [Allowance], shifts: [Double])) -> (Int, Int, Int) {
            (entry.used.contains(.cjkLineHeight) ? 1 : 0, candidates[entry.candidate].emulated.count + entry.used.count, entry.candidate)
        }
        tries.sort { order($0) < order($1) }
        for (index, used, shifts) in tries {
            let candidate = candidates[index]
            let verdict = compare(candidate.layout, pango, text: candidate.text, allowing: used, shifts: shifts)
            let found = candidate.emulated + used.map(\.difference)
            if verdict.agrees { return found.sorted() }
        }
        return nil
    }

    /// Per line of `layout`, how much wider Pango's line is for the fonts it gives spaces, each
    /// stretch of one style judged by the plain-text rule
    /// (``PangoAgreementTests/spaceShifts(in:fonts:within:lines:advances:)``).
    static func spaceShifts(_ text: AttributedText, _ layout: TextLayout, advances: inout [String: Double]) throws -> [Double] {
        var shifts = [Double](repeating: 0, count: layout.lines.count)
        for run in text.styleRuns() {
            let stretch = try PangoAgreementTests.spaceShifts(in: text.string, fonts: run.style.fonts, within: run.range,
                                                              lines: layout.lines, advances: &advances)
            for line in shifts.indices { shifts[line] += stretch[line] }
        }
        return shifts
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
        /// Spaces in their run's font in Pango: each line's width is ours plus its space shift,
        /// exactly (see ``AttributedPangoAgreementTests/spaceShifts(_:_:advances:)``).
        case spacesInRunsFont
        /// A line starting with Han or kana: its height and baseline within 0.13 em per point
        /// between the sizes of the text on it (Pango's raised runs).
        case raisedRuns
        /// A line where a stretch shows a CJK font beside another: its height, by any amount
        /// (as in the plain test), and so its baseline and those below it.
        case cjkLineHeight

        var difference: Difference {
            switch self {
            case .letterSpacing: .letterSpacingPlacement
            case .featureChange: .kerningAcrossFeatureChange
            case .attachmentOnlyLine: .attachmentOnlyLine
            case .spacesInRunsFont: .spaceInItsRunsFont
            case .raisedRuns: .ideographicRunsRaised
            case .cjkLineHeight: .cjkLineHeight
            }
        }

        func applies(to text: AttributedText, _ layout: TextLayout, shifts: [Double]) -> Bool {
            switch self {
            case .letterSpacing: text.styleRuns().contains { $0.style.kern != 0 }
            case .featureChange: !Self.featureChanges(in: text).isEmpty
            case .attachmentOnlyLine: layout.lines.contains { Self.showsOnlyAttachments($0, text) }
            case .spacesInRunsFont: shifts.contains { $0 != 0 }
            case .raisedRuns: layout.lines.contains { Self.raise(of: $0, text) > 0 }
            case .cjkLineHeight: layout.lines.contains { Self.showsCJKBesideAnotherFont(text, on: $0) }
            }
        }

        /// Whether a stretch of one style on `line` shows a Chinese or Japanese font beside
        /// another (``PangoAgreementTests/showsCJKBesideAnotherFont(_:fonts:)``, on the
        /// stretch's part of the line).
        static func showsCJKBesideAnotherFont(_ text: AttributedText, on line: TextLine) -> Bool {
            let bytes = Array(text.string.utf8)
            return text.styleRuns().contains { run in
                let shown = run.range.clamped(to: line.utf8Range)
                return !shown.isEmpty && PangoAgreementTests.showsCJKBesideAnotherFont(String(decoding: bytes[shown], as: UTF8.self),
                                                                                      fonts: run.style.fonts)
            }
        }

        /// How much `line` of `text` may differ in width, height and baseline (the baseline
        /// also by the height differences allowed on it and above it).
        func allows(_ line: TextLine, of text: AttributedText) -> (width: Double, height: Double, baseline: Double) {
            switch self {
            case .letterSpacing:
                let kern = text.styleRuns().filter { $0.range.overlaps(line.utf8Range) }.map { abs($0.style.kern) }.max() ?? 0
                return (kern, 0, 0)
            case .featureChange:
                let changes = Self.featureChanges(in: text).filter { line.utf8Range.contains($0.offset) && $0.offset > line.utf8Range.lowerBound }
                return (changes.map { 0.05 * $0.size }.reduce(0, +), 0, 0)
            case .attachmentOnlyLine:
                return (0, Self.showsOnlyAttachments(line, text) ? line.height : 0, 0)
            case .spacesInRunsFont:
                return (0, 0, 0)  // an exact shift, see `compare`
            case .raisedRuns:
                let raise = Self.raise(of: line, text)
                return (0, raise, raise)
            case .cjkLineHeight:
                return (0, Self.showsCJKBesideAnotherFont(text, on: line) ? .infinity : 0, 0)
            }
        }

        /// For a line starting with Han or kana, 0.13 em per point between the largest and
        /// smallest size of the text it shows (not attachments or emoji), + 0.002; else 0.
        static func raise(of line: TextLine, _ text: AttributedText) -> Double {
            let cjk: Set<UnicodeScript> = [.han, .hiragana, .katakana]
            let bytes = Array(text.string.utf8)
            guard let first = String(decoding: bytes[line.utf8Range], as: UTF8.self).unicodeScalars.first,
                  cjk.contains(UnicodeScript(first)) else { return 0 }
            let sizes = text.styleRuns().compactMap { run -> Double? in
                let shown = String(decoding: bytes[run.range.clamped(to: line.utf8Range)], as: UTF8.self).unicodeScalars
                let isText = shown.contains { $0 != "\u{FFFC}" && !$0.properties.isEmojiPresentation }
                return isText ? run.style.fonts.size : nil
            }
            guard let largest = sizes.max(), let smallest = sizes.min(), largest > smallest else { return 0 }
            return 0.13 * (largest - smallest) + 0.002
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

    /// With `allowances`, a line's width, height and baseline may also differ by what they allow.
    /// With ``Allowance/spacesInRunsFont``, each line's width is ours plus its entry of `shifts`.
    /// A line's baseline may differ by the height differences allowed on it and above it, and
    /// by what its allowances allow it.
    static func compare(_ layout: TextLayout, _ pango: [JSONValue], text: AttributedText,
                        allowing allowances: [Allowance] = [], shifts: [Double] = []) -> Verdict {
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
            let ownBaseline = allowed.map(\.baseline).reduce(0, +)
            let shift = allowances.contains(.spacesInRunsFont) && index < shifts.count ? shifts[index] : 0
            let difference = line.width + shift - (other["width"]?.numberValue ?? .nan)
            let heightDifference = abs(line.height - (other["height"]?.numberValue ?? .nan))
            verdict.widths = verdict.widths && abs(difference) <= 0.01 + Double(scalars) * unit / 2 + width
            verdict.heights = verdict.heights && heightDifference <= 0.01 + unit + height
            // A line's baseline moves by the height differences allowed on it and above it.
            heightsAbove += min(heightDifference, height)
            verdict.baselines = verdict.baselines
                && abs(line.baseline - (other["baseline"]?.numberValue ?? .nan)) <= 0.01 + Double(index + 1) * unit + heightsAbove + ownBaseline
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
