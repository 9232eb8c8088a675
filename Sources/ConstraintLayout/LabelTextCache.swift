import TextMetrics

/// Prepared label texts by (font, string), bounded: the text cache of a
/// ``TemplateConstraintCompiler``, so that a text seen before is not shaped again.
///
/// When full it forgets everything it holds and starts again (simple, and enough for a
/// cache that only has to keep a feed's working set warm).
///
/// Not `Sendable`: one per compiler, used on one thread.
final class LabelTextCache {
    private struct Key: Hashable {
        let font: Int
        let text: String
    }

    private var entries: [Key: MeasuredText] = [:]
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    var count: Int { entries.count }

    func text(_ string: String, fontIndex: Int, fonts: FontChain) throws -> MeasuredText {
        let key = Key(font: fontIndex, text: string)
        if let hit = entries[key] { return hit }
        let text = try MeasuredText(string, fonts: fonts)
        if capacity > 0 {
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = text
        }
        return text
    }

    func removeAll() { entries.removeAll() }
}
