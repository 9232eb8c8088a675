// Arithmetic between Variable, Term, Expression and Double.
//
// Sums and differences always produce an Expression; scaling a Variable or
// a Term produces a Term, scaling an Expression produces an Expression.

// MARK: Sums

/// Adds two linear values (variables, terms or expressions).
///
/// ```swift
/// let right = left + width           // Variable + Variable
/// let e = 2 * x + y * 3              // Term + Term
/// ```
///
/// - Complexity: O(*n* + *m*) in the number of terms.
@inlinable
public func + <L: LinearExpressionConvertible, R: LinearExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    combine(lhs, rhs, sign: 1)
}

/// Adds a constant to a linear value.
///
/// ```swift
/// let inset = left + 8
/// ```
@inlinable
public func + <L: LinearExpressionConvertible>(lhs: L, rhs: Double) -> Expression {
    var result = lhs.linearExpression
    result.constant += rhs
    return result
}

/// Adds a linear value to a constant.
///
/// ```swift
/// let inset = 8 + left
/// ```
@inlinable
public func + <R: LinearExpressionConvertible>(lhs: Double, rhs: R) -> Expression {
    var result = rhs.linearExpression
    result.constant += lhs
    return result
}

// MARK: Differences

/// Subtracts one linear value from another.
///
/// ```swift
/// let width = right - left
/// ```
///
/// - Complexity: O(*n* + *m*) in the number of terms.
@inlinable
public func - <L: LinearExpressionConvertible, R: LinearExpressionConvertible>(lhs: L, rhs: R) -> Expression {
    combine(lhs, rhs, sign: -1)
}

/// Subtracts a constant from a linear value.
///
/// ```swift
/// let inset = right - 8
/// ```
@inlinable
public func - <L: LinearExpressionConvertible>(lhs: L, rhs: Double) -> Expression {
    var result = lhs.linearExpression
    result.constant -= rhs
    return result
}

/// Subtracts a linear value from a constant.
///
/// ```swift
/// let remaining = 100 - width
/// ```
///
/// - Complexity: O(*n*) in the number of terms.
@inlinable
public func - <R: LinearExpressionConvertible>(lhs: Double, rhs: R) -> Expression {
    var result = -rhs.linearExpression
    result.constant += lhs
    return result
}

// MARK: Negation

/// Negates a variable, giving the term `-1 · variable`.
///
/// ```swift
/// let t = -x
/// ```
@inlinable
public prefix func - (operand: Variable) -> Term {
    Term(operand, coefficient: -1)
}

/// Negates a term's coefficient.
///
/// ```swift
/// let t = -(2 * x) // -2·x
/// ```
@inlinable
public prefix func - (operand: Term) -> Term {
    Term(operand.variable, coefficient: -operand.coefficient)
}

/// Negates every coefficient and the constant of an expression.
///
/// ```swift
/// let e = -(x + 1) // -x − 1
/// ```
///
/// - Complexity: O(*n*) in the number of terms.
@inlinable
public prefix func - (operand: Expression) -> Expression {
    operand * -1
}

// MARK: Scaling

/// Scales a variable, giving a term.
///
/// ```swift
/// let t = x * 2
/// ```
@inlinable
public func * (lhs: Variable, rhs: Double) -> Term {
    Term(lhs, coefficient: rhs)
}

/// Scales a variable, giving a term.
///
/// ```swift
/// let t = 2 * x
/// ```
@inlinable
public func * (lhs: Double, rhs: Variable) -> Term {
    Term(rhs, coefficient: lhs)
}

/// Scales a term's coefficient.
///
/// ```swift
/// let t = (x * 2) * 3 // 6·x
/// ```
@inlinable
public func * (lhs: Term, rhs: Double) -> Term {
    Term(lhs.variable, coefficient: lhs.coefficient * rhs)
}

/// Scales a term's coefficient.
///
/// ```swift
/// let t = 3 * (x * 2) // 6·x
/// ```
@inlinable
public func * (lhs: Double, rhs: Term) -> Term {
    Term(rhs.variable, coefficient: rhs.coefficient * lhs)
}

/// Scales every coefficient and the constant of an expression.
///
/// ```swift
/// let e = (x + 1) * 2 // 2·x + 2
/// ```
///
/// - Complexity: O(*n*) in the number of terms.
@inlinable
public func * (lhs: Expression, rhs: Double) -> Expression {
    var result = lhs
    for index in result.terms.indices { result.terms[index].coefficient *= rhs }
    result.constant *= rhs
    return result
}

/// Scales every coefficient and the constant of an expression.
///
/// ```swift
/// let e = 2 * (x + 1) // 2·x + 2
/// ```
///
/// - Complexity: O(*n*) in the number of terms.
@inlinable
public func * (lhs: Double, rhs: Expression) -> Expression {
    rhs * lhs
}

/// Divides a variable by a constant, giving a term.
///
/// ```swift
/// let half = x / 2 // 0.5·x
/// ```
@inlinable
public func / (lhs: Variable, rhs: Double) -> Term {
    Term(lhs, coefficient: 1 / rhs)
}

/// Divides a term's coefficient by a constant.
///
/// ```swift
/// let t = (x * 3) / 2 // 1.5·x
/// ```
@inlinable
public func / (lhs: Term, rhs: Double) -> Term {
    Term(lhs.variable, coefficient: lhs.coefficient / rhs)
}

/// Divides every coefficient and the constant of an expression.
///
/// Dividing by zero yields infinite coefficients, which the solver rejects
/// with ``SolverError/nonFiniteConstraint(_:)``.
///
/// ```swift
/// let middle = (left + right) / 2
/// ```
///
/// - Complexity: O(*n*) in the number of terms.
@inlinable
public func / (lhs: Expression, rhs: Double) -> Expression {
    var result = lhs
    for index in result.terms.indices { result.terms[index].coefficient /= rhs }
    result.constant /= rhs
    return result
}

// MARK: Building sums

/// `lhs + sign · rhs` in one array of exactly the terms' number: building a constraint
/// allocates once per expression, whatever mix of variables, terms and expressions it sums.
@inlinable
func combine<L: LinearExpressionConvertible, R: LinearExpressionConvertible>(_ lhs: L, _ rhs: R,
                                                                             sign: Double) -> Expression {
    var terms: [Term] = []
    terms.reserveCapacity(termCount(lhs) + termCount(rhs))
    let constant = appendTerms(of: lhs, scaledBy: 1, to: &terms) + appendTerms(of: rhs, scaledBy: sign, to: &terms)
    return Expression(terms, constant: constant)
}

/// The number of terms `value` contributes (the casts fold away once specialised).
@inlinable
func termCount<T: LinearExpressionConvertible>(_ value: T) -> Int {
    if value is Variable || value is Term { return 1 }
    return value.linearExpression.terms.count
}

/// Appends `scale ·` the terms of `value` to `terms`; returns `scale ·` its constant.
@inlinable
func appendTerms<T: LinearExpressionConvertible>(of value: T, scaledBy scale: Double, to terms: inout [Term]) -> Double {
    if let variable = value as? Variable {
        terms.append(Term(variable, coefficient: scale))
        return 0
    }
    if let term = value as? Term {
        terms.append(Term(term.variable, coefficient: scale * term.coefficient))
        return 0
    }
    let expression = value.linearExpression
    for term in expression.terms {
        terms.append(Term(term.variable, coefficient: scale * term.coefficient))
    }
    return scale * expression.constant
}
