import Foundation
import JSON
import Testing

/// Runs the built `textmetrics` binary (next to the test bundle) as a subprocess.
enum CellCLI {
    static let repository: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/CommandLineTests/CellCommandTests.swift
        return parts.joined(separator: "/")
    }()

    static var binary: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // …/debug/TextMetricsPackageTests.xctest is the test binary itself on Linux.
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent("textmetrics").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return repository + "/.build/debug/textmetrics"
    }

    static func example(_ name: String) -> String { repository + "/Examples/" + name }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the binary with `arguments`, `stdin` on its standard input, and `environment` added
    /// to this process's.
    static func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws -> Output {
        try run(arguments, stdinBytes: Array(stdin.utf8), environment: environment)
    }

    /// Runs the binary with `arguments` and any bytes (not necessarily UTF-8) on its standard input.
    static func run(_ arguments: [String], stdinBytes: [UInt8], environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let writer = Thread {
            input.fileHandleForWriting.write(Data(stdinBytes))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let errorData = LockedData()
        let reader = Thread { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.done { Thread.sleep(forTimeInterval: 0.005) }
        return Output(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: errorData.value, as: UTF8.self))
    }

    static func temporaryFile(_ contents: String, name: String) throws -> String {
        let path = NSTemporaryDirectory() + "textmetrics-\(UUID().uuidString)-\(name)"
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var finished = false
    func set(_ value: Data) { lock.lock(); data = value; finished = true; lock.unlock() }
    var done: Bool { lock.lock(); defer { lock.unlock() }; return finished }
    var value: Data { lock.lock(); defer { lock.unlock() }; return data }
}

@Suite struct CellCommandTests {
    @Test func jsonAnswerHasHeightAndFrames() throws {
        let row = try CellCLI.temporaryFile(#"{"text": "Hi"}"#, name: "row.json")
        let result = try CellCLI.run(["cell", "--template", CellCLI.example("single-label.json"), "--data", row, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let answer = try JSONValue.parse(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(answer["height"] == .number(44 + 2 * 10))  // one short line: the 44 pt minimum wins
        let frames = try #require(answer["frames"]?.arrayValue)
        #expect(frames.count == 1)
        #expect(frames[0]["path"] == .string("root.text"))
        #expect(frames[0]["x"] == .number(10) && frames[0]["width"] == .number(300) && frames[0]["height"] == .number(44))
    }

    @Test func readableTreeAndArrayIndex() throws {
        let result = try CellCLI.run(["cell", "--template", CellCLI.example("qa.json"), "--data",
                                      CellCLI.example("questions.json"), "--index", "1", "--width", "320"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("height ") && lines[0].contains("width 320.0, @2x"))
        #expect(lines[1].contains("root.column"))
        #expect(lines[2].contains("items[0].text") && lines[2].contains("How do I reset my password?"))
        // The readable height is the JSON one.
        let json = try CellCLI.run(["cell", "--template", CellCLI.example("qa.json"), "--data",
                                    CellCLI.example("questions.json"), "--index", "1", "--width", "320", "--json"])
        let height = try #require(try JSONValue.parse(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines))["height"]?.numberValue)
        #expect(lines[0].hasPrefix("height \(String(format: "%.1f", height)) pt") || lines[0].hasPrefix("height \(height) pt"))
        let past = try CellCLI.run(["cell", "--template", CellCLI.example("qa.json"), "--data", CellCLI.example("questions.json"),
                                    "--index", "3"])
        #expect(past.status != 0 && past.stderr.contains("past the 3 rows"))
    }

    @Test func templateErrorsNameThePath() throws {
        let template = try CellCLI.temporaryFile(#"{"width": 300, "root": {"column": {"items": [{"text": "a", "colour": "red"}]}}}"#, name: "t.json")
        let row = try CellCLI.temporaryFile(#"{"a": "x"}"#, name: "row.json")
        let result = try CellCLI.run(["cell", "--template", template, "--data", row])
        #expect(result.status != 0)
        #expect(result.stderr.contains(#"root.column.items[0].text: unknown key "colour""#), "\(result.stderr)")
        let missing = try CellCLI.run(["cell", "--template", CellCLI.example("qa.json"), "--data", row])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains(#"root.column.items[0].text: the row has no field "question""#), "\(missing.stderr)")
    }
}
