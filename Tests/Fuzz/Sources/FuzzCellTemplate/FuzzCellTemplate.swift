// Fuzzes cell templates and rows: the bytes before the first NUL are a template's JSON, those
// after it a row's. Either is refused with an error or the cell is laid out; its height must be
// finite, `height(for:)` must equal the layout's height, and the Auto Layout–style solver must
// find the same frames (where the fast path lays the cell out; where it refuses, as when the
// items need more width than there is, the solver squeezes instead).
import ConstraintLayout
import FuzzSupport
import TextMetrics
import CellLayout

/// One input: a template's JSON, a NUL, a row's JSON.
public func fuzzCellTemplate(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let templateBytes = Array(bytes[..<split])
    let rowText = split < bytes.count ? String(decoding: bytes[(split + 1)...], as: UTF8.self) : "{}"
    guard let template = try? CellTemplate(jsonBytes: templateBytes),
          let engine = try? CellLayoutEngine(template),
          let row = try? RowData(json: rowText) else { return 0 }
    guard let layout = try? engine.layout(for: row) else { return 0 }
    if !layout.height.isFinite || layout.height < 0 { fatalError("height \(layout.height)") }
    guard let height = try? engine.height(for: row), height == layout.height else {
        fatalError("height(for:) disagrees with layout(for:) \(layout.height)")
    }
    let compiler: TemplateConstraintCompiler
    do {
        compiler = try TemplateConstraintCompiler(template)
    } catch {
        fatalError("the fast path lays the cell out, the solver refuses the template: \(error)")
    }
    do {
        let differences = try compiler.solve(row, width: layout.width).differences(from: layout)
        if !differences.isEmpty { fatalError("the solver disagrees: \(differences)") }
    } catch {
        fatalError("the fast path lays the cell out, the solver fails: \(error)")
    }
    return 0
}

/// The entry point SwiftPM links an executable target with: libFuzzer's driver, given the input test.
@_cdecl("FuzzCellTemplate_main")
public func fuzzCellTemplateMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { fuzzCellTemplate($0, $1) }
}
