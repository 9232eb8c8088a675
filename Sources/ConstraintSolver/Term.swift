/// A variable multiplied by a constant coefficient, such as `2 * x`.
///
/// Terms are plain values. They are usually produced by the arithmetic
/// operators (`x * 2`, `0.5 * x`, `-x`) rather than built directly, and
/// they combine into an ``Expression``.
///
/// ```swift
/// let x = Variable("x")
/// let t = Term(x, coefficient: 3)   // 3·x
/// let e = t + 1                     // Expression 3·x + 1
/// ```
public struct Term {
    /// The variable being scaled.
    public var variable: Variable
    /// The factor applied to ``variable``.
    public var coefficient: Double

    /// Creates the term `coefficient · variable`.
    ///
    /// ```swift
    /// let half = Term(x, coefficient: 0.5)
    /// ```
    @inlinable
    public init(_ variable: Variable, coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

extension Term: CustomStringConvertible {
    /// A readable form such as `2.0*x`.
    public var description: String { "\(coefficient)*\(variable)" }
}
