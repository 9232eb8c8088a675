import JSON
import TextMetrics

/// A content source whose texts are sized texts (a row's, looked up in the text cache, or a
/// prepared cell's): what the frame arithmetic asks of a text, answered by its ``SizedText``
/// in one place for both.
protocol SizedTextSource: CellContentSource {
    /// Runs `body` on the text text node `node` (number `index`) shows, or returns `nil`
    /// when it shows none.
    mutating func withText<R>(_ node: UnsafePointer<CellProgram.Node>, index: Int,
                              _ body: (SizedText) throws -> R) throws -> R?
    /// Text node `node`'s truncation token, or `nil`.
    func truncationToken(of node: UnsafePointer<CellProgram.Node>) -> TruncationToken?
}

extension SizedTextSource {
    mutating func textHeight(_ node: UnsafePointer<CellProgram.Node>, index: Int, widthPixels: Int, scale: Double) throws -> Int {
        let token = truncationToken(of: node)
        return try withText(node, index: index) { try $0.heightPixels(node, widthPixels: widthPixels, scale: scale, token: token) } ?? 0
    }

    mutating func textNaturalWidth(_ node: UnsafePointer<CellProgram.Node>, index: Int, scale: Double) throws -> Int {
        try withText(node, index: index) { PixelRounding.ceil($0.naturalWidth, scale: scale) } ?? 0
    }

    mutating func textBaselines(_ node: UnsafePointer<CellProgram.Node>, index: Int, widthPixels: Int,
                                scale: Double) throws -> (first: Double, last: Double)? {
        let token = truncationToken(of: node)
        return try withText(node, index: index) { try $0.baselines(node, widthPixels: widthPixels, scale: scale, token: token) }
    }

    mutating func textLayout(_ node: UnsafePointer<CellProgram.Node>, index: Int, widthPixels: Int,
                             scale: Double) throws -> (PreparedText, TextLayout)? {
        let token = truncationToken(of: node)
        return try withText(node, index: index) { ($0.prepared, try $0.layout(node, widthPixels: widthPixels, scale: scale, token: token)) }
    }
}

/// A row's content read straight from its fields, with texts from the engine's text cache
/// (prepared on a miss).
struct RowContent: SizedTextSource {
    let row: RowData
    /// Unmanaged: the engine outlives every call it makes, and a retain per row — or per
    /// text, which calling a method through an `unowned(unsafe)` reference makes — would make
    /// all threads bounce the engine's reference count between cores.
    let engine: Unmanaged<CellLayoutEngine>
    /// The row's texts found so far, by text ordinal: each is looked up in the text cache once
    /// per row (a styled text's key hashes its whole text object), however often its width,
    /// height and baselines are asked for. In a buffer the engine makes for the row
    /// (``CellLayoutEngine/withRowContent(_:_:)``).
    private let texts: UnsafeMutableBufferPointer<SizedText?>
    /// The template's label styles (their tokens), in the engine's program
    /// (``CellLayoutEngine/withLabelStyles(_:)``).
    private let labelStyles: UnsafeBufferPointer<CellProgram.LabelStyle>

    init(row: RowData, engine: CellLayoutEngine, labelStyles: UnsafeBufferPointer<CellProgram.LabelStyle>,
         texts: UnsafeMutableBufferPointer<SizedText?>) {
        self.row = row
        self.engine = Unmanaged.passUnretained(engine)
        self.labelStyles = labelStyles
        self.texts = texts
    }

    func isPresent(_ node: UnsafePointer<CellProgram.Node>, index: Int) -> Bool {
        guard let condition = node.pointee.condition else { return true }
        return row.isPresent(condition)
    }

    /// Runs `body` on the row's text of `node`: looked up in the text cache the first time and
    /// kept in `texts`, then read there in place (a copy of a sized text retains its parts).
    @inline(__always)
    mutating func withText<R>(_ node: UnsafePointer<CellProgram.Node>, index: Int,
                              _ body: (SizedText) throws -> R) throws -> R? {
        let ordinal = Int(node.pointee.textOrdinal)
        guard ordinal < texts.count else { return try body(measuredText(ofNode: index)) }
        // Found before: used where it lies, without retaining it.
        if let found = try UnsafeBufferPointer(texts).withText(at: ordinal, body) { return found }
        let text = try measuredText(ofNode: index)
        texts[ordinal] = text
        return try body(text)
    }

    func truncationToken(of node: UnsafePointer<CellProgram.Node>) -> TruncationToken? {
        labelStyles.truncationToken(of: node)
    }

    /// What text node `index` shows for the row, from the engine's text cache.
    private func measuredText(ofNode index: Int) throws -> SizedText {
        try engine._withUnsafeGuaranteedRef { try $0.measuredText(ofNode: index, in: row) }
    }
}

extension SizedText {
    /// The text's height in whole pixels as text node `node` lays it out at `widthPixels`:
    /// its line limit, break mode and (from `program`) its truncation token.
    func heightPixels(_ node: UnsafePointer<CellProgram.Node>, widthPixels: Int, scale: Double,
                      token: TruncationToken?) throws -> Int {
        let height = try height(width: Double(widthPixels) / scale, numberOfLines: node.pointee.numberOfLines,
                                lineBreakMode: node.pointee.lineBreakMode, truncationToken: token)
        return PixelRounding.ceil(height, scale: scale)
    }

