import Dispatch
import Foundation
import KinemaGraphics

#if canImport(Glibc)
    import Glibc
#endif

/// Stops any command cleanly on Ctrl-C (`SIGINT`), `SIGTERM` or `SIGHUP`: the cleanups of the
/// work under way run (a render abandons its output: ffmpeg stopped, the temporary file removed,
/// an earlier file at the output's path kept), a line says so on standard error, and the tool
/// exits with 128 + the signal's number (130 for Ctrl-C), as shells expect.
///
/// The signals are taken from a dispatch queue rather than in a signal handler, so cleaning up
/// may use any function. They are taken even when the process started with them ignored (a
/// test harness or a script's background job can hand that down), so that Ctrl-C or `kill`
/// stops every command; `SIGHUP` is the exception, left ignored when it was, as `nohup` asks.
/// `kinema play` does not install it: the live window quits on its own.
final class Interruption: @unchecked Sendable {
    static let shared = Interruption()

    private let lock = NSLock()
    private var cleanups: [Int: @Sendable () -> Void] = [:]
    private var nextKey = 0
    private var sources: [DispatchSourceSignal] = []
    private var isStopping = false

    /// Takes the signals from now on. Calling it again does nothing.
    func install() {
        lock.withLock {
            guard sources.isEmpty else { return }
            let queue = DispatchQueue(label: "kinema.interruption")
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                let previous = signal(signalNumber, SIG_IGN)
                if signalNumber == SIGHUP, Self.isIgnore(previous) { continue }
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
                source.setEventHandler { [unowned self] in self.stop(by: signalNumber) }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// Whether a handler `signal(2)` returned is `SIG_IGN` (the value 1).
    private static func isIgnore(_ handler: sighandler_t?) -> Bool {
        guard let handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == 1
    }

    /// Runs `body`; a signal that stops the tool meanwhile runs `cleanup` first.
    func whileRunning<T>(cleanup: @escaping @Sendable () -> Void, _ body: () throws -> T) rethrows -> T {
        let key = lock.withLock {
            nextKey += 1
            cleanups[nextKey] = cleanup
            return nextKey
        }
        defer { _ = lock.withLock { cleanups.removeValue(forKey: key) } }
        return try body()
    }

    /// Blocks for good when a signal is stopping the tool, or starts to within `seconds`, so
    /// that an error the stop itself caused (ffmpeg killed under a render) is not reported and
    /// the exit status is the signal's.
    func holdIfStopping(within seconds: Double = 0) {
        var waited = 0.0
        while !lock.withLock({ isStopping }) {
            guard waited < seconds else { return }
            usleep(10_000)
            waited += 0.01
        }
        DispatchSemaphore(value: 0).wait()
    }

    private func stop(by signalNumber: Int32) {
        let pending = lock.withLock {
            isStopping = true
            return Array(cleanups.values)
        }
        for cleanup in pending { cleanup() }
        // Private folders made for outputs a moment ago, before their work registered a cleanup.
        OutputFile.discardAll()
        let removed = pending.isEmpty ? "" : "; the unfinished output was removed"
        FileHandle.standardError.write(Data("kinema: stopped by signal \(signalNumber)\(removed)\n".utf8))
        exit(128 + signalNumber)
    }
}
