/// The writing position inside a ``JSONOutput``'s buffer, held as a plain pointer: for a
/// stretch of JSON whose shape the caller knows — an answer's keys, punctuation and numbers —
/// written with no comma bookkeeping and no reload of the buffer's state between stores.
///
/// ```swift
/// out.write(reserving: 2 * JSONCursor.maxNumberLength + 32) { cursor in
///     cursor.write("{\"width\":")
///     cursor.write(189.94140625)
///     cursor.write(",\"height\":")
///     cursor.write(35.15625)
///     cursor.write("}")
/// }
/// ```
///
/// Made only by ``JSONOutput/write(reserving:_:)``, which reserves the room first: the
/// caller's bytes must fit in what it reserved (each number counts
/// ``maxNumberLength``). Nothing is checked or escaped here; the text must be JSON as it
/// stands.
public struct JSONCursor {
    /// Where the next byte goes.
    @usableFromInline var at: UnsafeMutablePointer<UInt8>
    /// The owning output's table of numbers written lately (see ``JSONOutput``).
    @usableFromInline let numbers: UnsafeMutableRawPointer

    /// The most bytes one number takes in the reserved room: a number is copied from its
    /// table slot by whole words.
    @inlinable public static var maxNumberLength: Int { 32 }

    @inlinable
    init(at: UnsafeMutablePointer<UInt8>, numbers: UnsafeMutableRawPointer) {
        self.at = at
        self.numbers = numbers
    }

    /// Copies `text` as it stands: punctuation and keys that need no escaping (`,"width":`).
    /// Inlined, so that a constant's bytes are copied by a few word loads and stores.
    @inlinable @inline(__always)
    public mutating func write(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        JSONOutput.copy(text.utf8Start, count, to: at)
        at += count
    }

    /// Copies JSON text as it stands (a value read from a request, already checked).
    @inlinable @inline(__always)
    public mutating func write(jsonText text: UnsafeBufferPointer<UInt8>) {
        guard let start = text.baseAddress else { return }
        JSONOutput.copy(start, text.count, to: at)
        at += text.count
    }

    /// Writes `true` or `false`.
    @inlinable @inline(__always)
    public mutating func write(_ bool: Bool) {
        if bool { write("true") } else { write("false") }
    }

    /// Writes an integer (at most 20 bytes).
    @inlinable @inline(__always)
    public mutating func write(_ integer: Int) {
        at += ShortestDecimal.writeInteger(integer, to: at)
    }

    /// Writes a number as ``JSONOutput/append(_:)-(Double)`` documents it: an integer below
    /// 10^15 without a fraction, `null` when not finite, else the shortest decimal that reads
    /// back the same (``ShortestDecimal``), found in the output's table of numbers written
    /// lately when it is there (a direct-mapped table of 256 by bit pattern: answers repeat
    /// their heights and widths), else formatted into the table first.
    @inlinable @inline(__always)
    public mutating func write(_ number: Double) {
        if let integer = JSONCursor.wholeNumber(number) {
            write(integer)
            return
        }
        guard number.isFinite else {
            write("null")
            return
        }
        let key = number.bitPattern
        let slot = JSONCursor.slot(key)
        let keys = numbers.assumingMemoryBound(to: UInt64.self)
        let text = numbers + JSONCursor.textsOffset + slot &* JSONCursor.slotSize
        if keys[slot] != key { JSONCursor.remember(number, inSlot: slot, of: numbers) }
        // A slot's length byte, then its text: the 31 bytes after the length are copied whole,
        // by four overlapping words, and the cursor moves by the length.
        let from = UnsafeRawPointer(text + 1), to = UnsafeMutableRawPointer(at)
        to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: 16, as: UInt64.self), toByteOffset: 16, as: UInt64.self)
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: 23, as: UInt64.self), toByteOffset: 23, as: UInt64.self)
        at += Int(text.load(as: UInt8.self))
    }

    /// `number` as an integer when it is a whole number of magnitude below 10^15, which is
    /// written without a fraction (and without the table of numbers); else `nil`.
    @inlinable @inline(__always)
    @usableFromInline static func wholeNumber(_ number: Double) -> Int? {
        guard number.magnitude < 1e15, case let integer = Int(number), Double(integer) == number else { return nil }
        return integer
    }

    // MARK: - The table of numbers

    /// 256 keys (bit patterns; 0 for none: zero is written as an integer, never looked up),
    /// then 256 slots of a length byte and up to 31 bytes of text.
    @inlinable static var slots: Int { 256 }
    @inlinable static var slotSize: Int { 32 }
    @inlinable static var textsOffset: Int { slots * 8 }
    static var tableSize: Int { textsOffset + slots * slotSize }

    /// The slot of a bit pattern: its top byte after a multiplicative hash.
    @inlinable @inline(__always)
    static func slot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 56) }

    /// An empty table, for ``JSONOutput`` to own.
    static func makeTable() -> UnsafeMutableRawPointer {
        let table = UnsafeMutableRawPointer.allocate(byteCount: tableSize, alignment: 8)
        // Only the keys are cleared: a slot is read only after its key matched, when it has
        // been written whole.
        table.initializeMemory(as: UInt64.self, repeating: 0, count: slots)
        return table
    }

    /// Formats `number` (finite, not a whole number below 10^15) into `slot` of `table`.
    @usableFromInline
    static func remember(_ number: Double, inSlot slot: Int, of table: UnsafeMutableRawPointer) {
        let text = (table + textsOffset + slot * slotSize).assumingMemoryBound(to: UInt8.self)
        UnsafeMutableRawPointer(text).initializeMemory(as: UInt64.self, repeating: 0, count: slotSize / 8)
        text[0] = UInt8(ShortestDecimal.write(number, to: text + 1))
        table.assumingMemoryBound(to: UInt64.self)[slot] = number.bitPattern
    }
}
