/// A font face at a point size: what text is measured with.
///
/// ```swift
/// let font = try Font(named: "Roboto-Regular", size: 15)
/// font.metrics.lineHeight   // 17.578125
/// ```
///
/// `Font` is a small value; copies share the face and its caches.
public struct Font: Sendable, Hashable {
    /// The face glyphs come from.
    public let face: FontFace
    /// The size in points (points per em).
    public let size: Double
    /// The face's metrics scaled to ``size``.
    public let metrics: ScaledFontMetrics

    /// A font from a loaded face.
    /// - Throws: ``InvalidArgumentError`` when `size` is not a positive finite number.
    public init(face: FontFace, size: Double) throws {
        try InvalidArgumentError.requirePositiveFinite(size, "size")
        self.face = face
        self.size = size
        self.metrics = face.metrics.scaled(toSize: size)
    }

    /// A bundled font by name (`Roboto-Regular`) or any font file by path, at `size` points.
    /// - Throws: ``FontError`` or ``InvalidArgumentError``.
    public init(named nameOrPath: String, faceIndex: Int = 0, size: Double,
                library: FontLibrary = .shared) throws {
        try InvalidArgumentError.requirePositiveFinite(size, "size")
        try self.init(face: library.face(named: nameOrPath, faceIndex: faceIndex), size: size)
    }

    /// Points per font unit at this size.
    var pointsPerUnit: Double { size / Double(face.metrics.unitsPerEm) }

    /// Two fonts are equal when they use the same face instance at the same size.
    public static func == (lhs: Font, rhs: Font) -> Bool {
        lhs.face === rhs.face && lhs.size == rhs.size
    }

    /// Hashes the face's identity and the size.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(face))
        hasher.combine(size)
    }

    /// Folds the face's identity and the size into `digest` (a multiply and a shift each),
    /// equal for equal fonts: for the digest of a cache key made of fonts
    /// (``GenerationalCache``), where a `Hasher` round per font would cost more than the lookup.
    func fold(into digest: inout UInt64) {
        ByteHash.mix(UInt64(UInt(bitPattern: ObjectIdentifier(face))), into: &digest)
        ByteHash.mix((size + 0).bitPattern, into: &digest)  // + 0: −0 and 0 are one size
    }
}

extension [Font] {
    /// The fonts folded in order over `seed` (``Font/fold(into:)``).
    func digest(seed: UInt64) -> UInt64 {
        var digest = seed
        for font in self { font.fold(into: &digest) }
        return digest
    }
}
