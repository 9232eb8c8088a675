/// How lines are broken and how text that does not fit is cut, as UIKit's
/// `NSLineBreakMode` does it.
public enum LineBreakMode: String, CaseIterable, Sendable, Codable {
    /// Wrap at word boundaries (UAX #14 break opportunities); a word wider than the line is
    /// broken between grapheme clusters. The default, as for `UILabel`.
    case wordWrap
    /// Wrap before the first grapheme cluster that does not fit, ignoring word boundaries.
    case charWrap
    /// Wrap words; the last line shown is cut off without an ellipsis.
    case clip
    /// Wrap words; the last line shown ends with its paragraph's end, after "…".
    case truncateHead
    /// Wrap words; the last line shown keeps its beginning and ends with "…".
    case truncateTail
    /// Wrap words; the last line shown keeps its beginning and end around "…".
    case truncateMiddle

    /// Parses the camel-case form (`truncateTail`) and the kebab-case form (`truncate-tail`).
    public init?(name: String) {
        let camel = name.split(separator: "-").enumerated()
            .map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }
            .joined()
        self.init(rawValue: camel)
    }

    /// The kebab-case name used by the command line (`truncate-tail`).
    public var kebabName: String {
        rawValue.reduce(into: "") { out, c in
            if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
        }
    }

    var truncates: Bool { self == .truncateHead || self == .truncateTail || self == .truncateMiddle }
}
