import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Stops a render cleanly on Ctrl-C (`SIGINT`), `SIGTERM` or `SIGHUP`: the output is abandoned
/// (ffmpeg stopped, the temporary file removed, an earlier file at the output's path kept), a
/// line says so on standard error, and the tool exits with 128 + the signal's number (130 for
/// Ctrl-C), as shells expect.
///
/// The signals are taken from a dispatch queue rather than in a signal handler, so cleaning up
/// may use any function.
final class Interruption {
    private let sources: [DispatchSourceSignal]

    /// Watches the signals until the value is released, calling `abandon` before exiting.
    init(abandon: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "kinema.interruption")
        sources = [SIGINT, SIGTERM, SIGHUP].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler {
                abandon()
                FileHandle.standardError.write(Data("kinema: stopped by signal \(signalNumber); the unfinished output was removed\n".utf8))
                exit(128 + signalNumber)
            }
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { signal(signalNumber, SIG_DFL) }
    }
}
