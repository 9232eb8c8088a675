/// The unit a range of a text is given in: UTF-8 bytes (what answers use), UTF-16 code units
/// (`NSRange`, JavaScript) or Unicode scalars (server entity indices).
public enum TextOffsetUnit: String, Hashable, Sendable, CaseIterable {
    /// UTF-8 bytes.
    case utf8
    /// UTF-16 code units: a character outside the BMP is two.
    case utf16
    /// Unicode scalars (code points).
    case scalars

    /// The UTF-8 offset of `offset` in `text`, given in this unit.
    /// - Throws: ``InvalidArgumentError`` naming `argument` when the offset is negative,
    ///   past the text's end, or not on a character boundary (inside a UTF-8 sequence or a
    ///   UTF-16 surrogate pair).
    public func utf8Offset(of offset: Int, in text: String, argument: @autoclosure () -> String = "offset") throws -> Int {
        guard offset >= 0 else {
            throw InvalidArgumentError(argument: argument(), requirement: "0 or more", value: "\(offset)")
        }
        let utf8 = text.utf8
        switch self {
        case .utf8:
            guard offset <= utf8.count else { throw pastTheEnd(offset, utf8.count, argument()) }
            guard offset == utf8.count || utf8[utf8.index(utf8.startIndex, offsetBy: offset)] & 0xC0 != 0x80 else {
                throw InvalidArgumentError(argument: argument(), requirement: "on a character boundary",
                                           value: "\(offset), inside a UTF-8 sequence")
            }
            return offset
        case .utf16:
            let utf16 = text.utf16
            guard offset <= utf16.count else { throw pastTheEnd(offset, utf16.count, argument()) }
            let index = utf16.index(utf16.startIndex, offsetBy: offset)
            guard let scalarIndex = index.samePosition(in: text.unicodeScalars) else {
                throw InvalidArgumentError(argument: argument(), requirement: "on a character boundary",
                                           value: "\(offset), inside a surrogate pair")
            }
            return utf8.distance(from: utf8.startIndex, to: scalarIndex)
        case .scalars:
            let scalars = text.unicodeScalars
            guard offset <= scalars.count else { throw pastTheEnd(offset, scalars.count, argument()) }
            return utf8.distance(from: utf8.startIndex, to: scalars.index(scalars.startIndex, offsetBy: offset))
        }
    }

    /// The offset in this unit of UTF-8 offset `utf8Offset` (a character boundary) of `text`.
    public func offset(ofUTF8 utf8Offset: Int, in text: String) -> Int {
        let utf8 = text.utf8
        let index = utf8.index(utf8.startIndex, offsetBy: utf8Offset)
        switch self {
        case .utf8: return utf8Offset
        case .utf16: return text.utf16.distance(from: text.utf16.startIndex, to: index)
        case .scalars: return text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index)
        }
    }

    private func pastTheEnd(_ offset: Int, _ count: Int, _ argument: String) -> InvalidArgumentError {
        InvalidArgumentError(argument: argument, requirement: "at most the text's length in \(rawValue) (\(count))",
                             value: "\(offset)")
    }
}
