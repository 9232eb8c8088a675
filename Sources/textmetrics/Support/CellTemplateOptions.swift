import ArgumentParser
import CellLayout

/// The options every cell subcommand that reads many rows takes: the template, where the
/// rows come from, and the width and scale to lay them out at.
struct CellTemplateOptions: ParsableArguments {
    @Option(help: "The cell template (JSON).")
    var template: String

    @Option(help: "Rows from a file (a JSON array of objects, or JSON Lines) instead of standard input.")
    var data: String?

    @Option(help: "The cell's width in points (default: the template's).")
    var width: Double?

    @Option(help: "Pixels per point, 1, 2 or 3 (default: the template's).")
    var scale: Double?
}
