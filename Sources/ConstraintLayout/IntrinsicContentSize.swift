/// The size a view wants from its content alone, per axis, as `intrinsicContentSize`.
///
/// A `nil` dimension is `UIView.noIntrinsicMetric`: that axis gets no content constraints.
/// A known dimension `d` becomes two inequalities on the item's extent `e` on that axis:
///
///     e <= d   at the item's content hugging priority           (don't grow beyond the content)
///     e >= d   at the item's compression resistance priority    (don't clip the content)
///
/// with the defaults 250 and 750 as on iOS. Changing the size later only changes the
/// constants of those two constraints, which the engine does incrementally.
///
/// ```swift
/// avatarView.intrinsicContentSize = IntrinsicContentSize(width: 50, height: 50)
/// spacer.intrinsicContentSize = IntrinsicContentSize(width: nil, height: 8)
/// ```
public struct IntrinsicContentSize: Hashable, Sendable {
    /// The width the content needs, in points, or `nil` for none.
    public var width: Double?
    /// The height the content needs, in points, or `nil` for none.
    public var height: Double?

    /// A size with both, either or neither dimension.
    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    /// No intrinsic size on either axis.
    public static let none = IntrinsicContentSize(width: nil, height: nil)

    /// The dimension on `axis`.
    public subscript(axis: LayoutAxis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
}

/// Per-axis content priorities of an item: how strongly it hugs its content and resists
/// compression (``LayoutItem/setContentHuggingPriority(_:for:)``).
///
/// ```swift
/// var priorities = ContentPriorities()
/// priorities.hugging.horizontal        // 250
/// priorities.compressionResistance.vertical   // 750
/// ```
public struct ContentPriorities: Hashable, Sendable {
    /// A priority for each axis.
    public struct PerAxis: Hashable, Sendable {
        /// The horizontal priority.
        public var horizontal: LayoutPriority
        /// The vertical priority.
        public var vertical: LayoutPriority

        /// The priority on `axis`.
        public subscript(axis: LayoutAxis) -> LayoutPriority {
            get { axis == .horizontal ? horizontal : vertical }
            set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
        }
    }

    /// Content hugging: 250 on both axes by default.
    public var hugging = PerAxis(horizontal: .defaultLow, vertical: .defaultLow)
    /// Compression resistance: 750 on both axes by default.
    public var compressionResistance = PerAxis(horizontal: .defaultHigh, vertical: .defaultHigh)

    /// The iOS defaults.
    public init() {}
}
