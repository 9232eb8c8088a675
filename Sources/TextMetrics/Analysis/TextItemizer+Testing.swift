/// The itemizer's test-only entry point: the general path alone, which the lanes must agree with.
extension TextItemizer {
    /// The runs of `bytes` in `fonts` found with the lanes closed: every cluster through the
    /// general path (``FontFallback/Cluster``, ``FontFallback/choose(_:chain:current:)``).
    static func runsByGeneralPath(of bytes: UnsafeBufferPointer<UInt8>, fonts: FontChain) -> [TextRun] {
        runs(of: bytes, fonts: fonts, ClosedLanes.self)
    }
}

/// The lanes closed: every cluster takes the general path (for the tests).
enum ClosedLanes: ItemizingLanes {
    static var areOpen: Bool { false }
}
