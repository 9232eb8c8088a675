// Attributed text (issue 29) against the same text in one style, in one run. Every operation is
// `PreparedText(…)` + `layout(in:)` of one post, 320 pt wide, fonts loaded before measuring.
//
// - "Post/3 spans …" / "Post/one style …": a 70-character feed post "@name body words
//   example.com/word" in three pieces — the name in Roboto-Medium 15 pt, the body in the text's
//   Roboto-Regular 15 pt, the link in Roboto-Regular 13 pt — against the same string in
//   Roboto-Regular 15 pt (`PreparedText(_:fonts:)`, the plain path). Target: ≤ 1.5×.
// - "Post/one style + 2 attachments …" / "Post/one style …": the post with two inline boxes
//   (18 × 14 + 4 pt) — after the name and at the end, each after a space — against the same
//   post without them. Target: ≤ 1.2×. "Post/3 spans + 2 attachments" against "Post/3 spans"
//   does the same over the three-span post.
// - "Post/3 spans, text given …" and "Post/one style + 2 attachments, text given …": the same
//   posts with their AttributedText made before timing, as the plain string is — the issue's
//   "prepare" alone, against "Post/one style" (which builds nothing either).
// - "Post/Roboto-Medium by a span …" / "Post/Roboto-Medium …": the post in Roboto-Medium 15 pt,
//   as a text in Roboto-Regular with one span over all of it (the attributed path, one shaping
//   stretch) and as a plain string: what the attributed path costs before any second style.
// Cold: every post new, its name, body words and link word never shaped before (FreshWords),
// as the cold benchmarks of the other suites do ("example.com/" repeats, as in any feed).
// Warm: the same 1,000 posts round robin, every segment in the caches.
// "… mallocs": the warm posts' allocations, counted in benchmarks of their own (the timed ones
// count none: counting slows every allocation).
// Measured: building the AttributedText from its pieces (the builder, or the string and its
// attachments), as a feed does for every post, then preparing and laying it out. Not measured:
// the test data (every string, the boxes' offsets), made before, as a server sends it.
import Benchmark
import BenchmarkSupport
import TextMetrics

/// Words never handed out before in the process.
nonisolated(unsafe) var freshWords = FreshWords(seed: 0xA771_0001)

/// A feed post's parts: "@name", body words, "example.com/word" — 70 characters with the two
/// spaces between them — and the test data made of them before anything is measured: the
/// strings and offsets a server would send, so a measured closure builds no string of its own
/// beyond what `AttributedText.Builder` appends.
struct Post: Sendable {
    var name: String
    /// The body between its two spaces: " body words ".
    var middle: String
    var link: String
    /// The post as one string.
    var plain: String
    /// The post with a box after the name and one at the end, each after a space.
    var withBoxes: String
    /// The boxes of `withBoxes`, at their U+FFFC's UTF-8 offsets.
    var boxes: [AttributedText.Attachment]
    /// The post's texts made before timing (``Styles/given(_:)``): in three pieces, and in one
    /// style with its boxes.
    var givenSpans: AttributedText?
    var givenBoxes: AttributedText?

    /// A post of new words, its boxes `box`.
    static func fresh(box: TextAttachment) -> Post {
        let name = "@" + freshWords.word(length: 6)
        let link = "example.com/" + freshWords.word(length: 5)
        let body = freshWords.text(length: 70 - name.count - link.count - 2)
        let withBoxes = name + " \u{FFFC} " + body + " " + link + " \u{FFFC}"
        let firstBox = name.utf8.count + 1
        return Post(name: name, middle: " " + body + " ", link: link, plain: name + " " + body + " " + link,
                    withBoxes: withBoxes,
                    boxes: [AttributedText.Attachment(offset: firstBox, attachment: box),
                            AttributedText.Attachment(offset: withBoxes.utf8.count - 3, attachment: box)])
    }
}

/// The fonts and boxes the posts are drawn with.
struct Styles: Sendable {
    let regular = try! FontChain(named: ["Roboto-Regular"], size: 15)
    let medium = try! FontChain(named: ["Roboto-Medium"], size: 15)
    static let box = try! TextAttachment(width: 18, ascent: 14, descent: 4)

    /// The post in three pieces: the name in Roboto-Medium, the body in the text's style, the
    /// link 13 pt; with `boxes`, a box after the name and one at the end.
    func threeSpans(_ post: Post, boxes: Bool = false) -> AttributedText {
        var builder = AttributedText.Builder(style: TextStyle(fonts: regular))
        builder.append(post.name, TextAttributes(fonts: medium))
        if boxes {
            builder.append(" ")
            builder.appendAttachment(Styles.box)
        }
        builder.append(post.middle)
        builder.append(post.link, TextAttributes(size: 13))
        if boxes {
            builder.append(" ")
            builder.appendAttachment(Styles.box)
        }
        return try! builder.build()
    }

