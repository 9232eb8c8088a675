/// Building an attributed text piece by piece.
extension AttributedText {
    /// Appends styled pieces — strings with attributes, and attachments — into an
    /// ``AttributedText``, as a paragraph builder does.
    ///
    /// ```swift
    /// var builder = AttributedText.Builder(style: body)
    /// builder.append("@alice", TextAttributes(fonts: medium))
    /// builder.append(" replied ")
    /// try builder.appendAttachment(try TextAttachment(width: 18, ascent: 14, descent: 4))
    /// let text = try builder.build()
    /// ```
    public struct Builder: Sendable {
        /// The text built so far (its parts shared with a text ``build()`` returned until the
        /// builder appends again).
        @usableFromInline var text: AttributedText

        /// A builder of a text whose whole style is `style`.
        public init(style: TextStyle) {
            text = AttributedText("", style: style)
        }

        /// Appends `piece` with `attributes` over it. (Inlinable, so that the attributes are
        /// made where they are moved in, not copied across a call.)
        @inlinable
        public mutating func append(_ piece: String, _ attributes: consuming TextAttributes) {
            text.append(piece, unchecked: attributes)
        }

        /// Appends `piece` in the text's style.
        public mutating func append(_ piece: String) {
            text.append(piece)
        }

        /// Appends an attachment: a U+FFFC with `attachment` on it, with `attributes` over it.
        public mutating func appendAttachment(_ attachment: TextAttachment, _ attributes: TextAttributes = TextAttributes()) {
            text.appendAttachment(attachment, unchecked: attributes)
        }

        /// The text built so far.
        /// - Throws: ``InvalidArgumentError`` when an attribute cannot be used, naming its span
        ///   (`spans[i]`, in the order appended), or an attachment's U+FFFC follows a
        ///   prepended mark (`attachments[i]`).
        public func build() throws -> AttributedText {
            try text.checkBuilt()
            return text
        }
    }
}
