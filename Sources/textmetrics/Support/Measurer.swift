#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import JSON
import TextJSON
@_spi(Caching) import TextMetrics

/// What the measuring commands keep between requests: the fallback chains they were asked
/// for, resolved to fonts once, and the prepared texts (``PreparedTextCache``), so a text
/// asked again at another width or line limit is laid out without being prepared again.
///
/// Safe to share between the threads that answer a batch.
final class Measurer: Sendable {
    /// The prepared texts: at most ``PreparedTextCache/defaultCapacity`` texts of at most
    /// ``PreparedTextCache/maxCachedLength`` bytes.
    let preparedTexts: PreparedTextCache
    /// Chains by the names (or the `"font"` JSON text), face index and size a request gives;
    /// about `maxChains` kept (a batch asks for a handful).
    private let chains = GenerationalCache<SharedEntry<ChainKey, FontChain>>(capacity: Measurer.maxChains, shards: 4)
    private static let maxChains = 1_024

    private struct ChainKey: CacheKey {
        let names: [String]
        let json: [UInt8]?
        let faceIndex: Int
        let size: Double
        /// The hash of all the above, made once (an array of bytes would hash byte by byte).
        let digest: UInt64

        init(names: [String], json: [UInt8]?, faceIndex: Int, size: Double) {
            self.names = names
            self.json = json
            self.faceIndex = faceIndex
            self.size = size
            var hasher = Hasher()
            hasher.combine(names)
            json?.withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(faceIndex)
            hasher.combine(size)
            digest = UInt64(UInt(bitPattern: hasher.finalize()))
        }

        static func == (lhs: ChainKey, rhs: ChainKey) -> Bool {
            guard lhs.digest == rhs.digest, lhs.faceIndex == rhs.faceIndex, lhs.size == rhs.size,
                  lhs.names == rhs.names else { return false }
            guard let a = lhs.json, let b = rhs.json else { return lhs.json == nil && rhs.json == nil }
            return a.count == b.count && a.withUnsafeBytes { a in b.withUnsafeBytes { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
        }
    }

    init(preparedTextCapacity: Int = PreparedTextCache.defaultCapacity) {
        preparedTexts = PreparedTextCache(capacity: preparedTextCapacity)
    }

    /// The chain `request` names (its `"font"` JSON text when it has one, else its font
    /// names) at its size, the first font at its face index.
    /// - Throws: ``JSONFieldError`` for a `"font"` that names no chain, ``FontError`` or
    ///   ``InvalidArgumentError``.
    func fontChain(_ request: MeasureRequest) throws -> FontChain {
        let key = ChainKey(names: request.fontJSON == nil ? request.fonts : [], json: request.fontJSON,
                           faceIndex: request.faceIndex, size: request.size)
        return try chains.value(for: key) {
            let names = try request.fontJSON.map(Measurer.names) ?? request.fonts
            var fonts = [try Font(named: names[0], faceIndex: request.faceIndex, size: request.size)]
            for name in names.dropFirst() { fonts.append(try Font(named: name, size: request.size)) }
            return try FontChain(fonts)
        }
    }

    /// The chain of bundled fonts or font files `names` at `size` (a span's fonts).
    /// - Throws: ``FontError`` or ``InvalidArgumentError``.
    func fontChain(names: [String], size: Double) throws -> FontChain {
        try chains.value(for: ChainKey(names: names, json: nil, faceIndex: 0, size: size)) {
            try FontChain(named: names, size: size)
        }
    }

    /// The truncation token `description` makes over `style` (the text's own), prepared once
    /// for every request that asks for it (about ``maxTokens`` are kept).
    /// - Throws: ``JSONFieldError`` naming the token's field at fault.
    func truncationToken(_ description: TruncationTokenDescription, style: TextStyle) throws -> TruncationToken {
        try tokens.value(for: TokenKey(description: description, style: style)) {
            try description.token(style: style) { names, size in try fontChain(names: names, size: size) }
        }
    }

    private struct TokenKey: CacheKey, Hashable {
        let description: TruncationTokenDescription
        let style: TextStyle
    }
    private let tokens = GenerationalCache<SharedEntry<TokenKey, TruncationToken>>(capacity: Measurer.maxTokens, shards: 4)
    /// The most tokens kept (a batch asks for a handful).
    static let maxTokens = 256

    /// The font names of a request's `"font"` JSON text.
    private static func names(_ json: [UInt8]) throws -> [String] {
        try json.withUnsafeBufferPointer { json in
            var reader = JSONReader(json)
            do {
                return try RequestFields.fontChain(&reader) ?? [MeasureRequest.defaultFont]
            } catch let error as JSONFieldError {
                throw error.inside("font")
            }
        }
    }
}
