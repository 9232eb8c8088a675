import Dispatch
import Testing
import TestSupport
@_spi(Caching) @testable import TextMetrics

/// `FontFace`, `Font`, `PreparedText` and `FontLibrary` are `Sendable`: measuring the same
/// texts from many threads at once gives the answers one thread gives. Run under
/// ThreadSanitizer with `swift test --sanitize=thread --scratch-path .build-tsan`.
@Suite struct ConcurrencyTests {
    @Test func measuringFromManyThreadsAgreesWithOneThread() throws {
        var random = TestCorpus.Random(seed: 11)
        let texts = (0..<400).map { i in
            i % 3 == 0
                ? TestCorpus.sentence(TestCorpus.chinese, count: random.int(5...40), separator: "", random: &random)
                : TestCorpus.sentence(TestCorpus.englishWords, count: random.int(2...30), random: &random)
        }
        let path = try #require(BundledFonts.path(named: "wqy-microhei"))
        let reference = try texts.map { text in
            try TextMeasurer.layout(text, font: Font(face: FontFace(path: path), size: 14), in: TextContainer(width: 200, numberOfLines: 3, lineBreakMode: .truncateTail))
        }
        let library = FontLibrary()
        let results = ResultBox(count: texts.count)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in stride(from: worker % 2, to: texts.count, by: 2) {
                let font = try! Font(named: "wqy-microhei", size: 14, library: library)
                let layout = try! TextMeasurer.layout(texts[index], font: font, in: TextContainer(width: 200, numberOfLines: 3, lineBreakMode: .truncateTail))
                results.set(index, layout)
            }
        }
        for index in texts.indices {
            let answers = results.get(index)
            #expect(answers.count == 4 && answers.allSatisfy { $0 == reference[index] }, "text \(index)")
        }
    }

    @Test func sharingOnePreparedTextAcrossThreads() throws {
        let prepared = try PreparedText(String(repeating: "Rotation re-layout without reshaping. ", count: 20),
                                        font: Font(named: "Roboto-Regular", size: 15))
        let widths = (0..<64).map { 100 + Double($0) * 7 }
        let expected = try widths.map { prepared.size(in: try TextContainer(width: $0)) }
        let results = ResultBox(count: widths.count)
        DispatchQueue.concurrentPerform(iterations: widths.count) { i in
            results.set(i, prepared.layout(in: try! TextContainer(width: widths[i])))
        }
        for i in widths.indices { #expect(results.get(i).map(\.size) == [expected[i]]) }
    }

    /// One attributed text shared by threads that each change their own copy of it (its parts
    /// are shared until a copy changes) and prepare it: every thread's text and layout are what
    /// one thread makes, and the shared text is unchanged.
    @Test func changingCopiesOfOneAttributedTextOnManyThreads() throws {
        let fonts = try FontChain(named: ["Roboto-Regular", "NotoColorEmoji"], size: 15)
        var builder = AttributedText.Builder(style: TextStyle(fonts: fonts))
        builder.append("@someone", TextAttributes(fonts: try FontChain(named: ["Roboto-Medium"], size: 15)))
        builder.append(" wrote a few words about the thing 👋 ")
        let shared = try builder.build()
        let sizes = (0..<32).map { 10 + Double($0) / 2 }
        @Sendable func changed(_ size: Double) throws -> AttributedText {
            var text = shared
            try text.addAttributes(TextAttributes(size: size), to: 9..<14)
            return text
        }
        let expected = try sizes.map { try PreparedText(try changed($0)).layout(in: try TextContainer(width: 120)) }
        let results = ResultBox(count: sizes.count)
        DispatchQueue.concurrentPerform(iterations: sizes.count) { i in
            results.set(i, try! PreparedText(try! changed(sizes[i])).layout(in: try! TextContainer(width: 120)))
        }
        for i in sizes.indices { #expect(results.get(i) == [expected[i]], "size \(sizes[i])") }
        let rebuilt = try builder.build()
        #expect(shared.spans.count == 1 && shared == rebuilt)
    }

    /// Posts styled alike, in two orders of their spans, prepared by many threads at once from
    /// no kept resolution of their styles (``ResolvedStyles``): whichever thread resolves them
    /// first and keeps them (or keeps the other order beside them), and whichever works out
    /// their drawing, every layout is the one a single thread makes.
    @Test func preparingPostsStyledAlikeOnManyThreads() throws {
        let fonts = try FontChain(named: ["Roboto-Regular", "NotoColorEmoji"], size: 15)
        let medium = try FontChain(named: ["Roboto-Medium"], size: 15)
        let box = try TextAttachment(width: 16, ascent: 12, descent: 3)
        var random = TestCorpus.Random(seed: 0x31C0)
        let posts = try (0..<96).map { i -> AttributedText in
            var builder = AttributedText.Builder(style: TextStyle(fonts: fonts))
            let link = TextAttributes(size: 13, kern: i % 2 == 0 ? 0 : 0.2)
            // Every fourth post puts its link first: its key's other order, kept beside the first.
            if i % 4 == 1 { builder.append("example.com/y ", link) }
            builder.append("@" + TestCorpus.sentence(TestCorpus.englishWords, count: 1, random: &random), TextAttributes(fonts: medium))
            builder.append(" " + TestCorpus.sentence(TestCorpus.englishWords, count: random.int(3...12), random: &random) + " ")
            if i % 3 == 0 { builder.appendAttachment(box) }
            if i % 4 != 1 { builder.append("example.com/x", link) }
            return try builder.build()
        }
        let container = try TextContainer(width: 160)
        let expected = try posts.map { try PreparedText($0).layout(in: container) }
        for _ in 0..<4 {
            ResolvedStyles.cache.removeAll()
            let results = ResultBox(count: posts.count)
            DispatchQueue.concurrentPerform(iterations: posts.count) { i in
                results.set(i, try! PreparedText(posts[i]).layout(in: container))
            }
            for i in posts.indices { #expect(results.get(i) == [expected[i]], "post \(i)") }
        }
    }

    /// Texts that keep what cutting their words asks (a long token; an attributed text of
    /// several styles) shared by threads that cut them at many widths at once: the memo's lock
    /// (made at the first cut, by whichever thread gets there) keeps every layout the one a
    /// single thread makes.
    @Test func cuttingOneTextFromManyThreads() throws {
        let token = String(repeating: "averyveryverylongtokenwithnobreak", count: 4)
        let plain = try PreparedText("see \(token) and \(token) again", font: Font(named: "Roboto-Regular", size: 15))
        let fonts = try FontChain(named: ["Roboto-Regular", "NotoColorEmoji"], size: 15)
        var builder = AttributedText.Builder(style: TextStyle(fonts: fonts))
        builder.append("@someone ", TextAttributes(fonts: try FontChain(named: ["Roboto-Medium"], size: 15)))
        builder.append("wrote \(token) ")
        builder.append("https://example.com/\(token)", TextAttributes(size: 13, kern: 0.3))
        let styled = try PreparedText(builder.build())
        for prepared in [plain, styled] {
            #expect(prepared.cuts != nil)
            let containers = try (0..<48).map { i in
                try TextContainer(width: 60 + Double(i % 16) * 11, numberOfLines: i % 3 == 0 ? 2 : 0,
                                  lineBreakMode: [.wordWrap, .charWrap, .truncateTail][i % 3])
            }
            let results = ResultBox(count: containers.count)
            DispatchQueue.concurrentPerform(iterations: containers.count) { i in
                results.set(i, prepared.layout(in: containers[i]))
            }
            for i in containers.indices {
                let alone = try PreparedText(prepared.attributedText ?? AttributedText(prepared.text, style: TextStyle(
                    fonts: prepared.fonts)))
                #expect(results.get(i) == [alone.layout(in: containers[i])])
            }
        }
    }
}

/// Collects results from several threads (each index written by one thread).
final class ResultBox: @unchecked Sendable {
    private var values: [[TextLayout]]
    private let lock = NSLockLike()
    init(count: Int) { values = Array(repeating: [], count: count) }
    func set(_ index: Int, _ value: TextLayout) { lock.locked { values[index].append(value) } }
    func get(_ index: Int) -> [TextLayout] { lock.locked { values[index] } }
}

import Foundation
/// `NSLock` (a pthread mutex, which ThreadSanitizer understands).
final class NSLockLike: @unchecked Sendable {
    private let lock = NSLock()
    func locked<R>(_ body: () -> R) -> R { lock.lock(); defer { lock.unlock() }; return body() }
}
