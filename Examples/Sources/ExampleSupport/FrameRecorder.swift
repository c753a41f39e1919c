import Foundation
import Kinema

/// Runs a window's run loop at a fixed frame rate and writes every frame as a PNG: what the
/// examples' executables use to show what the ported code does.
public struct FrameRecorder {
    /// The window whose layer tree is drawn.
    public let window: Window
    /// Frames per second. Default 30.
    public var framesPerSecond: Double
    /// The folder the frames go to (created if missing).
    public var directory: URL

    /// A recorder of `window` at `framesPerSecond` into `directory`.
    public init(window: Window, framesPerSecond: Double = 30, directory: URL) {
        self.window = window
        self.framesPerSecond = framesPerSecond
        self.directory = directory
    }

    /// Advances the window from its current time to `end` seconds, one turn per frame, writing
    /// `frame-0000.png`, `frame-0001.png`, … (numbered on from `firstIndex`); returns the next
    /// free index.
    ///
    /// `touches` are scripted fingers, in time order: before each frame, the ones whose
    /// timestamps have come are sent to the window (`Window.send`), so a frame shows what they
    /// did by its time. Touches later than `end` are not sent.
    @discardableResult
    public func record(until end: Double, firstIndex: Int = 0, touches: [TouchInput] = []) throws -> Int {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let renderer = Renderer()
        let start = window.currentTime
        var pending = touches[...]
        var index = firstIndex
        var t = start
        while t <= end + 1e-9 {
            while let touch = pending.first, touch.timestamp <= t {
                window.send(touch)
                pending.removeFirst()
            }
            window.advance(to: t)
            let bitmap = try renderer.render(
                window.layer.renderTree(at: t), size: window.bounds.size, scale: window.screenScale, background: .white)
            let name = String(format: "frame-%04d.png", index)
            try bitmap.writePNG(to: directory.appendingPathComponent(name).path)
            index += 1
            t = start + Double(index - firstIndex) / framesPerSecond
        }
        return index
    }
}
