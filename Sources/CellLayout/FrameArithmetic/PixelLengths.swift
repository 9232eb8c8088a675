import TextMetrics

/// A node's template lengths in whole pixels at one scale, worked out once per template and
/// scale instead of once per row: the frame arithmetic then adds integers only.
package struct PixelLengths: Sendable {
    /// The insets, in pixels.
    package var top = 0, left = 0, bottom = 0, right = 0
    /// The least box height, in pixels.
    package var minHeight = 0
    /// A stack's spacing, in pixels.
    package var spacing = 0
    /// A box's own height, or −1 (a ratio-only box, or not a box).
    package var boxHeight = -1
    /// A box's own width, insets included (from `width`, or from `height` × ratio), or −1.
    package var fixedWidth = -1

    /// The lengths of every node of `program` at `scale` pixels per point.
    package static func of(_ program: CellProgram, scale: Double) -> [PixelLengths] {
        func px(_ points: Double) -> Int { PixelRounding.nearest(points * scale) }
        return program.nodes.map { node in
            var lengths = PixelLengths(top: px(node.insets.top), left: px(node.insets.left),
                                       bottom: px(node.insets.bottom), right: px(node.insets.right),
                                       minHeight: px(node.minHeight), spacing: px(node.spacing))
            guard node.kind == .box else { return lengths }
            if let height = node.boxHeight { lengths.boxHeight = px(height) }
            if let width = node.boxWidth {
                lengths.fixedWidth = px(width) + lengths.left + lengths.right
            } else if lengths.boxHeight >= 0, let ratio = node.aspectRatio {
                lengths.fixedWidth = Int((Double(lengths.boxHeight) * ratio).rounded()) + lengths.left + lengths.right
            }
            return lengths
        }
    }
}
