import JSON
import TextMetrics

/// A row's content read straight from its fields, with texts from the engine's text cache
/// (prepared on a miss).
struct RowContent: CellContentSource {
    let row: RowData
    /// Unowned: the engine outlives every call it makes, and a retain per row would make
    /// all threads bounce the engine's reference count between cores.
    unowned(unsafe) let engine: CellLayoutEngine
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
        self.engine = engine
        self.labelStyles = labelStyles
        self.texts = texts
    }

    func isPresent(_ node: UnsafePointer<CellProgram.Node>, index: Int) -> Bool {
        guard let condition = node.pointee.condition else { return true }
        return row.isPresent(condition)
    }

    mutating func measured(_ node: UnsafePointer<CellProgram.Node>, index: Int) throws -> SizedText {
        let ordinal = Int(node.pointee.textOrdinal)
        if ordinal < texts.count, let text = texts[ordinal] { return text }
        let text = try engine.measuredText(ofNode: index, in: row)
        if ordinal < texts.count { texts[ordinal] = text }
        return text
    }

    mutating func textHeight(_ node: UnsafePointer<CellProgram.Node>, index: Int, widthPixels: Int, scale: Double) throws -> Int {
        try measured(node, index: index).heightPixels(node, widthPixels: widthPixels, scale: scale,
                                                      token: labelStyles.truncationToken(of: node))
    }

    mutating func textNaturalWidth(_ node: UnsafePointer<CellProgram.Node>, index: Int, scale: Double) throws -> Int {
        PixelRounding.ceil(try measured(node, index: index).naturalWidth, scale: scale)
    }

    mutating func textBaselines(_ node: UnsafePointer<CellProgram.Node>, index: Int, widthPixels: Int,
                                scale: Double) throws -> (first: Double, last: Double)? {
        try measured(node, index: index).baselines(node, widthPixels: widthPixels, scale: scale,
                                                   token: labelStyles.truncationToken(of: node))
    }

    mutating func textLayout(_ node: UnsafePointer<CellProgram.Node>, index: Int, widthPixels: Int,
                             scale: Double) throws -> (PreparedText, TextLayout)? {
        let text = try measured(node, index: index)
        return (text.prepared, try text.layout(node, widthPixels: widthPixels, scale: scale,
                                               token: labelStyles.truncationToken(of: node)))
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
struct PreparedContent: CellContentSource {
    let cell: PreparedCell
    /// The template's label styles (their tokens), in the engine's program
    /// (``CellLayoutEngine/withLabelStyles(_:)``).
    let labelStyles: UnsafeBufferPointer<CellProgram.LabelStyle>

    func isPresent(_ node: UnsafePointer<CellProgram.Node>, index: Int) -> Bool { cell.present[index] }

    func textHeight(_ node: UnsafePointer<CellProgram.Node>, index: Int, widthPixels: Int, scale: Double) throws -> Int {
        guard let text = cell.texts[Int(node.pointee.textOrdinal)] else { return 0 }
        return try text.heightPixels(node, widthPixels: widthPixels, scale: scale,
                                     token: labelStyles.truncationToken(of: node))
    }

    func textNaturalWidth(_ node: UnsafePointer<CellProgram.Node>, index: Int, scale: Double) throws -> Int {
        guard let text = cell.texts[Int(node.pointee.textOrdinal)] else { return 0 }
        return PixelRounding.ceil(text.naturalWidth, scale: scale)
    }

    func textBaselines(_ node: UnsafePointer<CellProgram.Node>, index: Int, widthPixels: Int,
                       scale: Double) throws -> (first: Double, last: Double)? {
        guard let text = cell.texts[Int(node.pointee.textOrdinal)] else { return nil }
        return try text.baselines(node, widthPixels: widthPixels, scale: scale,
                                  token: labelStyles.truncationToken(of: node))
    }

    func textLayout(_ node: UnsafePointer<CellProgram.Node>, index: Int, widthPixels: Int,
                    scale: Double) throws -> (PreparedText, TextLayout)? {
        guard let text = cell.texts[Int(node.pointee.textOrdinal)] else { return nil }
        return (text.prepared, try text.layout(node, widthPixels: widthPixels, scale: scale,
                                               token: labelStyles.truncationToken(of: node)))
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
