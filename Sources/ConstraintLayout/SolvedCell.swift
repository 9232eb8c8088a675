import TextMetrics
import CellLayout

/// A cell laid out by the constraint solver: its height and every present item's frame,
/// read back from the solver on the pixel grid — comparable item by item with the frame
/// fast path's ``CellLayout``.
///
/// ```swift
/// let compiler = try TemplateConstraintCompiler(template)
/// let solved = try compiler.solve(row)
/// let fast = try CellLayoutEngine(template).layout(for: row)
/// solved.differences(from: fast)     // [] — the same frames, pixel for pixel
/// ```
public struct SolvedCell: Sendable, CustomStringConvertible {
    /// The cell's width in points (on the grid).
    public var width: Double
    /// The cell's height in points, separator included.
    public var height: Double
    /// Pixels per point.
    public var scale: Double
    /// The content area inside the cell's insets.
    public var contentFrame: Rect
    /// The separator's rectangle at the bottom (empty height when none).
    public var separatorFrame: Rect
    /// Every present item, parents before children, siblings in template order.
    public var items: [Item]

    /// One solved item.
    public struct Item: Sendable, Hashable {
        /// The item's path in the template (`root.column.items[1].text`).
        public var path: String
        /// What the item is.
        public var kind: CellItem.Kind
        /// Depth in the tree: 0 for the root.
        public var depth: Int
        /// The item's box, insets included.
        public var frame: Rect
        /// The box inside the item's insets.
        public var contentFrame: Rect

        /// Creates an item.
        public init(path: String, kind: CellItem.Kind, depth: Int, frame: Rect, contentFrame: Rect) {
            self.path = path
            self.kind = kind
            self.depth = depth
            self.frame = frame
            self.contentFrame = contentFrame
        }
    }

    /// Creates a solved cell from its parts.
    public init(width: Double, height: Double, scale: Double, contentFrame: Rect, separatorFrame: Rect, items: [Item]) {
        self.width = width
        self.height = height
        self.scale = scale
        self.contentFrame = contentFrame
        self.separatorFrame = separatorFrame
        self.items = items
    }

    /// Where this solution and the fast path's `layout` differ, one line each (empty when they
    /// agree): the height, the content and separator frames, and every item's path, kind,
    /// frame and content frame.
    ///
    /// - Complexity: O(items).
    public func differences(from layout: CellLayout) -> [String] {
        var out: [String] = []
        if height != layout.height { out.append("height: solver \(height), fast path \(layout.height)") }
        if contentFrame != layout.contentFrame {
            out.append("content: solver \(contentFrame), fast path \(layout.contentFrame)")
        }
        if separatorFrame != layout.separatorFrame {
            out.append("separator: solver \(separatorFrame), fast path \(layout.separatorFrame)")
        }
        if items.count != layout.items.count {
            out.append("items: solver has \(items.count), fast path \(layout.items.count)")
        }
        for (mine, theirs) in zip(items, layout.items) {
            if mine.path != theirs.path || mine.kind != theirs.kind {
                out.append("item order: solver \(mine.path), fast path \(theirs.path)")
                break
            }
            if mine.frame != theirs.frame {
                out.append("\(mine.path): solver \(mine.frame), fast path \(theirs.frame)")
            } else if mine.contentFrame != theirs.contentFrame {
                out.append("\(mine.path) content: solver \(mine.contentFrame), fast path \(theirs.contentFrame)")
            }
        }
        return out
    }

    /// Whether every frame and the height equal the fast path's `layout` exactly.
    public func matches(_ layout: CellLayout) -> Bool { differences(from: layout).isEmpty }

    /// The item at `path`, if present.
    public func item(at path: String) -> Item? { items.first { $0.path == path } }

    /// `height 86.5: root.column (8.0, 8.0, 359.0 × 70.5); …`.
    public var description: String {
        "height \(height): " + items.map { "\($0.path) \($0.frame)" }.joined(separator: "; ")
    }
}