    /// The post in the text's Roboto-Regular with one span setting Roboto-Medium over all of it.
    func mediumBySpan(_ post: Post) -> AttributedText {
        var builder = AttributedText.Builder(style: TextStyle(fonts: regular))
        builder.append(post.plain, TextAttributes(fonts: medium))
        return try! builder.build()
    }

    /// `post` with its texts made: in three pieces, and in one style with its boxes.
    func given(_ post: Post) -> Post {
        var post = post
        post.givenSpans = threeSpans(post)
        post.givenBoxes = plainWithBoxes(post)
        return post
    }

    /// The post in one style with its two boxes: the text from its string and attachments.
    func plainWithBoxes(_ post: Post) -> AttributedText {
        try! AttributedText(post.withBoxes, style: TextStyle(fonts: regular), spans: [], attachments: post.boxes)
    }
}

let benchmarks: @Sendable () -> Void = {
    let styles = Styles()
    let width320 = try! TextContainer(width: 320)
    // Timed without counting allocations: counting routes every malloc and free through
    // ordo-one's interposer and its per-thread counters, which slowed the allocating posts
    // (3 spans, warm: 4.4 µs counted, 2.5 µs not) and so the ratios. Counted apart, below.
    let timing: [BenchmarkMetric] = [.wallClock, .throughput]

    /// The ways a post is prepared, each laid out at 320 pt.
    let kinds: [(name: String, measure: @Sendable (Post) -> TextLayout)] = [
        ("Post/one style", { try! PreparedText($0.plain, fonts: styles.regular).layout(in: width320) }),
        ("Post/3 spans", { try! PreparedText(styles.threeSpans($0)).layout(in: width320) }),
        ("Post/one style + 2 attachments", { try! PreparedText(styles.plainWithBoxes($0)).layout(in: width320) }),
        ("Post/3 spans + 2 attachments", { try! PreparedText(styles.threeSpans($0, boxes: true)).layout(in: width320) }),
        ("Post/3 spans, text given", { try! PreparedText($0.givenSpans!).layout(in: width320) }),
        ("Post/one style + 2 attachments, text given", { try! PreparedText($0.givenBoxes!).layout(in: width320) }),
        ("Post/Roboto-Medium", { try! PreparedText($0.plain, fonts: styles.medium).layout(in: width320) }),
        ("Post/Roboto-Medium by a span", { try! PreparedText(styles.mediumBySpan($0)).layout(in: width320) }),
    ]

    // What is measured is what was meant: the three pieces and the boxes reach the layout.
    let sample = styles.given(Post.fresh(box: Styles.box))
    let oneStyle = kinds[0].measure(sample), spans = kinds[1].measure(sample)
    precondition(sample.plain.count == 70 && spans.size != oneStyle.size,
                 "the three pieces do not change the post: \(spans) / \(oneStyle)")
    for boxed in [kinds[2].measure(sample), kinds[3].measure(sample)] {
        precondition(boxed.lines.first!.height >= 18, "the boxes do not raise the line: \(boxed)")
    }
    precondition(kinds[4].measure(sample) == kinds[1].measure(sample) && kinds[5].measure(sample) == kinds[2].measure(sample),
                 "a given text is not the text built")
    precondition(kinds[6].measure(sample) == kinds[7].measure(sample), "a span over all is not the plain text")

    // Cold: a new post of new words every iteration (at most 40,000 posts a benchmark).
    for kind in kinds {
        Benchmark(kind.name + " cold",
                  configuration: .init(metrics: timing, timeUnits: .nanoseconds, warmupIterations: 1,
                                       scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 40)) { benchmark in
            let posts = (0..<benchmark.scaledIterations.count).map { _ in styles.given(Post.fresh(box: Styles.box)) }
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                blackHole(kind.measure(posts[index]))
            }
        }
    }

    // Warm: the same 1,000 posts round robin, measured once before timing.
    let warmPosts = (0..<1_000).map { _ in styles.given(Post.fresh(box: Styles.box)) }
    for kind in kinds {
        Benchmark(kind.name + " warm",
                  configuration: .init(metrics: timing, timeUnits: .nanoseconds, warmupIterations: 1,
                                       scalingFactor: .kilo, maxDuration: .seconds(3), maxIterations: 500)) { benchmark in
            for index in benchmark.scaledIterations {
                blackHole(kind.measure(warmPosts[index % warmPosts.count]))
            }
        } setup: {
            for post in warmPosts { blackHole(kind.measure(post)) }
        }
    }

    // Allocations per post, warm, counted on their own (exact, so a few iterations do).
    for kind in kinds {
        Benchmark(kind.name + " mallocs",
                  configuration: .init(metrics: [.mallocCountTotal], warmupIterations: 1, scalingFactor: .kilo,
                                       maxDuration: .seconds(1), maxIterations: 5)) { benchmark in
            for index in benchmark.scaledIterations {
                blackHole(kind.measure(warmPosts[index % warmPosts.count]))
            }
        } setup: {
            for post in warmPosts { blackHole(kind.measure(post)) }
        }
    }
}
