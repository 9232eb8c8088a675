import Testing

/// The help of every command reads as ArgumentParser wraps it (at 79 columns for `COLUMNS=80`):
/// a paragraph is one line in the source, so no line of it ends early where the next word
/// would have fitted (a hard line break inside a paragraph, wrapped again, leaves a line of
/// one or two words).
@Suite struct HelpTextTests {
    @Test(arguments: [[], ["measure"], ["breaks"], ["cell"], ["feed"], ["render"], ["compare"]])
    func paragraphsAreWrappedOnlyWhereTheNextWordDoesNotFit(_ command: [String]) throws {
        let output = try CellCLI.run(command + ["--help"], environment: ["COLUMNS": "80"])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The overview and the discussion: everything before the usage line, which is not wrapped.
        let text = lines.prefix { !$0.hasPrefix("USAGE:") }
        #expect(text.count > 2, "no help text for \(command)")
        for (line, next) in zip(text, text.dropFirst()) {
            // A blank line or an indented example ends a paragraph.
            guard !line.isEmpty, !line.hasPrefix(" "), let word = next.split(separator: " ").first, !next.hasPrefix(" ") else { continue }
            #expect(line.count <= 79, "\(command): \(line)")
            #expect(line.count + 1 + word.count > 79, "\(command): \"\(line)\" ends before \"\(word)\"")
        }
    }
}
