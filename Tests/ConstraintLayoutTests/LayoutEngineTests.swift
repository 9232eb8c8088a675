import ConstraintLayout
import Testing
import TextMetrics

/// Anchors, priorities, content hugging and compression resistance, labels, fitting sizes.
@Suite struct LayoutEngineTests {
    static let font = try! Font(named: "Roboto-Regular", size: 15)

    @Test func anchorsPinEdgesCentersAndDimensions() throws {
        let engine = LayoutEngine(scale: 2)
        let cell = engine.contentView
        let a = LayoutItem(name: "a"), b = LayoutItem(name: "b")
        engine.addItem(a)
        engine.addItem(b)
        try engine.activate([
            a.leading.constraint(equalTo: cell.leading, constant: 10),
            a.top.constraint(equalTo: cell.top, constant: 5),
            a.width.constraint(equalToConstant: 100),
            a.height.constraint(equalTo: a.width, multiplier: 0.5),
            b.centerX.constraint(equalTo: a.centerX),
            b.top.constraint(equalTo: a.bottom, constant: 8),
            b.width.constraint(equalTo: a.width, multiplier: 0.5, constant: 10),
            b.height.constraint(equalToConstant: 20),
            cell.bottom.constraint(greaterThanOrEqualTo: b.bottom, constant: 5),
        ])
        let size = try engine.systemLayoutSizeFitting(width: 320)
        #expect(a.frame == Rect(x: 10, y: 5, width: 100, height: 50))
        #expect(b.frame == Rect(x: 30, y: 63, width: 60, height: 20))
        #expect(size == Size(width: 320, height: 88))   // compressed: the smallest height
        #expect(engine.value(of: b.trailing) == 90)
    }

    @Test func requiredBeatsNineNinetyNine() throws {
        let engine = LayoutEngine()
        let item = LayoutItem(name: "item")
        engine.addItem(item)
        try engine.activate([
            item.width.constraint(equalToConstant: 80),
            item.width.constraint(equalToConstant: 120).withPriority(999),
            item.width.constraint(equalToConstant: 200).withPriority(998),
        ])
        _ = try engine.systemLayoutSizeFitting(width: 320)
        #expect(item.frame.width == 80)
    }

    @Test func higherPriorityWinsAmongOptional() throws {
        let engine = LayoutEngine()
        let item = LayoutItem(name: "item")
        engine.addItem(item)
        try engine.activate([
            item.width.constraint(equalToConstant: 120).withPriority(.defaultHigh),
            item.width.constraint(equalToConstant: 200).withPriority(.defaultLow),
        ])
        _ = try engine.systemLayoutSizeFitting(width: 320)
        #expect(item.frame.width == 120)
    }

    @Test func unsatisfiableRequiredConstraintIsNamedAndRolledBack() throws {
        let engine = LayoutEngine()
        let item = LayoutItem(name: "box")
        engine.addItem(item)
        let first = item.width.constraint(equalToConstant: 10)
        try engine.activate([first])
        let second = item.width.constraint(equalToConstant: 20)
        second.identifier = "second"
        #expect(throws: LayoutError.self) { try engine.activate([item.height.constraint(equalToConstant: 5), second]) }
        #expect(!second.isActive)
        #expect(first.isActive)
    }

