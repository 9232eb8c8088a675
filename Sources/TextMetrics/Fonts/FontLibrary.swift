
/// Loads each font face once and shares it: the process-wide registry of faces.
///
/// Faces are keyed by (path, face index); bundled fonts may be named by file name without
/// extension (see ``BundledFonts``). Loading is synchronized, so many threads may ask for
/// the same face at once and all get the same instance.
public final class FontLibrary: Sendable {
    /// The library shared by the whole process.
    public static let shared = FontLibrary()

    private let faces = Lock<[FaceKey: FontFace]>([:])

    private struct FaceKey: Hashable {
        var path: String
        var index: Int
    }

    /// Creates an empty library. Most code uses ``shared``.
    public init() {}

    /// The face for a bundled font name or a file path, loading it on first use.
    ///
    /// A name without a `/` that matches a bundled font (`Roboto-Regular`, `wqy-microhei`)
    /// resolves to the bundled file; anything else is taken as a path.
    /// - Throws: ``FontError``.
    public func face(named nameOrPath: String, faceIndex: Int = 0) throws -> FontFace {
        try face(path: BundledFonts.path(named: nameOrPath) ?? nameOrPath, faceIndex: faceIndex)
    }

    /// The face at `path`, loading it on first use.
    /// - Throws: ``FontError``.
    public func face(path: String, faceIndex: Int = 0) throws -> FontFace {
        let key = FaceKey(path: path, index: faceIndex)
        if let face = faces.withLock({ $0[key] }) { return face }
        // Load outside the lock: loading a 10 MB emoji font must not stall other lookups.
        // Two threads may load the same face at once; the first one stored wins.
        let loaded = try FontFace(path: path, faceIndex: faceIndex)
        return faces.withLock { table in
            if let existing = table[key] { return existing }
            table[key] = loaded
            return loaded
        }
    }
}
