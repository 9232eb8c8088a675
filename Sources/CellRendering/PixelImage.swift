/// A bitmap of RGBA pixels (8 bits per component, straight alpha), row after row from the top.
public struct PixelImage: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha for each pixel.
    public var bytes: [UInt8]

    /// An image of `width × height` pixels, all `color`.
    public init(width: Int, height: Int, color: Color = .white) {
        precondition(width >= 0 && height >= 0, "negative image size")
        self.width = width
        self.height = height
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: bytes.count, by: 4) {
            bytes[i] = color.red
            bytes[i + 1] = color.green
            bytes[i + 2] = color.blue
            bytes[i + 3] = color.alpha
        }
        self.bytes = bytes
    }

    /// An image over existing RGBA bytes; `bytes` must hold `width × height × 4` of them.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(width >= 0 && height >= 0 && bytes.count == width * height * 4, "byte count does not match the size")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The color of the pixel at column `x`, row `y` (both from 0, from the top left).
    public subscript(x: Int, y: Int) -> Color {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width) × \(height)")
            let i = (y * width + x) * 4
            return Color(red: bytes[i], green: bytes[i + 1], blue: bytes[i + 2], alpha: bytes[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width) × \(height)")
            let i = (y * width + x) * 4
            bytes[i] = newValue.red
            bytes[i + 1] = newValue.green
            bytes[i + 2] = newValue.blue
            bytes[i + 3] = newValue.alpha
        }
    }
}
