import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Shows rendering progress on standard error: a bar redrawn in place on a terminal, a line
/// every 10 % otherwise, or nothing.
///
/// This is the only place in Kinema that reads the wall clock, for frames per second and the
/// time left; it never affects what is rendered.
final class ProgressReporter {
    enum Mode {
        /// A bar redrawn with carriage returns.
        case bar
        /// Plain lines at every 10 % and at the end.
        case lines
        /// Nothing.
        case quiet

        /// `.quiet` when asked, else `.bar` on a terminal and `.lines` otherwise.
        static func automatic(quiet: Bool) -> Mode {
            quiet ? .quiet : isatty(STDERR_FILENO) == 1 ? .bar : .lines
        }
    }

    private let total: Int
    private let mode: Mode
    /// What is counted: "frames", or "frames over 2 passes" when every frame is rendered twice.
    private let unit: String
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private var lastDraw: ContinuousClock.Instant?
    private var lastTenth = 0
    private var done = 0

    init(total: Int, mode: Mode, passes: Int = 1) {
        self.total = max(1, total)
        self.mode = mode
        unit = passes > 1 ? "frames over \(passes) passes" : "frames"
        started = clock.now
    }

    /// Records that `done` frames are finished.
    func update(done: Int) {
        self.done = done
        switch mode {
        case .quiet: return
        case .bar:
            let now = clock.now
            if let lastDraw, now - lastDraw < .milliseconds(100), done < total { return }
            lastDraw = now
            write("\r" + barLine() + "\u{1B}[K")
        case .lines:
            let tenth = done * 10 / total
            guard tenth > lastTenth, done < total else { return }
            lastTenth = tenth
            write("rendering: \(done)/\(total) \(unit) (\(tenth * 10) %)\n")
        }
    }

    /// Ends the display after the last frame.
    func finish() {
        switch mode {
        case .quiet: return
        case .bar: write("\r" + barLine() + "\u{1B}[K\n")
        case .lines:
            let seconds = elapsed
            write("rendered \(done) \(done == 1 ? "frame" : unit) in \(format(seconds)) s (\(format(rate(seconds))) frames/s)\n")
        }
    }

    /// Ends the display after an error: the bar's line is closed so the message starts on its own.
    func abandon() {
        if mode == .bar, lastDraw != nil { write("\n") }
    }

    private var elapsed: Double {
        let d = clock.now - started
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    private func rate(_ seconds: Double) -> Double { seconds > 0 ? Double(done) / seconds : 0 }

    private func barLine() -> String {
        let width = 24
        let filled = done * width / total
        let seconds = elapsed
        let perSecond = rate(seconds)
        var line = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
        line += "\(done)/\(total) \(unit)  \(format(perSecond)) frames/s"
        if perSecond > 0, done < total { line += "  \(format(Double(total - done) / perSecond)) s left" }
        return line
    }

    private func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
