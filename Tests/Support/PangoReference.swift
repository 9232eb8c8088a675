import Foundation

/// The independent Pango reference (`Tests/Support/pango-reference/pango-measure.c`, built by
/// `scripts/build-pango-reference.sh` into `.build-pango/pango-measure`): lays requests out
/// with PangoFT2 on a private fontconfig holding only the bundled fonts, hinting off.
public enum PangoReference {
    /// The repository's root folder.
    public static let root = Repository.root
    /// The built program.
    public static let program = root.appendingPathComponent(".build-pango/pango-measure")
    /// The corpus folder: `NAME.jsonl` request files.
    public static let corpus = root.appendingPathComponent("Tests/Support/pango-reference/corpus")

    /// A failure to run the program.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// Pango's JSON Lines answers to the requests in `file`, one line per request; `options`
    /// go to the program as they are (`--line-height-attribute`).
    public static func answers(toRequestsIn file: URL, options: [String] = []) throws -> [String] {
        try checkProgram()
        return try ReferenceProgram.outputLines(of: program, arguments: arguments + options, inputFile: file)
    }

    /// Pango's JSON Lines answers to `requests` (JSON objects, one a string).
    public static func answers(to requests: [String]) throws -> [String] {
        try checkProgram()
        return try ReferenceProgram.outputLines(of: program, arguments: arguments, input: requests)
    }

    /// Throws when the program is not built.
    static func checkProgram() throws {
        guard FileManager.default.isExecutableFile(atPath: program.path) else {
            throw Failure(description: "\(program.path) is missing: build it with scripts/build-pango-reference.sh "
                          + "(scripts/test.sh and scripts/setup.sh do)")
        }
    }

    /// The program's arguments: the repository's fonts.
    static var arguments: [String] { ["--fonts", root.appendingPathComponent("Fonts").path] }
}
