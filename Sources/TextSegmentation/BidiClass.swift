/// A value of the Bidi_Class property (UAX #9), Unicode 15.0.
///
/// Looked up with ``init(_:)`` from the generated tables, which include the
/// defaults DerivedBidiClass.txt documents for unassigned code points (R for
/// Hebrew and other right-to-left blocks, AL for Arabic blocks, ET for the
/// Currency Symbols block, BN for noncharacters and default ignorables, L
/// elsewhere).
public enum BidiClass: UInt8, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// `L`: strong left-to-right.
    case leftToRight = 0
    /// `R`: strong right-to-left.
    case rightToLeft
    /// `AL`: strong right-to-left (Arabic letter).
    case arabicLetter
    /// `EN`: European number.
    case europeanNumber
    /// `ES`: European number separator.
    case europeanSeparator
    /// `ET`: European number terminator.
    case europeanTerminator
    /// `AN`: Arabic number.
    case arabicNumber
    /// `CS`: common number separator.
    case commonSeparator
    /// `NSM`: nonspacing mark.
    case nonspacingMark
    /// `BN`: boundary neutral.
    case boundaryNeutral
    /// `B`: paragraph separator.
    case paragraphSeparator
    /// `S`: segment separator.
    case segmentSeparator
    /// `WS`: white space.
    case whiteSpace
    /// `ON`: other neutral.
    case otherNeutral
    /// `LRE`: left-to-right embedding.
    case leftToRightEmbedding
    /// `LRO`: left-to-right override.
    case leftToRightOverride
    /// `RLE`: right-to-left embedding.
    case rightToLeftEmbedding
    /// `RLO`: right-to-left override.
    case rightToLeftOverride
    /// `PDF`: pop directional format.
    case popDirectionalFormat
    /// `LRI`: left-to-right isolate.
    case leftToRightIsolate
    /// `RLI`: right-to-left isolate.
    case rightToLeftIsolate
    /// `FSI`: first strong isolate.
    case firstStrongIsolate
    /// `PDI`: pop directional isolate.
    case popDirectionalIsolate

    /// The Bidi_Class value of `scalar`.
    ///
    /// - Complexity: O(1): two table loads.
    public init(_ scalar: Unicode.Scalar) {
        self.init(rawValue: BidiClass.trie.value(scalar.value) & BidiClass.classMask)!
    }

    /// The short property value alias used by the UCD, e.g. `"AL"`, `"NSM"`.
    public var abbreviation: String {
        BidiClass.abbreviations[Int(rawValue)].description
    }

    /// Looks a class up by its short alias, e.g. `"AL"`; nil if there is no such class.
    public init?(abbreviation: String) {
        guard let index = BidiClass.abbreviations.firstIndex(where: { $0.description == abbreviation }) else { return nil }
        self.init(rawValue: UInt8(index))
    }

    /// The short alias (``abbreviation``).
    public var description: String { abbreviation }

    /// Whether this is `L`, `R` or `AL`.
    public var isStrong: Bool {
        self == .leftToRight || self == .rightToLeft || self == .arabicLetter
    }

    /// Short aliases, indexed by raw value.
    static let abbreviations: [StaticString] = [
        "L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON",
        "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI",
    ]

    /// Bits of a table value that hold the class.
    static let classMask: UInt8 = 0x1F
    /// Table value bit: Bidi_Paired_Bracket_Type is Open.
    static let openBracketFlag: UInt8 = 0x20
    /// Table value bit: Bidi_Paired_Bracket_Type is Close.
    static let closeBracketFlag: UInt8 = 0x40

    /// The Bidi_Class table, decoded on first use.
    static let trie: PropertyTrie = {
        let trie = PropertyTrie(
            shift: BidiClassTables.shift,
            stage1Count: BidiClassTables.stage1Count,
            stage2Count: BidiClassTables.stage2Count,
            stage1: BidiClassTables.stage1,
            stage2: BidiClassTables.stage2)
        precondition(trie.allValues { $0 & classMask < 23 }, "corrupt Bidi_Class table")
        return trie
    }()

    /// The pair key of a bracket scalar (see ``BidiBracketTables/pairKeys``).
    ///
    /// - Complexity: O(log k) in the number of paired brackets (128).
    static func bracketPairKey(_ scalar: UInt32) -> UInt32 {
        let scalars = BidiBracketTables.scalars
        var low = 0, high = scalars.count
        while low < high {
            let mid = (low + high) >> 1
            if scalars[mid] < scalar { low = mid + 1 } else { high = mid }
        }
        return low < scalars.count && scalars[low] == scalar ? BidiBracketTables.pairKeys[low] : scalar
    }
}
