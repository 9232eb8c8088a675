import TextMetrics

/// Stops the fuzzer with `message` when `condition` is false.
public func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// Runs one input's checks: an ``InvalidArgumentError`` is an answer (bad input refused with an
/// error, what the fuzzer may find); any other error stops the fuzzer.
public func refusingBadArguments(_ body: () throws -> Void) {
    do {
        try body()
    } catch is InvalidArgumentError {
    } catch {
        fatalError("unexpected error \(error)")
    }
}

/// Checks what holds for every layout of `prepared` in `container`: `size(in:)` is the layout's
/// size, sizes are finite and not negative, and the lines are in order inside the text, each
/// with a finite width and baseline and a positive height (a width may be negative where
/// letter spacing is: a kern of −10 pt after a 5 pt letter).
public func checkLayoutInvariants(_ prepared: PreparedText, _ layout: TextLayout, in container: TextContainer) {
    check(prepared.size(in: container) == layout.size, "size(in:) \(prepared.size(in: container)) ≠ layout \(layout.size)")
    check(layout.size.width.isFinite && layout.size.height.isFinite && layout.size.width >= 0 && layout.size.height >= 0,
          "size \(layout.size)")
    let utf8Count = prepared.text.utf8.count
    var end = 0
    for line in layout.lines {
        check(line.utf8Range.lowerBound >= end && line.utf8Range.upperBound <= utf8Count,
              "line \(line.utf8Range) after \(end) in \(utf8Count) bytes")
        check(line.width.isFinite && line.height > 0 && line.baseline.isFinite, "line \(line)")
        end = line.utf8Range.upperBound
    }
}

/// Checks the last line of a truncated `layout`: shown whole (no truncation record, its
/// paragraph's text to its end), it is the line the same container without a line limit lays
/// out there — the line fitter found the rest of its paragraph fits — never text the width cuts.
public func checkUntruncatedLastLine(_ prepared: PreparedText, _ layout: TextLayout, in container: TextContainer) {
    guard layout.isTruncated, container.height == .infinity, let last = layout.lines.last, last.truncation == nil else { return }
    var unlimited = container
    unlimited.numberOfLines = 0
    let all = prepared.layout(in: unlimited)
    let index = layout.lines.count - 1
    check(index < all.lines.count && all.lines[index].utf8Range == last.utf8Range,
          "the last line \(last.utf8Range) is shown whole where the fitter laid out \(index < all.lines.count ? "\(all.lines[index].utf8Range)" : "nothing")")
}
