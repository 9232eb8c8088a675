/// The space text is laid out in: a width, a maximum height, a line limit and a line break
/// mode — what `sizeWithFont:constrainedToSize:lineBreakMode:` and a `UILabel` take.
public struct TextContainer: Hashable, Sendable {
    /// The maximum line width in points; `.infinity` (or 0 from JSON) for no limit.
    public var width: Double
    /// The maximum height in points: lines that do not fit entirely are not laid out;
    /// `.infinity` (or 0, as in a JSON request) for no limit.
    public var height: Double
    /// The maximum number of lines; 0 means no limit.
    public var numberOfLines: Int
    /// How lines break and how overflow is cut.
    public var lineBreakMode: LineBreakMode
    /// What a truncated line ends with, or `nil` for "…" in the text's fonts.
    public var truncationToken: TruncationToken?

    /// Creates a container, validating every value.
    /// - Throws: ``InvalidArgumentError`` for a NaN or negative width or height, or a negative
    ///   line count. A width or height of 0 means no limit, as in a JSON request.
    public init(width: Double = .infinity, height: Double = .infinity, numberOfLines: Int = 0,
                lineBreakMode: LineBreakMode = .wordWrap, truncationToken: TruncationToken? = nil) throws {
        try InvalidArgumentError.requireNonNegativeExtent(width, "width")
        try InvalidArgumentError.requireNonNegativeExtent(height, "height")
        guard numberOfLines >= 0 else {
            throw InvalidArgumentError(argument: "numberOfLines", requirement: "0 (no limit) or more", value: "\(numberOfLines)")
        }
        self.width = width == 0 ? .infinity : width
        self.height = height == 0 ? .infinity : height
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.truncationToken = truncationToken
    }

    /// An unlimited container: one line per paragraph.
    public static let unlimited = try! TextContainer()
}
