/// A number or option that cannot be used: NaN, infinite, negative, zero where a size is
/// needed, or a value outside the accepted set.
public struct InvalidArgumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name of the argument, as the caller knows it (`size`, `width`, `numberOfLines`).
    public var argument: String
    /// What the argument must be.
    public var requirement: String
    /// The rejected value, printed.
    public var value: String

    /// Creates an error for `argument` whose `value` does not meet `requirement`.
    public init(argument: String, requirement: String, value: String) {
        self.argument = argument
        self.requirement = requirement
        self.value = value
    }

    /// `"<argument> must be <requirement>, got <value>"`.
    public var description: String { "\(argument) must be \(requirement), got \(value)" }

    static func requirePositiveFinite(_ value: Double, _ name: String) throws {
        guard value.isFinite, value > 0 else {
            throw InvalidArgumentError(argument: name, requirement: "a positive finite number", value: "\(value)")
        }
    }

    /// Accepts +infinity (unlimited) or a finite non-negative number.
    static func requireNonNegativeExtent(_ value: Double, _ name: String) throws {
        guard !value.isNaN, value >= 0 else {
            throw InvalidArgumentError(argument: name, requirement: "a non-negative number (or infinity for no limit)", value: "\(value)")
        }
    }
}
