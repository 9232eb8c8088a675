/// The characters a layout shows that no font of its chain has a glyph for (measured with the
/// primary font's `.notdef`), in order of first appearance. Invisible characters
/// (``CharacterProperties/isInvisible(_:)``) never count.
enum MissingGlyphs {
    /// The missing characters of `segments`, the segments a layout shows.
    static func scalars(in segments: ArraySlice<MeasuredSegment>, of bytes: UnsafeBufferPointer<UInt8>,
                        fonts: FontChain) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        for segment in segments where segment.hasMissingGlyphs {
            var offset = Int(segment.start)
            while offset < Int(segment.shapedEnd), let (scalar, length) = UTF8Scan.scalar(startingAt: offset, in: bytes) {
                offset += length
                if CharacterProperties.isInvisible(scalar) || fonts.fonts.contains(where: { $0.face.hasGlyph(for: scalar) }) {
                    continue
                }
                if !found.contains(scalar) { found.append(scalar) }
            }
        }
        return found
    }
}
