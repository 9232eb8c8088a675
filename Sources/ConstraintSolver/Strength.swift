/// How strongly the solver tries to satisfy a constraint.
///
/// A ``required`` constraint must hold exactly; adding one that cannot hold
/// throws ``SolverError/unsatisfiableConstraint(_:)``. Every other strength
/// is a positive *weight*: the solver minimises the sum over non-required
/// constraints of weight × violation (the distance by which an equality
/// misses, or by which an inequality is exceeded).
///
/// ## Auto Layout priorities
///
/// ``init(priority:)`` maps Auto Layout priorities 1…1000 onto strengths:
/// 1000 is ``required``, and a priority *p* below 1000 gets the weight
///
///     weight(p) = 10^((p − 500) / 100)
///
/// so every 100 points of priority multiply the weight by 10. The standard
/// levels are therefore far apart: 999 outweighs 750 by a factor of about
/// 300, 750 outweighs 250 by 100 000, and 250 outweighs 50 by 100. A
/// higher-priority constraint wins against any realistic number of
/// conflicting lower-priority ones at these levels, which is how Auto Layout
/// users expect priorities to behave. (Priorities only a few points apart
/// differ by a few percent, so several of them can outweigh one slightly
/// higher; keep distinct levels well apart, as UIKit's constants are.)
///
/// The scale is centred on 500 (weight 1) instead of using `10^(p/100)`:
/// the ratios are identical, but all weights stay within 10⁻⁵…10⁵, which
/// keeps round-off in the solver's objective far below its 10⁻⁸ tolerance.
///
/// ```swift
/// let hug = (height |==| 20).withStrength(.defaultLow)   // priority 250
/// let fit = (height |==| 0).priority(50)                 // fitting size
/// let pin = left |==| 0                                  // required
/// ```
public struct Strength: Sendable, Hashable, Comparable {
    /// The objective weight; `.infinity` for ``required``.
    public let weight: Double

    /// Creates a non-required strength with an explicit objective weight.
    ///
    /// - Precondition: `weight` is finite and greater than zero.
    ///
    /// ```swift
    /// let custom = Strength(weight: 2.5)
    /// ```
    public init(weight: Double) {
        precondition(weight.isFinite && weight > 0, "a non-required strength needs a finite positive weight")
        self.weight = weight
    }

    private init(requiredMarker: Void) {
        self.weight = .infinity
    }

    /// Creates the strength for an Auto Layout priority.
    ///
    /// Priorities are clamped to 1…1000; 1000 (or more) is ``required``, and
    /// lower priorities get the weight `10^((priority − 500) / 100)` described
    /// in the type's discussion.
    ///
    /// - Precondition: `priority` is not NaN.
    ///
    /// ```swift
    /// Strength(priority: 1000) == .required      // true
    /// Strength(priority: 750) == .defaultHigh    // true
    /// ```
    public init(priority: Float) {
        precondition(!priority.isNaN, "priority must not be NaN")
        if priority >= 1000 {
            self.weight = .infinity
        } else {
            let clamped = Double(Swift.max(priority, 1))
            self.weight = Strength.power10((clamped - 500) / 100)
        }
    }

    /// Whether the constraint must hold exactly.
    public var isRequired: Bool { weight == .infinity }

    /// The Auto Layout priority this strength corresponds to: 1000 for
    /// ``required``, otherwise `500 + 100 · log10(weight)` (which may fall
    /// outside 1…999 for strengths made with ``init(weight:)``).
    public var priority: Double {
        isRequired ? 1000 : 500 + 100 * Strength.log10(weight)
    }

    /// The strength of constraints that must hold (priority 1000).
    public static let required = Strength(requiredMarker: ())
    /// Priority 750, Auto Layout's default compression resistance.
    public static let defaultHigh = Strength(priority: 750)
    /// Priority 500, weight 1.
    public static let medium = Strength(priority: 500)
    /// Priority 250, Auto Layout's default content hugging.
    public static let defaultLow = Strength(priority: 250)
    /// Priority 50, the level at which Auto Layout computes a fitting size.
    public static let fittingSizeLevel = Strength(priority: 50)
    /// Priority 800 (weight 1000): kiwi's "strong", 1000 × ``medium``.
    public static let strong = Strength(priority: 800)
    /// Priority 200 (weight 1/1000): kiwi's "weak", ``medium`` / 1000.
    public static let weak = Strength(priority: 200)

    /// Orders strengths by weight; ``required`` is the greatest.
    public static func < (lhs: Strength, rhs: Strength) -> Bool {
        lhs.weight < rhs.weight
    }

    // Foundation-free 10^x and log10 for the priority mapping.
    private static func power10(_ exponent: Double) -> Double {
        // exp(x · ln 10) via exp's Taylor series on a reduced argument.
        let x = exponent * 2.302585092994046
        let q = x / 0.6931471805599453
        let k = Double(Int(q + (q >= 0 ? 0.5 : -0.5)))  // round without libm
        let r = x - k * 0.6931471805599453
        var term = 1.0, sum = 1.0
        for n in 1...20 {
            term *= r / Double(n)
            sum += term
        }
        return sum * pow2(Int(k))
    }

    private static func pow2(_ k: Int) -> Double {
        Double(sign: .plus, exponent: k, significand: 1)
    }

    private static func log10(_ value: Double) -> Double {
        // ln(m · 2^e) = ln m + e ln 2 with m in [1, 2); ln m by atanh series.
        let e = value.exponent
        let m = value.significand
        let y = (m - 1) / (m + 1)
        let y2 = y * y
        var term = y, sum = 0.0
        var n = 1.0
        for _ in 0..<30 {
            sum += term / n
            term *= y2
            n += 2
        }
        let ln = 2 * sum + Double(e) * 0.6931471805599453
        return ln / 2.302585092994046
    }
}

extension Strength: CustomStringConvertible {
    /// `required` or `priority(p)`.
    public var description: String {
        isRequired ? "required" : "priority(\(priority))"
    }
}
