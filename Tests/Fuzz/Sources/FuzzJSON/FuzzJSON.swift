// Fuzzes the JSON reader behind every request, template and row: arbitrary bytes parse or
// throw, never crash or hang, and what parses writes out as JSON that parses back to the same
// value (numbers as the writer rounds them, checked by writing twice).
import FuzzSupport
import JSON

/// One input: any bytes, read as a JSON document.
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let value = try? JSONValue.parse(UnsafeBufferPointer(start: data, count: count)) else { return 0 }
    let written = value.serialized
    guard let reread = try? JSONValue.parse(written) else { fatalError("wrote JSON it cannot read: \(written)") }
    if reread.serialized != written { fatalError("not stable: \(written) → \(reread.serialized)") }
    return 0
}

/// The entry point SwiftPM links an executable target with: libFuzzer's driver, given the input test.
@_cdecl("FuzzJSON_main")
public func fuzzJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { fuzzJSON($0, $1) }
}
