import CPNG

/// Writing and reading whole PNG files as 8-bit RGBA, through libpng's simplified
/// `png_image_*` API: the only libpng code.
public enum PNGFile {
    /// `PNG_FORMAT_RGBA`, a macro Swift does not import: color with alpha, 8 bits.
    private static let rgba = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Writes `image` to `path` as an 8-bit RGBA PNG, replacing any file there.
    /// - Throws: ``PNGError`` when libpng cannot create or write the file.
    public static func write(_ image: PixelImage, to path: String) throws {
        guard image.width > 0, image.height > 0 else {
            throw PNGError(path: path, message: "an image of \(image.width) × \(image.height) pixels has nothing to write")
        }
        var control = png_image()
        control.version = png_uint_32(PNG_IMAGE_VERSION)
        control.width = png_uint_32(image.width)
        control.height = png_uint_32(image.height)
        control.format = rgba
        let ok = image.bytes.withUnsafeBytes { pixels in
            png_image_write_to_file(&control, path, 0, pixels.baseAddress, png_int_32(image.width * 4), nil)
        }
        defer { png_image_free(&control) }
        guard ok != 0 else { throw PNGError(path: path, message: message(of: &control, default: "cannot write the file")) }
    }

    /// Reads the PNG file at `path`, converting any PNG color type to 8-bit RGBA.
    /// - Throws: ``PNGError`` when the file is missing or is not a readable PNG.
    public static func read(from path: String) throws -> PixelImage {
        var control = png_image()
        control.version = png_uint_32(PNG_IMAGE_VERSION)
        defer { png_image_free(&control) }
        guard png_image_begin_read_from_file(&control, path) != 0 else {
            throw PNGError(path: path, message: message(of: &control, default: "cannot read the file"))
        }
        control.format = rgba
        let width = Int(control.width)
        let height = Int(control.height)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let ok = bytes.withUnsafeMutableBytes { pixels in
            png_image_finish_read(&control, nil, pixels.baseAddress, png_int_32(width * 4), nil)
        }
        guard ok != 0 else { throw PNGError(path: path, message: message(of: &control, default: "cannot decode the image")) }
        return PixelImage(width: width, height: height, bytes: bytes)
    }

    /// libpng's message for the last failure, kept in the control structure's `message` field.
    private static func message(of control: inout png_image, default fallback: String) -> String {
        let text = withUnsafeBytes(of: &control.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? fallback : text
    }
}
