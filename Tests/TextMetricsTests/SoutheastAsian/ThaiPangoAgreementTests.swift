import Foundation
import Testing
import TestSupport
@testable import TextMetrics
import TextSegmentation

/// The Thai sentences of the corpus against Pango (the reference program of the test support),
/// which breaks Thai with libthai's dictionary where TextMetrics uses ICU's, in Noto Sans Thai
/// with Roboto after it for digits and Latin letters. Every request whose lines start
/// differently must have the two dictionaries differing inside the first line that differs;
/// where lines start alike, widths agree but for one difference of fallback, checked to the
/// hundredth of a point: a space between digits or Latin words is drawn here in Noto Sans Thai,
/// the first font of the chain that has a space, and by Pango in Roboto, the font of the run it
/// is in (``PangoAgreementTests/Difference/spaceInItsRunsFont``). Heights are counted, not
/// required: Pango's height of a line of two fonts depends on the order of its runs. The counts
/// are printed: how many opportunities the dictionaries share, how many requests agree.
@Suite struct ThaiPangoAgreementTests {
    static let fonts = ["NotoSansThai-Regular", "Roboto-Regular"]
    static let size = 15.0
    static let widths = [90.0, 140, 200, 320]

    @Test func thaiAgreesWithPangoWhereTheDictionariesDo() throws {
        let sentences = SoutheastAsianCorpus.thai
        var requests: [(text: String, width: Double)] = []
        for sentence in sentences { for width in Self.widths { requests.append((sentence, width)) } }
        let json = try requests.enumerated().map { index, request in
            let object: [String: Any] = ["id": index, "text": request.text, "font": Self.fonts, "size": Self.size,
                                         "width": request.width, "breaks": true]
            return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }
        let answers = try PangoReference.answers(to: json).map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        try #require(answers.count == requests.count)
        let chain = try FontChain(named: Self.fonts, size: Self.size)

        // The dictionaries: opportunities each finds, once per sentence.
        var shared = 0, onlyICU = 0, onlyLibthai = 0, sentencesAlike = 0
        for (index, sentence) in sentences.enumerated() {
            let ours = Set(LineBreaking.opportunities(in: sentence).map(\.offset))
            let pango = Set(try #require(answers[index * Self.widths.count]["breaks"] as? [Int]))
            shared += ours.intersection(pango).count
            onlyICU += ours.subtracting(pango).count
            onlyLibthai += pango.subtracting(ours).count
            if ours == pango { sentencesAlike += 1 }
        }
        print("Thai opportunities: \(shared) shared by ICU and libthai, \(onlyICU) ICU's only, \(onlyLibthai) libthai's only; "
              + "\(sentencesAlike)/\(sentences.count) sentences broken alike")

        var advances: [String: Double] = [:]
        var agreeing = 0, byDictionary = 0, bySpaceFont = 0, heightsOnly = 0
        for (request, pango) in zip(requests, answers) {
            let layout = try PreparedText(request.text, fonts: chain).layout(in: TextContainer(width: request.width))
            let pangoLines = try #require(pango["lines"] as? [[String: Any]])
            let ourStarts = layout.lines.map(\.utf8Range.lowerBound)
            let pangoStarts = pangoLines.map { $0["start"] as? Int ?? -1 }
            if ourStarts != pangoStarts {
                // Explained when the dictionaries differ inside the first line that differs.
                let ours = Set(LineBreaking.opportunities(in: request.text).map(\.offset))
                let theirs = Set(pango["breaks"] as? [Int] ?? [])
                let k = zip(ourStarts, pangoStarts).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(ourStarts.count, pangoStarts.count)
                let start = ourStarts[k - 1]
                let end = max(k < ourStarts.count ? ourStarts[k] : request.text.utf8.count,
                              k < pangoStarts.count ? pangoStarts[k] : request.text.utf8.count)
                if ours.symmetricDifference(theirs).contains(where: { $0 > start && $0 <= end }) {
                    byDictionary += 1
                } else {
                    Issue.record("lines differ where both dictionaries agree @\(request.width): ours \(ourStarts), Pango \(pangoStarts): \(request.text)")
                }
                continue
            }
            var widthsAgree = true, spaceFontOnly = true, heightsAgree = true
            // What each line would gain with its spaces in the fonts Pango gives them.
            let shifts = try PangoAgreementTests.spaceShifts(in: request.text, fonts: chain, lines: layout.lines, advances: &advances)
            for ((line, other), shift) in zip(zip(layout.lines, pangoLines), shifts) {
                let tolerance = PangoAgreementTests.tolerance(line)
                let width = other["width"] as? Double ?? .nan
                widthsAgree = widthsAgree && abs(width - line.width) <= tolerance
                spaceFontOnly = spaceFontOnly && abs(width - line.width - shift) <= tolerance
                heightsAgree = heightsAgree && abs(line.height - (other["height"] as? Double ?? .nan)) <= 0.003
            }
            #expect(widthsAgree || spaceFontOnly, "widths differ @\(request.width): \(request.text)")
            if widthsAgree && heightsAgree {
                agreeing += 1
            } else if !widthsAgree {
                bySpaceFont += 1
            } else {
                heightsOnly += 1
            }
        }
        print("Thai against Pango: \(agreeing)/\(requests.count) requests agree (starts, widths, heights); "
              + "\(byDictionary) start lines differently where libthai and ICU break differently; "
              + "\(bySpaceFont) differ in width by the fonts of spaces; \(heightsOnly) in line heights only")
        #expect(agreeing + byDictionary + bySpaceFont + heightsOnly == requests.count)
        #expect(agreeing * 2 >= requests.count)
    }
}
