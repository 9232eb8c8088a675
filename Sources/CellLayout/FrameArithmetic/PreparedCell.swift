import TextMetrics

/// One row's content made ready for layout at any width: which items are present, and
/// every shown text segmented and shaped once.
///
/// Laying a prepared cell out again — rotation, split view, a new width — is arithmetic only
/// (summing cached segment widths), which is what re-laying out a whole feed needs.
///
/// ```swift
/// let cell = try engine.prepare(row)
/// let portrait = try engine.height(for: cell, width: 375)
/// let landscape = try engine.height(for: cell, width: 812)
/// ```
///
/// A prepared cell belongs to the engine that prepared it.
public struct PreparedCell: Sendable {
    /// Per template node: present or not.
    let present: [Bool]
    /// Per text node (by ordinal): the prepared text, `nil` when absent.
    let texts: [SizedText?]
    /// The identity of the engine that prepared it.
    let engineID: Int

    /// The texts shown, in template order (absent ones left out).
    public var strings: [String] { texts.compactMap { $0?.prepared.text } }
}
