/// The Script_Extensions value of one scalar: a small set of scripts, in raw-value order.
///
/// Returned by ``UnicodeScript/extensions(of:)``; a view of static data, so
/// creating one does not allocate.
public struct UnicodeScriptExtensions: RandomAccessCollection, Sendable {
    /// A single script (for scalars without an explicit Script_Extensions entry), or nil.
    private let single: UnicodeScript?
    /// Position of this set in the generated member list.
    private let base: Int

    /// The first position (always 0).
    public let startIndex: Int = 0
    /// The number of scripts.
    public let endIndex: Int

    /// A set holding one script.
    init(single: UnicodeScript) {
        self.single = single
        self.base = 0
        self.endIndex = 1
    }

    /// A set stored in ``ScriptExtensionSets/members`` at `start ..< end`.
    init(start: Int, end: Int) {
        self.single = nil
        self.base = start
        self.endIndex = end - start
    }

    /// The script at `position`.
    public subscript(position: Int) -> UnicodeScript {
        precondition(position >= 0 && position < endIndex, "index out of range")
        if let single { return single }
        return UnicodeScript(rawValue: ScriptExtensionSets.members[base + position], unchecked: ())
    }

    /// Whether `script` is in the set.
    public func contains(_ script: UnicodeScript) -> Bool {
        if let single { return single == script }
        return ScriptExtensionSets.members[base ..< base + endIndex].contains(script.rawValue)
    }
}
