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
        private var string = ""
        private let style: TextStyle
        private var spans: [Span] = []
        private var attachments: [Attachment] = []

        /// A builder of a text whose whole style is `style`.
        public init(style: TextStyle) {
            self.style = style
        }

        /// Appends `piece` with `attributes` over it (none: the text's style).
        public mutating func append(_ piece: String, _ attributes: consuming TextAttributes = TextAttributes()) {
            let start = string.utf8.count
            // One allocation for most posts: a string past 15 bytes would grow two or three times.
            if start == 0 { string.reserveCapacity(max(64, piece.utf8.count)) }
            string += piece
            if !attributes.isEmpty {
                if spans.isEmpty { spans.reserveCapacity(4) }  // one allocation for most texts' spans
                spans.append(Span(range: start..<string.utf8.count, attributes: attributes))
            }
        }

        /// Appends an attachment: a U+FFFC with `attachment` on it, with `attributes` over it.
        public mutating func appendAttachment(_ attachment: TextAttachment, _ attributes: TextAttributes = TextAttributes()) {
            attachments.append(Attachment(offset: string.utf8.count, attachment: attachment))
            append("\u{FFFC}", attributes)
        }

        /// The text built so far.
        /// - Throws: ``InvalidArgumentError`` when an attribute cannot be used.
        public consuming func build() throws -> AttributedText {
            // The spans' offsets are the pieces' ends, scalar boundaries all: only their
            // attributes are checked, and the attachments as the text would check them.
            for index in spans.indices {
                try AttributedText.checkAttributes(spans[index].attributes, argument: "spans[\(index)]")
            }
            var text = AttributedText(string, style: style)
            text.spans = spans
            for (index, attachment) in attachments.enumerated() {
                try text.addAttachment(attachment.attachment, at: attachment.offset, argument: "attachments[\(index)]")
            }
            return text
        }
    }
}
