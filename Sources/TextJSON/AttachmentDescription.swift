import JSON
import TextMetrics

/// An attachment as JSON gives it: the offset of its U+FFFC (in the unit the text's
/// `"offsets"` names), its width, and how far it reaches above and below the baseline.
///
/// ```json
/// {"offset": 31, "width": 18, "ascent": 14, "descent": 4}
/// ```
public struct AttachmentDescription: Hashable, Sendable {
    /// `"offset"` (required).
    public var offset: Int?
    /// `"width"` in points (required).
    public var width: Double?
    /// `"ascent"` in points above the baseline (required).
    public var ascent: Double?
    /// `"descent"` in points below the baseline (default 0).
    public var descent: Double?

    /// An attachment with no field set.
    public init() {}

    /// The fields of an attachment.
    public static let fields = JSONFields<AttachmentDescription>("an attachment", [
        "offset": { reader, attachment in attachment.offset = try reader.optionalCount() },
        "width": { reader, attachment in attachment.width = try reader.optionalNumber() },
        "ascent": { reader, attachment in attachment.ascent = try reader.optionalNumber() },
        "descent": { reader, attachment in attachment.descent = try reader.optionalNumber() },
    ])

    /// The box it describes.
    /// - Throws: ``JSONFieldError`` for a missing field or a value the box cannot take.
    public func attachment() throws -> TextAttachment {
        guard offset != nil else { throw JSONFieldError(path: "offset", .missing) }
        guard let width else { throw JSONFieldError(path: "width", .missing) }
        guard let ascent else { throw JSONFieldError(path: "ascent", .missing) }
        do {
            return try TextAttachment(width: width, ascent: ascent, descent: descent ?? 0)
        } catch let error as InvalidArgumentError {
            throw TextJSON.fieldError(error)
        }
    }
}
