/// A value of the Unicode Script property (UAX #24), Unicode 15.0.
///
/// A compact one-byte code. Common (`Zyyy`), Inherited (`Zinh`) and Unknown
/// (`Zzzz`) are ordinary values, so callers that itemize text into script
/// runs can decide how to resolve them. Constants for every script
/// (``latin``, ``arabic``, ``han``, ``common``, ``inherited``, …) are
/// generated in `Generated/UnicodeScriptValues.swift`.
public struct UnicodeScript: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The compact code: an index into the scripts sorted by ISO 15924 tag.
    ///
    /// Stable only for one Unicode version of the generated tables; store
    /// ``tag`` rather than the raw value.
    public let rawValue: UInt8

    /// Creates a script from its compact code; nil if out of range.
    public init?(rawValue: UInt8) {
        guard Int(rawValue) < UnicodeScript.count else { return nil }
        self.rawValue = rawValue
    }

    /// Creates a script from a code known to be valid (used by generated code, inlined into
    /// other modules so that `UnicodeScript.han` is a constant there, not a global to load).
    @usableFromInline
    init(rawValue: UInt8, unchecked: Void) {
        self.rawValue = rawValue
    }

    /// The Script property value of `scalar` (from Scripts.txt; Unknown if unlisted).
    ///
    /// - Complexity: O(1): two table loads.
    public init(_ scalar: Unicode.Scalar) {
        self.rawValue = UnicodeScript.trie.value(scalar.value)
    }

    /// Looks a script up by its ISO 15924 tag, e.g. `"Latn"` (case-sensitive).
    ///
    /// - Complexity: O(k) in the number of scripts.
    public init?(tag: String) {
        guard let index = UnicodeScript.tags.firstIndex(where: { $0.description == tag }) else { return nil }
        self.rawValue = UInt8(index)
    }

    /// The ISO 15924 four-letter tag, e.g. `"Latn"`, `"Zyyy"` for Common, `"Zinh"` for Inherited.
    public var tag: String {
        UnicodeScript.tags[Int(rawValue)].description
    }

    /// The Unicode long value name, e.g. `"Latin"`, `"Common"`, `"Old_Italic"`.
    public var name: String {
        UnicodeScript.names[Int(rawValue)].description
    }

    /// The ISO 15924 tag.
    public var description: String { tag }

    /// Whether this is Common (`Zyyy`), Inherited (`Zinh`) or Unknown (`Zzzz`):
    /// values that take the script of surrounding text when itemizing.
    public var isShared: Bool {
        self == .common || self == .inherited || self == .unknown
    }

    /// The Script_Extensions property value of `scalar`: the scripts it is used with.
    ///
    /// For scalars not listed in ScriptExtensions.txt this is just the
    /// scalar's Script value.
    ///
    /// - Complexity: O(1); no allocation.
    public static func extensions(of scalar: Unicode.Scalar) -> UnicodeScriptExtensions {
        let set = Int(UnicodeScript.extensionTrie.value(scalar.value))
        if set == 0 { return UnicodeScriptExtensions(single: UnicodeScript(scalar)) }
        return UnicodeScriptExtensions(
            start: Int(ScriptExtensionSets.starts[set - 1]),
            end: Int(ScriptExtensionSets.starts[set]))
    }

    /// The Script table, decoded on first use.
    static let trie: PropertyTrie = {
        let trie = PropertyTrie(
            shift: ScriptTables.shift,
            stage1Count: ScriptTables.stage1Count,
            stage2Count: ScriptTables.stage2Count,
            stage1: ScriptTables.stage1,
            stage2: ScriptTables.stage2)
        precondition(trie.allValues { Int($0) < UnicodeScript.count }, "corrupt script table")
        return trie
    }()

    /// The Script_Extensions table (set numbers), decoded on first use.
    static let extensionTrie: PropertyTrie = {
        let trie = PropertyTrie(
            shift: ScriptExtensionTables.shift,
            stage1Count: ScriptExtensionTables.stage1Count,
            stage2Count: ScriptExtensionTables.stage2Count,
            stage1: ScriptExtensionTables.stage1,
            stage2: ScriptExtensionTables.stage2)
        precondition(trie.allValues { Int($0) < ScriptExtensionSets.starts.count }, "corrupt script extension table")
        return trie
    }()
}
