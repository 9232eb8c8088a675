/// A field of a JSON object that will not do: which field, by its path from the object
/// read (`size`, `font[1]`, `spans[2].start`), and what is wrong with it.
///
/// ```
/// "size" must be a number, got the string "15"
/// "font[1]" must be a non-empty string, got the number 3
/// missing field "text"
/// unknown field "widht" (did you mean "width"?); a request has: id, text, font, …
/// ```
public struct JSONFieldError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Hashable, Sendable {
        /// The value is not what the field takes: what it must be (`"a number"`, `"0 or
        /// more"`) and what it was (``JSONReader/describeValue()``'s words).
        case invalid(requirement: String, given: String)
        /// The field is required and absent.
        case missing
        /// The object has no such field; `known` lists the fields it has.
        case unknown(known: [String])
    }

    /// The field's path from the object read: names joined by `.`, array indices in brackets;
    /// empty for the object itself.
    public var path: String
    /// What is wrong with it.
    public var problem: Problem
    /// What the object read is called (`"a request"`), for an error about the object itself.
    public var subject: String?

    /// An error about the field at `path`.
    public init(path: String = "", _ problem: Problem, subject: String? = nil) {
        self.path = path
        self.problem = problem
        self.subject = subject
    }

    /// The value at `path` must be `requirement` but was `given`.
    public static func invalid(_ path: String = "", requirement: String, given: String) -> JSONFieldError {
        JSONFieldError(path: path, .invalid(requirement: requirement, given: given))
    }

    /// The same error, seen from the object holding field `name` (a key, or an index as `[2]`).
    public func inside(_ name: String) -> JSONFieldError {
        var error = self
        if path.isEmpty {
            error.path = name
        } else if path.hasPrefix("[") {
            error.path = name + path
        } else {
            error.path = name + "." + path
        }
        return error
    }

    /// The message, naming the field, what was expected and what was given.
    public var description: String {
        switch problem {
        case .invalid(let requirement, let given):
            let what = path.isEmpty ? (subject ?? "the value") : "\"\(path)\""
            return "\(what) must be \(requirement), got \(given)"
        case .missing:
            return "missing field \"\(path)\""
        case .unknown(let known):
            let name = path.split(separator: ".").last.map(String.init) ?? path
            var text = "unknown field \"\(path)\""
            if let near = JSONFieldError.nearest(to: name, in: known) { text += " (did you mean \"\(near)\"?)" }
            return text + "; \(subject ?? "the object") has: " + known.joined(separator: ", ")
        }
    }

    /// The name of `known` closest to `name` when it is a likely misspelling: the same
    /// letters in another case, or at most two edits (insertions, deletions, substitutions,
    /// swaps of neighbours) away.
    static func nearest(to name: String, in known: [String]) -> String? {
        let lowered = Array(name.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(lowered, Array(candidate.lowercased().unicodeScalars))
            if distance <= min(2, max(1, candidate.count / 3)), distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// The optimal string alignment distance between `a` and `b`.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
