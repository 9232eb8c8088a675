import TextMetrics

/// An 8-bit RGBA color (straight, not premultiplied, alpha): the library's ``TextColor`` — the
/// color a range of text carries is the color it is drawn in — with what drawing adds.
public typealias Color = TextColor

extension TextColor {
    /// A color from `0xRRGGBB`, opaque.
    public init(rgb: UInt32) {
        self.init(red: UInt8((rgb >> 16) & 0xFF), green: UInt8((rgb >> 8) & 0xFF), blue: UInt8(rgb & 0xFF))
    }

    /// Opaque white.
    public static let white = Color(rgb: 0xFFFFFF)
    /// Opaque black.
    public static let black = Color(rgb: 0x000000)

    /// The mean of the red, green and blue components: 0 for black, 255 for white.
    public var brightness: Int { (Int(red) + Int(green) + Int(blue)) / 3 }
}
