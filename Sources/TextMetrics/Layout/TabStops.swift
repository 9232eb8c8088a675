/// Where a tab takes the pen, in layout units from the line's leading edge: to the first of
/// the paragraph style's stops past it, then to multiples of its default interval (see
/// ``ParagraphStyle/tabStops``). The one tab rule: line fitting and truncation both ask it, so
/// no width measured before layout ever holds a tab's.
struct TabStops {
    /// The stops, increasing.
    let stops: [Int64]
    /// The interval beyond the last stop (0: none).
    let interval: Int64

    /// The stops of `style` at `pointsPerUnit`.
    init(_ style: ParagraphStyle, pointsPerUnit: Double) {
        stops = style.tabStops.map { Int64(($0 / pointsPerUnit).rounded()) }
        interval = Int64((style.defaultTabInterval / pointsPerUnit).rounded())
    }

    /// How far a tab at `x` moves the pen, or `nil` when no stop lies past `x` (the tab then
    /// keeps its glyph's width).
    func advance(at x: Int64) -> Int64? {
        if let stop = stops.first(where: { $0 > x }) { return stop - x }
        guard interval > 0 else { return nil }
        let next = (x / interval + 1) * interval
        return next - x
    }
}
