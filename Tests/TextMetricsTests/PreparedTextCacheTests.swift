import Dispatch
import Synchronization
import Testing
import TestSupport
@testable import TextMetrics

/// ``PreparedTextCache``: a text asked again is laid out from its prepared form, exactly as
/// if prepared anew, at any size; texts are told apart by their bytes, faces and language;
/// the cache stays within its bound.
@Suite struct PreparedTextCacheTests {
    static let chain = { try! FontChain(named: ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji"], size: 15) }()

    /// Layouts from the cache at several widths, line limits and modes equal layouts of texts
    /// prepared anew for each.
    @Test func cachedLayoutsEqualFreshOnes() throws {
        let cache = PreparedTextCache()
        var random = TestCorpus.Random(seed: 0xCAC4E)
        for _ in 0..<60 {
            let text = TestCorpus.sentence(TestCorpus.englishWords, count: random.int(1...25), random: &random)
                + TestCorpus.sentence(TestCorpus.chinese, count: random.int(0...6), separator: "", random: &random)
            for container in [try TextContainer(width: 320), try TextContainer(width: 120, numberOfLines: 2, lineBreakMode: .truncateTail),
                              try TextContainer(width: 414), .unlimited] {
                let cached = try cache.prepared(text, fonts: Self.chain, language: "zh-Hans").layout(in: container)
                let fresh = try PreparedText(text, fonts: Self.chain, language: "zh-Hans").layout(in: container)
                #expect(cached == fresh, "\(text)")
            }
        }
        #expect(cache.count == 60)
    }

    /// Canonically equivalent spellings (`"caf\u{E9}"`, `"cafe\u{301}"`: equal as Swift
    /// strings) are two entries, each measured as itself; another language or chain is another
    /// entry too, another size is not; bytes and strings find the same entry.
    @Test func entriesAreFoundByBytesFacesAndLanguage() throws {
        let cache = PreparedTextCache()
        let precomposed = "caf\u{E9} au lait", decomposed = "cafe\u{301} au lait"
        #expect(precomposed == decomposed)
        let a = try cache.prepared(precomposed, fonts: Self.chain)
        let b = try cache.prepared(decomposed, fonts: Self.chain)
        #expect(cache.count == 2)
        #expect(a.text.utf8.count != b.text.utf8.count)
        #expect(a.layout(in: .unlimited).lines.map(\.utf8Range) != b.layout(in: .unlimited).lines.map(\.utf8Range))
        _ = try cache.prepared(precomposed, fonts: FontChain(named: ["Roboto-Regular", "wqy-microhei", "NotoColorEmoji"], size: 17))
        #expect(cache.count == 2)
        _ = try cache.prepared(precomposed, fonts: Self.chain, language: "fr")
        _ = try cache.prepared(precomposed, fonts: FontChain(named: ["Roboto-Medium"], size: 15))
        #expect(cache.count == 4)
        let utf8 = Array(precomposed.utf8)
        let fromBytes = try utf8.withUnsafeBufferPointer { try cache.prepared(utf8: $0, fonts: Self.chain) }
        #expect(cache.count == 4 && fromBytes.text.utf8.elementsEqual(precomposed.utf8))
    }

    /// A text prepared at one size and asked at others is laid out from the same segments,
    /// exactly as texts prepared anew at those sizes: Latin, CJK, emoji, Arabic and Hebrew in
    /// a five-font chain, at several widths, limits and modes.
    @Test func anotherSizeReusesTheSegmentsExactly() throws {
        let names = ["Roboto-Regular", "wqy-microhei", "NotoSansArabic-Regular", "NotoSansHebrew-Regular", "NotoColorEmoji"]
        let cache = PreparedTextCache()
        var random = TestCorpus.Random(seed: 0x512E)
        var texts = ["plain ASCII words, kerned: AV To Wa", "新品 iPhone 发布 🎉 مرحبا שלום 👋🏽"]
        for _ in 0..<30 {
            texts.append(TestCorpus.sentence(TestCorpus.englishWords, count: random.int(1...12), random: &random)
                + TestCorpus.sentence(TestCorpus.chinese, count: random.int(0...8), separator: "", random: &random))
        }
        let containers = [try TextContainer(width: 150), try TextContainer(width: 320, numberOfLines: 2, lineBreakMode: .truncateTail),
                          try TextContainer(width: 90, lineBreakMode: .charWrap), .unlimited]
        for text in texts {
            for size in [15.0, 17, 12.5, 15] {
                let fonts = try FontChain(named: names, size: size)
                for container in containers {
                    #expect(try cache.prepared(text, fonts: fonts).layout(in: container)
                            == PreparedText(text, fonts: fonts).layout(in: container), "\(text) at \(size) pt")
                }
            }
        }
        #expect(cache.count == texts.count)
    }

    @Test func staysWithinItsBound() throws {
        let cache = PreparedTextCache(capacity: 16)
        for i in 0..<500 { _ = try cache.prepared("text number \(i)", fonts: Self.chain) }
        #expect(cache.count <= 16)
        let long = String(repeating: "a ", count: PreparedTextCache.maxCachedLength)
        _ = try cache.prepared(long, fonts: Self.chain)
        cache.removeAll()
        _ = try cache.prepared(long, fonts: Self.chain)
        #expect(cache.count == 0)
        let none = PreparedTextCache(capacity: 0)
        _ = try none.prepared("kept?", fonts: Self.chain)
        #expect(none.count == 0)
    }

    @Test func bytesThatAreNotUTF8AreRefused() throws {
        let cache = PreparedTextCache()
        let bad: [UInt8] = [0x61, 0xC3, 0x28]
        #expect(throws: InvalidArgumentError.self) {
            try bad.withUnsafeBufferPointer { try cache.prepared(utf8: $0, fonts: Self.chain) }
        }
        #expect(cache.count == 0)
    }
}

/// Many threads asking one cache for the same and different texts get the layouts one
/// thread gets. (Its name ends in ConcurrencyTests: `scripts/test.sh` runs it under
/// ThreadSanitizer.)
@Suite struct PreparedTextCacheConcurrencyTests {
    @Test func manyThreadsShareOneCache() throws {
        let cache = PreparedTextCache(capacity: 64)
        var random = TestCorpus.Random(seed: 0x7C4C)
        let texts = (0..<200).map { _ in TestCorpus.sentence(TestCorpus.englishWords, count: random.int(2...20), random: &random) }
        let container = try TextContainer(width: 200)
        let reference = try texts.map { try PreparedText($0, fonts: PreparedTextCacheTests.chain).layout(in: container) }
        let mismatches = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in stride(from: worker % 4, to: texts.count, by: 2) {
                let layout = try! cache.prepared(texts[index], fonts: PreparedTextCacheTests.chain).layout(in: container)
                if layout != reference[index] { mismatches.add(1, ordering: .relaxed) }
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
        #expect(cache.count <= 64)
    }
}
