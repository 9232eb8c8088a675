import ArgumentParser

/// `textmetrics`: measure text and size feed cells from the command line.
@main
struct TextMetricsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "textmetrics",
        abstract: "Font-accurate text measurement and feed-cell sizing, before anything is drawn.",
        discussion: """
            Fonts are bundled names (\(BundledFontList.names)) or paths to font files. \
            Sizes and widths are in points.
            """,
        subcommands: [MeasureCommand.self, BreaksCommand.self, CellCommand.self, FeedCommand.self, RenderCommand.self,
                      CompareCommand.self])

    static func main() {
        ArgumentValidation.rejectInvalidUTF8Arguments()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}