    /// A label and a box in a 300 pt row (label leading pinned, box 8 pt after it, box trailing
    /// inside the row). The box would like its trailing edge at the row's edge (at 500) and
    /// would like to be 200 wide (at 800, at least 60 required). As in UIKit:
    /// - a short label stretches (its hugging, 250, loses to the 500 pull) unless its hugging
    ///   is raised above 500;
    /// - a long label is squeezed for the box's 800 preference (its compression resistance,
    ///   750, loses) unless its resistance is raised above 800.
    @Test func huggingAndCompressionResistanceBesideAFixedNeighbour() throws {
        func layout(_ text: String, hugging: LayoutPriority = .defaultLow,
                    resistance: LayoutPriority = .defaultHigh) throws -> (label: Rect, box: Rect, natural: Double) {
            let engine = LayoutEngine(scale: 2)
            let cell = engine.contentView
            let label = Label(name: "label", text: text, font: Self.font)
            let box = LayoutItem(name: "box")
            engine.addItem(label)
            engine.addItem(box)
            label.setContentHuggingPriority(hugging, for: .horizontal)
            label.setContentCompressionResistancePriority(resistance, for: .horizontal)
            try engine.activate([
                label.leading.constraint(equalTo: cell.leading),
                label.top.constraint(equalTo: cell.top),
                box.leading.constraint(equalTo: label.trailing, constant: 8),
                box.trailing.constraint(lessThanOrEqualTo: cell.trailing),
                box.trailing.constraint(equalTo: cell.trailing).withPriority(500),
                box.width.constraint(greaterThanOrEqualToConstant: 60),
                box.width.constraint(equalToConstant: 200).withPriority(800),
                box.top.constraint(equalTo: cell.top),
                box.height.constraint(equalToConstant: 20),
            ])
            _ = try engine.systemLayoutSizeFitting(width: 300)
            return (label.frame, box.frame, label.intrinsicContentSize.width!)
        }
        // Short text, default priorities: the box takes 200, the label stretches to fill 92.
        let short = try layout("Reply")
        #expect(short.box.width == 200)
        #expect(short.label.width == 92)
        #expect(short.natural < 92)
        // Hugging 501 > 500: the label keeps its text width; the box leaves a gap at the edge.
        let hugging = try layout("Reply", hugging: 501)
        #expect(hugging.label.width == hugging.natural)
        #expect(hugging.box.maxX < 300)
        // Long text, default priorities: 800 beats 750, the box gets 200 and the label 92.
        let long = String(repeating: "Reply ", count: 8)
        let squeezed = try layout(long)
        #expect(squeezed.box.width == 200)
        #expect(squeezed.label.width == 92)
        // Resistance 801 > 800: the label keeps its width (up to the required 60 pt box).
        let resisting = try layout(long, resistance: 801)
        #expect(resisting.label.width == min(resisting.natural, 300 - 8 - 60))
        #expect(resisting.box.maxX == 300)
    }

    @Test func hugBeatsStretchWhenHuggingIsHigher() throws {
        let engine = LayoutEngine(scale: 2)
        let cell = engine.contentView
        let label = Label(name: "label", text: "Reply", font: Self.font)
        engine.addItem(label)
        label.setContentHuggingPriority(.defaultHigh, for: .horizontal)
        try engine.activate([
            label.leading.constraint(equalTo: cell.leading),
            label.trailing.constraint(equalTo: cell.trailing).withPriority(.defaultLow),
            label.top.constraint(equalTo: cell.top),
        ])
        _ = try engine.systemLayoutSizeFitting(width: 300)
        #expect(label.frame.width == label.intrinsicContentSize.width)
        #expect(label.frame.width < 100)
    }

    /// The two-pass sizing of a multi-line label: its height follows the width it is given.
    @Test func labelTwoPassSizing() throws {
        let text = "Open the sign-in page and tap Forgot password. We will send a link to your e-mail."
        let prepared = try SizedText(text, font: Self.font)
        for width in [320.0, 200, 120] {
            let engine = LayoutEngine(scale: 2)
            let cell = engine.contentView
            let label = Label(name: "answer", text: text, font: Self.font, numberOfLines: 0, lineBreakMode: .wordWrap)
            engine.addItem(label)
            try engine.activate([
                label.leading.constraint(equalTo: cell.leading, constant: 15),
                label.trailing.constraint(equalTo: cell.trailing, constant: -15),
                label.top.constraint(equalTo: cell.top, constant: 10),
                cell.bottom.constraint(equalTo: label.bottom, constant: 10),
            ])
            let size = try engine.systemLayoutSizeFitting(width: width)
            let textHeight = try prepared.height(width: width - 30, numberOfLines: 0, lineBreakMode: .wordWrap)
            #expect(size.height == PixelGrid(scale: 2).ceil(textHeight) + 20)
            #expect(label.preferredMaxLayoutWidth == width - 30)
        }
    }

