/// A color carried with a range of text for whoever draws it (8-bit sRGB components and
/// alpha). Never changes a measure.
public struct TextColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8
    /// Alpha, 0 (transparent) to 255 (opaque).
    public var alpha: UInt8

    /// A color of these components.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The color written `#RRGGBB` or `#RRGGBBAA`, or `nil` when `hex` is not one.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let rgba = digits.count == 6 ? value << 8 | 0xFF : value
        self.init(red: UInt8(rgba >> 24), green: UInt8(rgba >> 16 & 0xFF), blue: UInt8(rgba >> 8 & 0xFF),
                  alpha: UInt8(rgba & 0xFF))
    }

    /// `#RRGGBBAA`.
    public var description: String {
        "#" + [red, green, blue, alpha].map { $0 < 16 ? "0" + String($0, radix: 16, uppercase: true)
                                                    : String($0, radix: 16, uppercase: true) }.joined()
    }
}
