import CSDL2
import Foundation
import KinemaGraphics
import KinemaUI

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a ``LivePlayer`` in an ``SDLWindow`` until it is closed: the live driver, the one place
/// in Kinema that reads a clock. Each turn takes the window's events, moves the player to the
/// wall time, renders (only what changed), presents (only that), then answers input as it
/// arrives until the next 60 Hz tick. A turn that runs late
/// makes the next one land at the real time (frames are dropped, time keeps its pace).
public struct LiveSession {
    /// Quit after this many wall seconds (for scripts and tests); `nil` runs until closed.
    public var exitAfter: Double?
    /// Whether `SIGINT`, `SIGTERM` and `SIGHUP` end the session (the statistics name the signal)
    /// for `kinema play`. Default `false`: SDL turns `SIGINT` and `SIGTERM` into a quit event.
    /// Either way, and with ``exitAfter``, a frame that is still being made half a second after
    /// the stop was asked for ends the process (``LiveWatchdog``).
    public var stopsOnSignals = false
    /// Called with each line the player has to say (the saved frame's path). Default: standard
    /// output, written at once (a pipe or file reading it sees the line while the window is open).
    public var log: (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }

    /// A session that runs until the window is closed, or for `exitAfter` seconds.
    public init(exitAfter: Double? = nil) {
        self.exitAfter = exitAfter.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }

    /// Opens a window titled `title` for `player` and runs it; returns what was measured.
    public func run(_ player: LivePlayer, title: String) throws(LiveError) -> FrameStatistics {
        // Before the window: SDL leaves alone the signals the watchdog already took.
        let watchdog = makeWatchdog()
        let (w, h) = player.pixelSize
        let window = try SDLWindow(title: title, pixelWidth: w, pixelHeight: h)
        return try run(player, in: window, watchdog: watchdog)
    }

    private func makeWatchdog() -> LiveWatchdog {
        LiveWatchdog(signals: stopsOnSignals, exitAfter: exitAfter)
    }

    /// Runs `player` in `window` until it finishes or `exitAfter` passes.
    public func run(_ player: LivePlayer, in window: SDLWindow) throws(LiveError) -> FrameStatistics {
        try run(player, in: window, watchdog: makeWatchdog())
    }

    private func run(_ player: LivePlayer, in window: SDLWindow, watchdog: LiveWatchdog) throws(LiveError) -> FrameStatistics {
        defer { watchdog.finish() }
        // The offscreen groups and backing stores a frame makes (4 MB for a full-screen group at
        // scale 2) would otherwise be mapped afresh and faulted in page by page every frame,
        // about a tenth of a frame's work in the zoom demo.
        MallocTuning.keepFreedMemory()
        var stats = FrameStatistics()
        let start = SDLWindow.wallTime
        var previous: Double?
        while !player.isFinished, !watchdog.shouldStop {
            let wall = SDLWindow.wallTime
            let workStart = SDL_GetPerformanceCounter()
            if let exitAfter, wall - start >= exitAfter { break }
            for event in window.pollEvents() {
                if let line = player.handle(event) { log(line) }
            }
            if player.isFinished { break }
            let bitmap: Bitmap
            do {
                bitmap = try player.frame(wall: wall)
            } catch {
                log("error: \(error)")
                SDL_Delay(16)
                continue
            }
            try window.upload(bitmap, region: player.lastDamage)
            // The frame's work: events, advance, render and upload; not sending it to the display.
            let work = Double(SDL_GetPerformanceCounter() - workStart) / Double(SDL_GetPerformanceFrequency())
            window.show()
            let end = SDLWindow.wallTime
            stats.record(work: work, gap: previous.map { wall - $0 })
            previous = wall
            // Until the next tick, answer input as it arrives, so that it keeps its own times.
            let next = wall + FrameStatistics.interval
            var now = end
            while now < next, !player.isFinished, !watchdog.shouldStop {
                for event in window.waitEvents(timeout: next - now) {
                    if let line = player.handle(event) { log(line) }
                }
                now = SDLWindow.wallTime
            }
        }
        stats.stopSignal = watchdog.signalReceived
        return stats
    }
}

/// Shows windows built in code on screen. Mirrors the role of `UIApplicationMain`.
public enum Application {
    /// Shows `window` in a window of its own, titled `title` (default "Kinema"), at `scale`
    /// pixels per point (default 2), driven by the real clock and the mouse (button 1 is a
    /// finger; with Alt, two), until it is closed or `q` or Esc is pressed. Space pauses, `s`
    /// toggles slow motion, → steps one frame while paused, `p` saves the frame as a PNG.
    ///
    /// - Throws: ``LiveError`` when no window can be opened (no display, or SDL's own refusal).
    /// - Returns: what the session measured.
    @discardableResult
    public static func run(
        _ window: Window, scale: Double = 2, title: String = "Kinema"
    ) throws(LiveError)
        -> FrameStatistics
    {
        let player = LivePlayer(content: WindowContent(window: window), scale: scale)
        return try LiveSession().run(player, title: title)
    }
}
