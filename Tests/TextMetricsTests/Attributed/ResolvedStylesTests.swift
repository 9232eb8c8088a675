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

    /// Text styles the texts are in: plain, spaced by −0 and by 0 (one spacing), in a language.
    static func bases() throws -> [TextStyle] {
        let fonts = try FontChain(named: ["Roboto-Regular", "NotoColorEmoji"], size: 15)
        return [TextStyle(fonts: fonts), try TextStyle(fonts: fonts, kern: -0.0), try TextStyle(fonts: fonts, kern: 0),
                try TextStyle(fonts: fonts, language: "tr")]
    }

    @Test func keptStylesAreTheStylesResolvedAfresh() throws {
        let choices = try Self.attributes()
        let bases = try Self.bases()
        var random = TestCorpus.Random(seed: 0x29B7)
        // A cache of this test's own, so that what it finds kept is what it kept.
        let cache = ResolvedStyles.Cache(capacity: ResolvedStyles.capacity, shards: 1)
        var read = 0, resolvedAgain = 0
        // Every resolution met (held, so that none is freed and another made at its address).
        var met: [ResolvedStyles] = []
        for _ in 0..<300 {
            // One key (a style, these attributes in this order), several texts of it.
            let style = random.pick(bases)
            let attributes = (0..<random.int(1...4)).map { _ in random.pick(choices) }
            for _ in 0..<4 {
                let text = try Self.text(AttributedASCIIShortcutTests.text(&random), style: style, attributes: attributes, &random)
                // Cut with what the texts before kept, then from nothing kept.
                let warm = ShapingStretches(text, resolutions: cache)
                let fresh = ShapingStretches(text, resolutions: ResolvedStyles.Cache(capacity: 4, shards: 1))
                #expect(warm.styles == fresh.styles, "\(text.string.debugDescription) \(text.spans.map(\.range))")
                #expect(warm.stretches.map(\.range) == fresh.stretches.map(\.range))
                #expect(warm.stretches.map(\.style) == fresh.stretches.map(\.style))
                // Read, or resolved and kept (or a plain style alone, never kept): cut again, read.
                let again = ShapingStretches(text, resolutions: cache)
                #expect(again.resolved === warm.resolved)
                if let resolved = warm.resolved, !resolved.coverings.isEmpty {
                    if met.contains(where: { $0 === resolved }) { read += 1 } else { resolvedAgain += 1 }
                    met.append(resolved)
                }
            }
        }
        #expect(read > 150 && resolvedAgain > 300 && read + resolvedAgain < 1_200, "\(read) texts read their styles, \(resolvedAgain) resolved them")
        // Prepared and laid out with the process's kept resolutions and from nothing kept.
        var layouts = TestCorpus.Random(seed: 0x29B8)
        for _ in 0..<200 {
            let attributes = (0..<layouts.int(1...3)).map { _ in layouts.pick(choices) }
            let text = try Self.text(AttributedASCIIShortcutTests.text(&layouts), style: layouts.pick(bases),
                                     attributes: attributes, &layouts)
            let kept = try PreparedText(text)
            _ = try PreparedText(text)
            ResolvedStyles.cache.removeAll()
            let fresh = try PreparedText(text)
            for container in Self.containers {
                #expect(kept.layout(in: container) == fresh.layout(in: container), "\(text.string.debugDescription)")
            }
        }
    }

    /// By hand: a second post of the same spans reads the first's resolution; a post whose
    /// link comes before its name (coverings in another order) resolves its own.
    @Test func aPostOfTheSameSpansReadsTheFirstsStyles() throws {
        let cache = ResolvedStyles.Cache(capacity: ResolvedStyles.capacity, shards: 1)
        let regular = try FontChain(named: ["Roboto-Regular"], size: 15)
        let medium = try FontChain(named: ["Roboto-Medium"], size: 15)
        func post(_ string: String, name: Range<Int>, link: Range<Int>) throws -> ShapingStretches {
            var text = AttributedText(string, style: TextStyle(fonts: regular))
            try text.addAttributes(TextAttributes(fonts: medium), to: name)
            try text.addAttributes(TextAttributes(size: 13), to: link)
            return ShapingStretches(text, resolutions: cache)
        }
        let first = try post("@alice hi example.com/a", name: 0..<6, link: 10..<23)
        let second = try post("@bob hello there example.com/b", name: 0..<4, link: 17..<30)
        let reversed = try post("example.com/c hi @carol", name: 17..<23, link: 0..<13)
        let third = try post("@dan yo example.com/d", name: 0..<4, link: 8..<21)
        #expect(first.styles.count == 3 && first.styles[1].fonts == medium && first.styles[2].fonts.size == 13)
        #expect(second.resolved === first.resolved)
        #expect(second.stretches.map(\.range) == [0..<4, 4..<17, 17..<30] && second.stretches.map(\.style) == [1, 0, 2])
        #expect(reversed.resolved !== first.resolved)
        #expect(reversed.styles[1].fonts.size == 13 && reversed.styles[2].fonts == medium)
        // Both orders are kept: a post with the name first reads the first post's again.
        #expect(third.resolved === first.resolved)
    }

    /// Every attribute of ``TextAttributes`` is either one that changes shapes — kept in a
    /// resolution's key, compared and folded — or one that does not: a new attribute must be
    /// sorted here, and into ``TextAttributes/init(shapingOf:)`` if it changes shapes.
    @Test func everyAttributeIsSortedAsShapingOrNot() throws {
        let shaping: Set = ["fonts", "fontsKeepSize", "size", "kern", "features", "language"]
        let drawing: Set = ["color", "link", "underline", "tag"]
        let names = Set(Mirror(reflecting: TextAttributes()).children.compactMap(\.label))
        #expect(names == shaping.union(drawing))
        // The shaping ones are what a key keeps; the others are dropped from it.
        let all = TextAttributes(fonts: try FontChain(named: ["Roboto-Medium"], size: 15), size: 13, kern: 0.5,
                                 features: FontFeature.noLigatures, language: "ja", color: TextColor(red: 1, green: 0, blue: 0),
                                 link: "x", underline: true, tag: "t", fontsKeepSize: true)
        let kept = Mirror(reflecting: TextAttributes(shapingOf: all)).children
        for child in kept {
            let isSet = (child.value as? Bool) ?? !String(describing: child.value).hasPrefix("nil")
            #expect(isSet == shaping.contains(child.label!), "\(child.label!)")
        }
        var digest: UInt64 = 0, other: UInt64 = 0
        withUnsafePointer(to: all) { TextAttributes.foldShaping($0, into: &digest) }
        withUnsafePointer(to: TextAttributes(shapingOf: all)) { TextAttributes.foldShaping($0, into: &other) }
        #expect(digest == other)
        withUnsafePointer(to: all) { a in
            withUnsafePointer(to: TextAttributes(shapingOf: all)) { b in #expect(TextAttributes.shapeAlike(a, b)) }
        }
    }
}
