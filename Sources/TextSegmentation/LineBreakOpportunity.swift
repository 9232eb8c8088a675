/// A place where a line may start (a break opportunity before `offset`).
///
/// Produced by ``LineBreaking``, following UAX #14 (Unicode 15.0).
public struct LineBreakOpportunity: Hashable, Sendable {
    /// The UTF-8 byte offset at which a line may begin.
    public var offset: Int
    /// Whether the break is required (a hard break).
    ///
    /// True after BK, CR, LF, NL and CR LF, and at the end of the text (LB3).
    public var isMandatory: Bool

    /// Creates an opportunity at a UTF-8 offset.
    public init(offset: Int, isMandatory: Bool) {
        self.offset = offset
        self.isMandatory = isMandatory
    }
}
