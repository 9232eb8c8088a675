/// Turns bytes into text, refusing invalid UTF-8 with the offset of the first bad byte.
enum UTF8Text {
    static func decode(_ bytes: some Collection<UInt8>, what: String) throws -> String {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        var scalars = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                scalars += 1
            case .emptyInput: break loop
            case .error: throw CommandError("\(what) is not valid UTF-8 (bad byte at offset \(offset))")
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
