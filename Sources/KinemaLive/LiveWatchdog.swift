import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps a live session's way out open whatever its frames cost.
///
/// The session checks its end (`--exit-after`, the window closed, a signal) between frames. A
/// frame can take seconds: a scene of tens of thousands of views drawn whole, a reload of a big
/// scene, or dynamics that fall behind the wall clock and must simulate every 1/120 s it missed,
/// so that each frame is longer than the last. The watchdog runs on a dispatch queue of its own,
/// beside the session's thread: a stop asked for (a signal, the `--exit-after` time) ends the
/// loop at its next check, and if the loop has not ended ``grace`` seconds later the watchdog
/// ends the process itself, saying so on standard error: with 128 + the signal's number for a
/// signal, as shells expect, and 0 for `--exit-after`.
final class LiveWatchdog: @unchecked Sendable {
    /// How long a frame under way may still run once a stop is asked for: 0.5 s.
    static let grace = 0.5

    private let lock = NSLock()
    private let queue = DispatchQueue(label: "kinema.live.watchdog")
    private var sources: [DispatchSourceSignal] = []
    private var stopSignal: Int32?
    private var deadlinePassed = false
    private var isFinished = false

    /// A watchdog taking `SIGINT`, `SIGTERM` and `SIGHUP` (left ignored when the process started
    /// with it ignored, as `nohup` asks) when `signals` is set, and ending the session
    /// `exitAfter` seconds from now when given.
    init(signals: Bool, exitAfter: Double?) {
        if signals {
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                // Ignored, the signal reaches the dispatch source only (and not SDL's handler,
                // which turns it into a quit event the loop sees only after the frame).
                let previous = signal(signalNumber, SIG_IGN)
                if signalNumber == SIGHUP, let previous, unsafeBitCast(previous, to: Int.self) == 1 { continue }
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
                source.setEventHandler { [weak self] in self?.stop(signal: signalNumber) }
                source.resume()
                sources.append(source)
            }
        }
        if let exitAfter {
            queue.asyncAfter(deadline: .now() + exitAfter) { [weak self] in self?.reachDeadline(exitAfter) }
        }
    }

    /// The signal that asked the session to stop, if one did.
    var signalReceived: Int32? { lock.withLock { stopSignal } }

    /// Whether the session should stop now: a signal came or the `--exit-after` time passed.
    var shouldStop: Bool { lock.withLock { stopSignal != nil || deadlinePassed } }

    /// The session's loop has ended: the watchdog ends nothing from now on, and the signals it
    /// took are back at their default action (a signal now ends the process at once).
    func finish() {
        let taken = lock.withLock {
            isFinished = true
            defer { sources = [] }
            return sources
        }
        for source in taken {
            source.cancel()
            signal(Int32(source.handle), SIG_DFL)
        }
    }

    private func stop(signal signalNumber: Int32) {
        lock.withLock { stopSignal = stopSignal ?? signalNumber }
        queue.asyncAfter(deadline: .now() + Self.grace) { [weak self] in
            self?.endIfRunning(status: 128 + signalNumber, because: "stopped by signal \(signalNumber)")
        }
    }

    private func reachDeadline(_ exitAfter: Double) {
        lock.withLock { deadlinePassed = true }
        queue.asyncAfter(deadline: .now() + Self.grace) { [weak self] in
            self?.endIfRunning(status: 0, because: "quit after --exit-after \(exitAfter) s")
        }
    }

    private func endIfRunning(status: Int32, because reason: String) {
        guard !lock.withLock({ isFinished }) else { return }
        FileHandle.standardError.write(Data("kinema: \(reason) while a frame was still being made\n".utf8))
        // Not exit(3): the session's thread is in the middle of a frame, and the process's
        // destructors must not run under it.
        _exit(status)
    }
}
