import Foundation
import Testing
import TestSupport
@testable import TextMetrics

/// The truncation token: its width from `hb-shape`, the kept prefix measured as shaped after
/// the cut, the fallbacks to "…" and to clipping, the last line's height from the token's font
/// tables, head and middle truncation, right-to-left text, and what a layout reports shown.
@Suite struct TruncationTokenTests {
    static let shapedWidth = AttributedLayoutTests.shapedWidth
    static let post = "Some people say the quick brown fox jumps over the lazy dog, and others say it naps all afternoon."

    static func more(size: Double = 15) throws -> TruncationToken {
        try TruncationToken(AttributedText("… more", style: try TextStyle(fonts: try FontChain(named: ["Roboto-Medium"], size: size),
                                                                          color: TextColor(hex: "#1DA1F2"))))
    }

    static func body() throws -> FontChain { try FontChain(named: ["Roboto-Regular"], size: 15) }

    @Test func theTokenIsMeasuredAsItsFontShapesIt() throws {
        let token = try Self.more()
        #expect(abs(token.width - (try Self.shapedWidth("… more", "Roboto-Medium", 15))) < 1e-9)
    }

    @Test func theLastLineKeepsTheLongestPrefixThatFitsBesideTheToken() throws {
        let token = try Self.more()
        let prepared = try PreparedText(Self.post, fonts: try Self.body())
        for width in stride(from: 120.0, through: 260, by: 7.25) {
            let container = try TextContainer(width: width, numberOfLines: 2, lineBreakMode: .truncateTail, truncationToken: token)
            let layout = prepared.layout(in: container)
            #expect(layout.isTruncated && layout.lineCount == 2)
            let last = layout.lines[1]
            let truncation = try #require(last.truncation)
            #expect(truncation.token == .custom)
            let utf8 = Array(Self.post.utf8)  // ASCII: a byte is a cluster
            let kept = String(decoding: utf8[truncation.keptPrefix], as: UTF8.self)
            // The prefix as shaped after the cut, plus the token, is the line; it fits.
            let prefixWidth = try Self.shapedWidth(kept, "Roboto-Regular", 15)
            #expect(abs(last.width - (prefixWidth + token.width)) < 1e-3, "\(width): \(last.width)")
            #expect(last.width <= width + 1e-9)
            #expect(abs(truncation.tokenX - prefixWidth) < 1e-3)
            // One more cluster (past the spaces the token would follow) would not fit.
            var end = truncation.keptPrefix.upperBound
            while utf8[end] == 0x20 { end += 1 }
            let longer = String(decoding: utf8[truncation.keptPrefix.lowerBound..<end + 1], as: UTF8.self)
            #expect(try Self.shapedWidth(longer, "Roboto-Regular", 15) + token.width > width, "\(width): \(longer)")
            // The token's frame is where the app puts its button.
            let frame = try #require(layout.truncationTokenFrame)
            #expect(abs(frame.x - prefixWidth) < 1e-3 && frame.y == last.top && frame.width == token.width)
            #expect(layout.visibleRanges == [0..<truncation.keptPrefix.upperBound])
        }
    }

    @Test func nothingIsCutWhenTheTextFits() throws {
        let token = try Self.more()
        let prepared = try PreparedText("Short enough.", fonts: try Self.body())
        let layout = prepared.layout(in: try TextContainer(width: 300, numberOfLines: 1, lineBreakMode: .truncateTail,
                                                           truncationToken: token))
        #expect(!layout.isTruncated && layout.lines[0].truncation == nil && layout.truncationTokenFrame == nil)
        #expect(layout.visibleRanges == [0..<13])
    }

