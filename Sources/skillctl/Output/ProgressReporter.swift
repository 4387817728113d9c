import Foundation

/// Progress for long runs: a line rewritten in place on a terminal, or
/// (with `--progress`) plain lines at most five times a second elsewhere.
final class ProgressReporter {
    private let output: Output
    private let enabled: Bool
    private let inPlace: Bool
    private let label: String
    private var lastReport = Date.distantPast
    private var shown = false

    init(_ label: String, output: Output, forced: Bool, quiet: Bool) {
        self.output = output
        self.label = label
        inPlace = output.standardErrorIsTerminal
        enabled = !quiet && (forced || output.standardErrorIsTerminal)
    }

    func update(_ done: Int, _ total: Int) {
        guard enabled, total > 1 else { return }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastReport) >= 0.2 || !shown else { return }
        lastReport = now
        shown = true
        let text = "\(label) \(done)/\(total)"
        if inPlace {
            FileHandle.standardError.write(Data("\r\u{1B}[K\(TerminalText(text).rendered)".utf8))
        } else {
            output.error(text)
        }
    }

    /// Clears the in-place line so that later output starts clean.
    func finish() {
        if enabled && inPlace && shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
