import ConstraintSolver

/// One edge, center or dimension of a ``LayoutItem``, from which constraints are made,
/// as `NSLayoutAnchor`.
///
/// Positions relate to positions on the same axis (`leading`, `trailing` and `centerX`
/// together; `top`, `bottom`, `centerY` together), and dimensions to dimensions (a width
/// may relate to a height — an aspect ratio). Every relation reads
/// `first (relation) second × multiplier + constant`.
///
/// ```swift
/// title.top.constraint(equalTo: avatar.bottom, constant: 8)
/// image.height.constraint(equalTo: image.width, multiplier: 1 / 1.75)
/// label.width.constraint(lessThanOrEqualToConstant: 200)
/// ```
public struct LayoutAnchor: CustomStringConvertible {
    /// The item the anchor belongs to.
    public let item: LayoutItem
    /// Which edge, center or dimension.
    public let attribute: Attribute

    /// The edges, centers and dimensions of an item.
    public enum Attribute: String, Hashable, Sendable, CaseIterable {
        /// The left edge.
        case leading
        /// The right edge.
        case trailing
        /// The top edge.
        case top
        /// The bottom edge.
        case bottom
        /// The width.
        case width
        /// The height.
        case height
        /// The horizontal center.
        case centerX
        /// The vertical center.
        case centerY
        /// The first baseline: a label's first line's, or an item's offset set by
        /// ``LayoutItem/setBaselineOffsets(first:last:)``; the bottom of any other item.
        case firstBaseline
        /// The last baseline, likewise.
        case lastBaseline

        /// What can be related to what: x positions, y positions, dimensions.
        enum Family { case x, y, dimension }

        var family: Family {
            switch self {
            case .leading, .trailing, .centerX: return .x
            case .top, .bottom, .centerY, .firstBaseline, .lastBaseline: return .y
            case .width, .height: return .dimension
            }
        }

        /// The axis the attribute measures along.
        public var axis: LayoutAxis {
            switch self {
            case .leading, .trailing, .centerX, .width: return .horizontal
            case .top, .bottom, .centerY, .height, .firstBaseline, .lastBaseline: return .vertical
            }
        }
    }

    /// The anchor's value as a linear expression over the item's variables.
    var expression: Expression {
        switch attribute {
        case .leading: return Expression(item.left)
        case .trailing: return item.left + item.widthVariable
        case .centerX: return item.left + item.widthVariable * 0.5
        case .top: return Expression(item.topEdge)
        case .bottom: return item.topEdge + item.heightVariable
        case .centerY: return item.topEdge + item.heightVariable * 0.5
        case .firstBaseline: return item.baselineExpression(first: true)
        case .lastBaseline: return item.baselineExpression(first: false)
        case .width: return Expression(item.widthVariable)
        case .height: return Expression(item.heightVariable)
        }
    }

    /// `item.attribute`, e.g. `avatar.bottom`.
    public var description: String { "\(item.name).\(attribute.rawValue)" }

    // MARK: - Anchor to anchor

    /// `self == other + constant`.
    /// - Precondition: both anchors are of the same family (x, y, or dimension).
    public func constraint(equalTo other: LayoutAnchor, constant: Double = 0) -> LayoutConstraint {
        make(.equal, other, 1, constant)
    }

    /// `self >= other + constant`.
    /// - Precondition: both anchors are of the same family.
    public func constraint(greaterThanOrEqualTo other: LayoutAnchor, constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, other, 1, constant)
    }

    /// `self <= other + constant`.
    /// - Precondition: both anchors are of the same family.
    public func constraint(lessThanOrEqualTo other: LayoutAnchor, constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, other, 1, constant)
    }

    /// `self == other × multiplier + constant` (proportional widths, aspect ratios).
    /// - Precondition: both anchors are dimensions.
    public func constraint(equalTo other: LayoutAnchor, multiplier: Double, constant: Double = 0) -> LayoutConstraint {
        precondition(attribute.family == .dimension && other.attribute.family == .dimension,
                     "multipliers relate dimensions (\(self) to \(other))")
        return make(.equal, other, multiplier, constant)
    }

    /// `self >= other × multiplier + constant`.
    /// - Precondition: both anchors are dimensions.
    public func constraint(greaterThanOrEqualTo other: LayoutAnchor, multiplier: Double,
                           constant: Double = 0) -> LayoutConstraint {
        precondition(attribute.family == .dimension && other.attribute.family == .dimension,
                     "multipliers relate dimensions (\(self) to \(other))")
        return make(.greaterThanOrEqual, other, multiplier, constant)
    }

    /// `self <= other × multiplier + constant`.
    /// - Precondition: both anchors are dimensions.
    public func constraint(lessThanOrEqualTo other: LayoutAnchor, multiplier: Double,
                           constant: Double = 0) -> LayoutConstraint {
        precondition(attribute.family == .dimension && other.attribute.family == .dimension,
                     "multipliers relate dimensions (\(self) to \(other))")
        return make(.lessThanOrEqual, other, multiplier, constant)
    }

    // MARK: - Anchor to constant

    /// `self == constant` (a dimension).
    /// - Precondition: the anchor is a dimension.
    public func constraint(equalToConstant constant: Double) -> LayoutConstraint {
        makeConstant(.equal, constant)
    }

    /// `self >= constant` (a dimension).
    /// - Precondition: the anchor is a dimension.
    public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        makeConstant(.greaterThanOrEqual, constant)
    }

    /// `self <= constant` (a dimension).
    /// - Precondition: the anchor is a dimension.
    public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        makeConstant(.lessThanOrEqual, constant)
    }

    private func make(_ relation: Relation, _ other: LayoutAnchor, _ multiplier: Double, _ constant: Double) -> LayoutConstraint {
        precondition(attribute.family == other.attribute.family,
                     "cannot relate \(self) to \(other): positions relate to positions on the same axis, dimensions to dimensions")
        return LayoutConstraint(first: self, relation: relation, second: other, multiplier: multiplier, constant: constant)
    }

    private func makeConstant(_ relation: Relation, _ constant: Double) -> LayoutConstraint {
        precondition(attribute.family == .dimension, "only a dimension can equal a constant (\(self))")
        return LayoutConstraint(first: self, relation: relation, second: nil, multiplier: 0, constant: constant)
    }
}