    /// The text's first and last baselines as text node `node` lays it out at `widthPixels`.
    func baselines(_ node: UnsafePointer<CellProgram.Node>, widthPixels: Int, scale: Double,
                   token: TruncationToken?) throws -> (first: Double, last: Double) {
        try baselines(width: Double(widthPixels) / scale, numberOfLines: node.pointee.numberOfLines,
                      lineBreakMode: node.pointee.lineBreakMode, truncationToken: token)
    }

    /// The text's lines as text node `node` lays it out at `widthPixels`.
    func layout(_ node: UnsafePointer<CellProgram.Node>, widthPixels: Int, scale: Double,
                token: TruncationToken?) throws -> TextLayout {
        try layout(width: Double(widthPixels) / scale, numberOfLines: node.pointee.numberOfLines,
                   lineBreakMode: node.pointee.lineBreakMode, truncationToken: token)
    }
}

/// A prepared cell's content: presence decided and texts shaped once, for any width.
struct PreparedContent: SizedTextSource {
    /// The cell's presence of each item and its texts, in its arrays
    /// (``CellLayoutEngine/withPreparedContent(_:_:)``): read in place, where a copy of the
    /// cell, or of a sized text, would retain their parts.
    let present: UnsafeBufferPointer<Bool>
    let texts: UnsafeBufferPointer<SizedText?>
    /// The template's label styles (their tokens), in the engine's program
    /// (``CellLayoutEngine/withLabelStyles(_:)``).
    let labelStyles: UnsafeBufferPointer<CellProgram.LabelStyle>

    func isPresent(_ node: UnsafePointer<CellProgram.Node>, index: Int) -> Bool { present[index] }

    /// Runs `body` on the cell's text of `node`, without retaining it: the cell holds it, and
    /// a re-laid-out feed would write the reference count of every text it sizes — a cache
    /// line not otherwise written, and an atomic operation that waits for it.
    @inline(__always)
    func withText<R>(_ node: UnsafePointer<CellProgram.Node>, index: Int, _ body: (SizedText) throws -> R) rethrows -> R? {
        try texts.withText(at: Int(node.pointee.textOrdinal), body)
    }

    func truncationToken(of node: UnsafePointer<CellProgram.Node>) -> TruncationToken? {
        labelStyles.truncationToken(of: node)
    }
}

/// Guessed content, for ``CellLayoutEngine/estimatedHeight(for:width:scale:)``: no shaping;
/// a text is taken as `bytes × 0.5 em` wide (Latin averages about 0.5 em per character;
/// CJK's 1 em per 3 UTF-8 bytes is less), wrapped into that many lines. Without a row every
/// item counts as present and every text as 20 bytes.
struct EstimatedContent: CellContentSource {
    let row: RowData?
    let fonts: [FontChain]

    func isPresent(_ node: UnsafePointer<CellProgram.Node>, index: Int) -> Bool {
        guard let condition = node.pointee.condition, let row else { return true }
        return row.isPresent(condition)
    }

    private func bytes(_ node: UnsafePointer<CellProgram.Node>) -> Int {
        guard let row else { return 20 }
        switch row[node.pointee.field] {
        case .string(let s)?: return s.utf8.count
        case .number?: return 4
        default: return 0
        }
    }

    private func lineWidth(_ node: UnsafePointer<CellProgram.Node>) -> Double {
        Double(bytes(node)) * 0.5 * fonts[Int(node.pointee.font)].size
    }

    func textHeight(_ node: UnsafePointer<CellProgram.Node>, index: Int, widthPixels: Int, scale: Double) throws -> Int {
        let total = lineWidth(node)
        guard total > 0 else { return 0 }
        var lines = Int((total / max(Double(widthPixels) / scale, 1)).rounded(.up))
        if node.pointee.numberOfLines > 0 { lines = min(lines, node.pointee.numberOfLines) }
        let height = Double(max(lines, 1)) * fonts[Int(node.pointee.font)].metrics.lineHeight
        return PixelRounding.ceil(height, scale: scale)
    }

    func textNaturalWidth(_ node: UnsafePointer<CellProgram.Node>, index: Int, scale: Double) throws -> Int {
        PixelRounding.ceil(lineWidth(node), scale: scale)
    }

    func textBaselines(_ node: UnsafePointer<CellProgram.Node>, index: Int, widthPixels: Int,
                       scale: Double) throws -> (first: Double, last: Double)? { nil }

    func textLayout(_ node: UnsafePointer<CellProgram.Node>, index: Int, widthPixels: Int,
                    scale: Double) throws -> (PreparedText, TextLayout)? { nil }
}

extension UnsafeBufferPointer<SizedText?> {
    /// Runs `body` on the text in slot `index` where it lies, without retaining it (the buffer
    /// holds it for the call), or returns `nil` for an empty slot: a copy would write the text's
    /// reference count, an atomic operation on a line otherwise only read. The one way both
    /// content sources read a text they hold.
    @inline(__always)
    func withText<R>(at index: Int, _ body: (SizedText) throws -> R) rethrows -> R? {
        // An optional class reference and an optional unmanaged one are the same nullable pointer.
        assert(MemoryLayout<SizedText?>.size == MemoryLayout<Unmanaged<SizedText>?>.size)
        let slot = UnsafeRawPointer(baseAddress.unsafelyUnwrapped + index)
        guard let text = slot.load(as: Unmanaged<SizedText>?.self) else { return nil }
        return try text._withUnsafeGuaranteedRef(body)
    }
}