    @Test func aTokenWiderThanTheLineGivesWayToTheEllipsisThenToClipping() throws {
        let token = try Self.more()
        let ellipsis = try Self.shapedWidth("…", "Roboto-Regular", 15)
        let prepared = try PreparedText(Self.post, fonts: try Self.body())
        let narrow = prepared.layout(in: try TextContainer(width: token.width - 1, numberOfLines: 1, lineBreakMode: .truncateTail,
                                                           truncationToken: token))
        #expect(narrow.lines[0].truncation?.token == .ellipsis)
        #expect(abs((narrow.lines[0].truncation?.tokenWidth ?? 0) - ellipsis) < 1e-3)
        let tiny = prepared.layout(in: try TextContainer(width: ellipsis / 2, numberOfLines: 1, lineBreakMode: .truncateTail,
                                                         truncationToken: token))
        #expect(tiny.lines[0].truncation?.token == .clipped && tiny.truncationTokenFrame == nil)
    }

    @Test func theLastLineIsAsTallAsTheTokensFonts() throws {
        let big = try Self.more(size: 24)
        let medium = try AttributedLayoutTests.metrics("Roboto-Medium", size: 24)
        let regular = try AttributedLayoutTests.metrics("Roboto-Regular", size: 15)
        let prepared = try PreparedText(Self.post, fonts: try Self.body())
        let layout = prepared.layout(in: try TextContainer(width: 200, numberOfLines: 2, lineBreakMode: .truncateTail,
                                                           truncationToken: big))
        let natural = regular.ascent + regular.descent + regular.gap
        #expect(abs(layout.lines[0].height - natural) < 1e-9)
        #expect(abs(layout.lines[1].height - (medium.ascent + medium.descent + medium.gap)) < 1e-9)
        #expect(abs(layout.lines[1].baseline - (natural + medium.ascent)) < 1e-9)
    }

    @Test func headAndMiddleTruncationTakeTheToken() throws {
        let token = try Self.more()
        let prepared = try PreparedText(Self.post, fonts: try Self.body())
        let count = Self.post.utf8.count
        let middle = prepared.layout(in: try TextContainer(width: 220, numberOfLines: 1, lineBreakMode: .truncateMiddle,
                                                           truncationToken: token))
        let truncation = try #require(middle.lines[0].truncation)
        #expect(truncation.token == .custom && middle.visibleRanges.count == 2)
        #expect(middle.visibleRanges.first?.lowerBound == 0 && middle.visibleRanges.last?.upperBound == count - 0)
        #expect(middle.lines[0].width <= 220 + 1e-9)
        let head = prepared.layout(in: try TextContainer(width: 220, numberOfLines: 1, lineBreakMode: .truncateHead,
                                                         truncationToken: token))
        #expect(head.lines[0].truncation?.token == .custom && head.visibleRanges.count == 1)
        #expect(head.truncationTokenFrame?.x == 0)
    }

    @Test func inRightToLeftTextTheTokenIsAtTheVisualEnd() throws {
        let hebrew = "שלום עולם מה שלומך היום זהו טקסט בעברית לבדיקה תודה רבה שלום עולם מה שלומך"
        let fonts = try FontChain(named: ["Roboto-Regular", "NotoSansHebrew-Regular"], size: 15)
        let token = try Self.more()
        let prepared = try PreparedText(hebrew, fonts: fonts)
        let layout = prepared.layout(in: try TextContainer(width: 200, numberOfLines: 2, lineBreakMode: .truncateTail,
                                                           truncationToken: token))
        let last = layout.lines[1]
        #expect(abs(last.x - (200 - last.width)) < 1e-9)  // natural alignment: right
        // The token is the line's leftmost piece; its glyphs are drawn there.
        #expect(abs((layout.truncationTokenFrame?.x ?? -1) - last.x) < 1e-9)
        let glyphs = prepared.glyphs(for: layout)[1]
        let tokenGlyphs = glyphs.filter(\.isTruncationToken)
        #expect(tokenGlyphs.count == token.glyphs.count)
        #expect(glyphs.prefix(tokenGlyphs.count).allSatisfy { $0.isTruncationToken })
        #expect(abs((tokenGlyphs.first?.x ?? -1) - 0) < 1e-9)
    }
}
