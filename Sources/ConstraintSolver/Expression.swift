/// A linear expression: a sum of ``Term``s plus a constant.
///
/// Expressions are plain values built with the arithmetic operators between
/// ``Variable``, ``Term``, `Expression` and `Double`. A variable may appear in
/// several terms; the solver adds their coefficients together.
///
/// ```swift
/// let left = Variable("left"), width = Variable("width")
/// let right: Expression = left + width       // left + width
/// let middle = (left + right) / 2            // left + 0.5·width
/// let inset = right - 8                      // left + width − 8
/// ```
///
/// - Complexity: Adding two expressions concatenates their term lists,
///   O(*n* + *m*); no simplification happens until the solver reads it.
public struct Expression {
    /// The variable terms, in the order they were written.
    public var terms: [Term]
    /// The constant part.
    public var constant: Double

    /// Creates an expression from terms and a constant.
    ///
    /// ```swift
    /// let e = Expression([Term(x, coefficient: 2)], constant: 5) // 2·x + 5
    /// ```
    @inlinable
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Creates the expression `1 · variable`.
    ///
    /// ```swift
    /// let e = Expression(x) // x
    /// ```
    @inlinable
    public init(_ variable: Variable) {
        self.terms = [Term(variable)]
        self.constant = 0
    }

    /// Creates an expression holding a single term.
    ///
    /// ```swift
    /// let e = Expression(Term(x, coefficient: 2)) // 2·x
    /// ```
    @inlinable
    public init(_ term: Term) {
        self.terms = [term]
        self.constant = 0
    }

    /// Creates a constant expression with no variables.
    ///
    /// ```swift
    /// let ten = Expression(constant: 10)
    /// ```
    @inlinable
    public init(constant: Double) {
        self.terms = []
        self.constant = constant
    }

    /// Whether every coefficient and the constant are finite (no NaN, no
    /// infinity). The solver rejects expressions for which this is false.
    ///
    /// - Complexity: O(*n*) in the number of terms.
    public var isFinite: Bool {
        guard constant.isFinite else { return false }
        for term in terms where !term.coefficient.isFinite { return false }
        return true
    }

    /// Evaluates the expression with each variable's current ``Variable/value``.
    ///
    /// ```swift
    /// solver.updateVariables()
    /// let right = (left + width).evaluated()
    /// ```
    ///
    /// - Complexity: O(*n*) in the number of terms.
    public func evaluated() -> Double {
        var sum = constant
        for term in terms { sum += term.coefficient * term.variable.value }
        return sum
    }
}

extension Expression: CustomStringConvertible {
    /// A readable form such as `1.0*x + -1.0*y + 10.0`.
    public var description: String {
        (terms.map(\.description) + ["\(constant)"]).joined(separator: " + ")
    }
}

/// A value that can be used as a linear expression: ``Variable``, ``Term``
/// or ``Expression``.
///
/// This protocol lets the arithmetic and constraint operators accept any
/// mix of the three without an overload for every pair. Do not conform
/// other types to it.
///
/// ```swift
/// func centered<T: LinearExpressionConvertible>(_ a: T, _ b: T) -> Expression {
///     (a + b) / 2
/// }
/// ```
public protocol LinearExpressionConvertible {
    /// The value as an ``Expression``.
    var linearExpression: Expression { get }
}

extension Variable: LinearExpressionConvertible {
    /// `1 · self` as an expression.
    @inlinable
    public var linearExpression: Expression { Expression(self) }
}

extension Term: LinearExpressionConvertible {
    /// The term as a one-term expression.
    @inlinable
    public var linearExpression: Expression { Expression(self) }
}

extension Expression: LinearExpressionConvertible {
    /// The expression itself.
    @inlinable
    public var linearExpression: Expression { self }
}