    /// The same engine re-solved at new widths and texts equals fresh engines.
    @Test func incrementalWidthChangesEqualFreshSolves() throws {
        func make() throws -> (LayoutEngine, Label) {
            let engine = LayoutEngine(scale: 3)
            let cell = engine.contentView
            let label = Label(name: "l", text: "", font: Self.font, numberOfLines: 3, lineBreakMode: .truncateTail,
                              padding: EdgeInsets(top: 4, left: 6, bottom: 4, right: 6))
            engine.addItem(label)
            try engine.activate([
                label.leading.constraint(equalTo: cell.leading, constant: 8),
                label.trailing.constraint(equalTo: cell.trailing, constant: -8),
                label.top.constraint(equalTo: cell.top, constant: 8),
                cell.bottom.constraint(equalTo: label.bottom, constant: 8),
                label.height.constraint(greaterThanOrEqualToConstant: 44),
            ])
            return (engine, label)
        }
        let (reused, reusedLabel) = try make()
        let texts = ["Short", "A much longer text that wraps onto several lines at narrow widths, and more, and more", ""]
        for width in [375.0, 200, 90, 414] {
            for text in texts {
                reusedLabel.text = text
                let (fresh, freshLabel) = try make()
                freshLabel.text = text
                #expect(try reused.systemLayoutSizeFitting(width: width) == fresh.systemLayoutSizeFitting(width: width))
                #expect(reused.pixelAlignedFrame(of: reusedLabel) == fresh.pixelAlignedFrame(of: freshLabel))
            }
        }
    }

    /// A hand-computed cell: 10 pt margins, an avatar (40 × 40) and a one-line name beside it.
    @Test func systemLayoutSizeFittingOnAHandComputedCell() throws {
        let engine = LayoutEngine(scale: 2)
        let cell = engine.contentView
        let avatar = LayoutItem(name: "avatar")
        let name = Label(name: "name", text: "Ada", font: Self.font)
        engine.addItem(avatar)
        engine.addItem(name)
        try engine.activate([
            avatar.leading.constraint(equalTo: cell.leading, constant: 10),
            avatar.top.constraint(equalTo: cell.top, constant: 10),
            avatar.width.constraint(equalToConstant: 40),
            avatar.height.constraint(equalToConstant: 40),
            cell.bottom.constraint(greaterThanOrEqualTo: avatar.bottom, constant: 10),
            name.leading.constraint(equalTo: avatar.trailing, constant: 8),
            name.trailing.constraint(lessThanOrEqualTo: cell.trailing, constant: -10),
            name.centerY.constraint(equalTo: avatar.centerY),
        ])
        let size = try engine.systemLayoutSizeFitting(width: 320)
        #expect(size.height == 60)
        #expect(name.frame.minXValue == 58)
        #expect(name.frame.width == name.intrinsicContentSize.width)
        #expect(abs(name.frame.y + name.frame.height / 2 - 30) < 1e-9)
    }

    @Test func adjustableConstantsAreIncremental() throws {
        let engine = LayoutEngine()
        let item = LayoutItem(name: "item")
        engine.addItem(item)
        let width = item.width.constraint(equalToConstant: 10).adjustable()
        try engine.activate([width, item.height.constraint(equalTo: item.width, multiplier: 2)])
        let count = engine.solverConstraintCount
        for value in stride(from: 10.0, through: 100, by: 10) {
            width.constant = value
            #expect(item.frame.height == 2 * value)
        }
        #expect(engine.solverConstraintCount == count)
        let fixed = item.height.constraint(lessThanOrEqualToConstant: 500)
        try engine.activate([fixed])
        fixed.constant = 50   // re-installed: the height is capped, the width gives
        #expect(item.frame.height <= 50 + 1e-9)
    }
}

extension Rect {
    fileprivate var minXValue: Double { x }
}
