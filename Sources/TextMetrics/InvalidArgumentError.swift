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

    /// The largest number of points (either way) a text of several styles takes anywhere — a
    /// size, a letter spacing, an attachment's width, a paragraph style's value: its widths and
    /// indents are whole layout units of 64 bits.
    static let maxPoints = 1_000_000.0

    /// Accepts a finite number of points within ±``maxPoints`` (0 or more unless
    /// `negativeAllowed`). The value's `name` is made only for the error (a paragraph style's
    /// `tabStops[i]`, checked for every text prepared with the style).
    static func requirePoints(_ value: Double, _ name: @autoclosure () -> String, negativeAllowed: Bool) throws {
        guard abs(value) <= maxPoints, negativeAllowed || value >= 0 else {
            throw InvalidArgumentError(argument: name(),
                                       requirement: (negativeAllowed ? "a finite number" : "a finite number, 0 or more")
                                           + ", at most \(maxPoints) either way",
                                       value: "\(value)")
        }
    }

    /// Accepts +infinity (unlimited) or a finite non-negative number.
    static func requireNonNegativeExtent(_ value: Double, _ name: String) throws {
        guard !value.isNaN, value >= 0 else {
            throw InvalidArgumentError(argument: name, requirement: "a non-negative number (or infinity for no limit)", value: "\(value)")
        }
    }
}
