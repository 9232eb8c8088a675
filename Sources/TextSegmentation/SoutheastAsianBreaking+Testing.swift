import CICU

extension SoutheastAsianBreaking {
    /// Runs `body` with every ICU call on this thread failing, as when ICU reports an error,
    /// so tests can see the fallback (runs of class SA kept whole).
    static func withSimulatedICUFailure<Result>(_ body: () throws -> Result) rethrows -> Result {
        cicu_set_simulated_failure(1)
        defer { cicu_set_simulated_failure(0) }
        return try body()
    }

    /// How many runs the calling thread has handed to ICU because the memo of its answers did
    /// not hold them (runs of at most 512 bytes).
    static var memoMissesOnThisThread: Int { Int(cicu_memo_misses()) }

    /// The set of the memo of ICU's answers that `text` (a run of at most 512 bytes) is kept
    /// in: eight runs a set, a ninth replacing the one used least recently.
    static func memoSet(of text: String) -> Int {
        var text = text
        return Int(text.withUTF8 { cicu_memo_set($0.baseAddress, Int32($0.count)) })
    }
}
