import CellLayout

/// Comparing a cell the solver laid out with the frame fast path's layout of the same row.
extension CellLayout {
    /// Where this layout (the solver's) and the fast path's `layout` differ, one line each (empty when they
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
}
