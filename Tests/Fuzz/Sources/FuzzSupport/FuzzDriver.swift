/// libFuzzer's driver: parses the fuzzer's command line and calls `test` with every input.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// The test of the running fuzzer (libFuzzer takes a C function, which cannot capture it).
nonisolated(unsafe) private var currentTest: ((UnsafePointer<UInt8>, Int) -> CInt)?

/// Runs libFuzzer with the process's arguments on `test`, which gets each input's bytes and count.
public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                      _ test: @escaping (UnsafePointer<UInt8>, Int) -> CInt) -> CInt {
    currentTest = test
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, count in
        // libFuzzer passes a null pointer for an empty input.
        let empty: UInt8 = 0
        guard let data else { return withUnsafePointer(to: empty) { currentTest!($0, 0) } }
        return currentTest!(data, count)
    }
}
