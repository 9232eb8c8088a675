import Testing
import TestSupport
@_spi(Caching) @testable import TextMetrics

/// Styles read from a kept resolution (``ResolvedStyles``) are exactly those resolving the
/// text's spans afresh gives: the same distinct styles in the same order, the same stretches,
/// the same layouts — whatever texts of the same spans were prepared before, in whatever order
/// their pieces came.
@Suite struct ResolvedStylesTests {
    /// A few attributes, so that texts share keys: a bold name, a smaller link, a kern, a
    /// language, a color (which never cuts a stretch), fonts at the size in effect.
    static func attributes() throws -> [TextAttributes] {
        let medium = try FontChain(named: ["Roboto-Medium", "NotoColorEmoji"], size: 15)
        let han = try FontChain(named: ["wqy-microhei", "Roboto-Regular"], size: 14)
        return [
            TextAttributes(fonts: medium), TextAttributes(size: 13), TextAttributes(kern: 0.5),
            TextAttributes(language: "tr"), TextAttributes(color: TextColor(red: 1, green: 0, blue: 0)),
            TextAttributes(fonts: han, fontsKeepSize: true), TextAttributes(size: 15),
        ]
    }

    /// A text of `string` in `style` with the spans `pick` chooses: attributes from `choices`
    /// in the order `order` gives, over random ranges (some overlapping, some empty).
    static func text(_ string: String, style: TextStyle, attributes: [TextAttributes],
                     _ random: inout TestCorpus.Random) throws -> AttributedText {
        var text = AttributedText(string, style: style)
        for (attributes, range) in zip(attributes, AttributedASCIIShortcutTests.ranges(of: string, count: attributes.count, &random)) {
            try text.addAttributes(attributes, to: range)
        }
        return text
    }

    static let containers: [TextContainer] = [.unlimited, try! TextContainer(width: 90),
                                              try! TextContainer(width: 60, numberOfLines: 2, lineBreakMode: .truncateTail)]

    @Test func keptStylesAreTheStylesResolvedAfresh() throws {
        let choices = try Self.attributes()
        let style = TextStyle(fonts: try FontChain(named: ["Roboto-Regular", "NotoColorEmoji"], size: 15))
        var random = TestCorpus.Random(seed: 0x29B7)
        var read = 0, departed = 0
        var kept: ResolvedStyles?
        for _ in 0..<300 {
            // One key (these attributes in this order), several texts of it.
            let attributes = (0..<random.int(1...4)).map { _ in random.pick(choices) }
            for _ in 0..<4 {
                let text = try Self.text(AttributedASCIIShortcutTests.text(&random), style: style, attributes: attributes, &random)
                // Cut and prepared with what the texts before kept, then from nothing kept.
                let warm = ShapingStretches(text)
                let warmLayouts = try Self.containers.map { try PreparedText(text).layout(in: $0) }
                ResolvedStyles.cache.removeAll()
                let freshLayouts = try Self.containers.map { try PreparedText(text).layout(in: $0) }
                ResolvedStyles.cache.removeAll()
                let fresh = ShapingStretches(text)
                #expect(warmLayouts == freshLayouts, "\(text.string.debugDescription)")
                #expect(warm.styles == fresh.styles, "\(text.string.debugDescription) \(text.spans.map(\.range))")
                #expect(warm.stretches.map(\.range) == fresh.stretches.map(\.range))
                #expect(warm.stretches.map(\.style) == fresh.stretches.map(\.style))
                let again = ShapingStretches(text)
                if again.resolved != nil { #expect(again.resolved === fresh.resolved) }
                // The resolution kept when `warm` was cut: the last text's (or this text's own).
                if let last = kept, warm.resolved === last { read += 1 } else { departed += 1 }
                kept = again.resolved
            }
        }
        #expect(read > 150 && departed > 500, "\(read) texts read their styles, \(departed) resolved them again")
    }

    /// By hand: a second post of the same spans reads the first's resolution; a post whose
    /// link comes before its name (coverings in another order) resolves its own.
    @Test func aPostOfTheSameSpansReadsTheFirstsStyles() throws {
        ResolvedStyles.cache.removeAll()
        let regular = try FontChain(named: ["Roboto-Regular"], size: 15)
        let medium = try FontChain(named: ["Roboto-Medium"], size: 15)
        func post(_ string: String, name: Range<Int>, link: Range<Int>) throws -> AttributedText {
            var text = AttributedText(string, style: TextStyle(fonts: regular))
            try text.addAttributes(TextAttributes(fonts: medium), to: name)
            try text.addAttributes(TextAttributes(size: 13), to: link)
            return text
        }
        let first = ShapingStretches(try post("@alice hi example.com/a", name: 0..<6, link: 10..<23))
        let second = ShapingStretches(try post("@bob hello there example.com/b", name: 0..<4, link: 17..<30))
        let reversed = ShapingStretches(try post("example.com/c hi @carol", name: 17..<23, link: 0..<13))
        #expect(first.styles.count == 3 && first.styles[1].fonts == medium && first.styles[2].fonts.size == 13)
        #expect(second.resolved === first.resolved)
        #expect(second.stretches.map(\.range) == [0..<4, 4..<17, 17..<30] && second.stretches.map(\.style) == [1, 0, 2])
        #expect(reversed.resolved !== first.resolved)
        #expect(reversed.styles[1].fonts.size == 13 && reversed.styles[2].fonts == medium)
    }
}
