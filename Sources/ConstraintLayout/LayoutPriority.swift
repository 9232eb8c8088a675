import ConstraintSolver

/// How much a layout constraint matters, on Auto Layout's scale of 1…1000.
///
/// 1000 (``required``) must hold; anything lower is a preference the engine satisfies as well
/// as it can, higher priorities first. A priority becomes a solver ``Strength`` with the weight
/// `10^((p − 500) / 100)`, so every 100 points multiply the weight by ten: a 999 beats any
/// realistic number of 750s, and a 750 any number of 250s.
///
/// ```swift
/// let pin = label.leading.constraint(equalTo: cell.leading, constant: 16)   // required
/// let soft = label.width.constraint(equalToConstant: 120)
/// soft.priority = .defaultLow
/// label.setContentCompressionResistancePriority(LayoutPriority(749), for: .horizontal)
/// ```
public struct LayoutPriority: Hashable, Comparable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    /// The priority value, clamped to 1…1000.
    public let rawValue: Float

    /// A priority of `rawValue`, clamped to 1…1000.
    /// - Precondition: `rawValue` is not NaN.
    public init(_ rawValue: Float) {
        precondition(!rawValue.isNaN, "a layout priority must not be NaN")
        self.rawValue = min(1000, max(1, rawValue))
    }

    /// A priority from a literal such as `750`.
    public init(integerLiteral value: Int) { self.init(Float(value)) }

    /// A priority from a literal such as `749.5`.
    public init(floatLiteral value: Float) { self.init(value) }

    /// 1000: the constraint must hold.
    public static let required = LayoutPriority(1000)
    /// 750: the default compression resistance.
    public static let defaultHigh = LayoutPriority(750)
    /// 250: the default content hugging.
    public static let defaultLow = LayoutPriority(250)
    /// 50: the level at which a fitting size is computed (``LayoutEngine/systemLayoutSizeFitting(width:)``
    /// minimizes the container's height at this priority).
    public static let fittingSizeLevel = LayoutPriority(50)

    /// Whether this is ``required``.
    public var isRequired: Bool { rawValue >= 1000 }

    /// The solver strength for this priority.
    public var strength: Strength { Strength(priority: rawValue) }

    /// Orders by value.
    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `required`, or the number (`750`, `749.5`).
    public var description: String {
        if isRequired { return "required" }
        return rawValue == rawValue.rounded() ? String(Int(rawValue)) : "\(rawValue)"
    }
}
