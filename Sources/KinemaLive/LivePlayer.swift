import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaRender
import KinemaUI

/// The live loop's logic, apart from the screen: turns ``LiveEvent``s into touches and keys,
/// moves the content with a ``LiveClock`` and renders each frame. ``Application/run(_:scale:title:)``
/// and `kinema play` feed it SDL's events and wall time; tests feed it their own.
///
/// Input events get the scene time of their own timestamps, and the content is advanced there
/// before they are delivered through `Window.send(_:)`, the same path as scripted touches, so
/// gestures, velocities, buttons and dynamics behave as in a script.
public final class LivePlayer {
    /// What is shown; replaced by the restart key.
    public private(set) var content: any LiveContent
    /// Scene time, pause and slow motion.
    public var clock: LiveClock
    /// Pixels per point of the frames. Default 2.
    public let scale: Double
    /// Whether the quit key or the window's close asked to stop.
    public private(set) var isFinished = false
    /// The last frame rendered: the player's retained frame, which the next ``frame(wall:)``
    /// redraws in place (copy it to keep it).
    public var lastFrame: Bitmap? { retained?.bitmap }
    /// The pixels the last ``frame(wall:)`` redrew: what changed since the frame before, or the
    /// whole frame (the first one, a new size or background, a problem banner shown or gone).
    public private(set) var lastDamage = DamageRegion()
    /// Where the save-frame key writes its PNGs. Default the current directory.
    public var frameDirectory = "."
    /// The problems of the last save of the content's source that could not be used, shown in
    /// a banner over the frames until a valid save; empty when there is none.
    public private(set) var problems: [String] = []
    /// The error the last frame's rendering threw, shown in the banner (after the save's
    /// problems) while it lasts; `nil` when the frame rendered. The window stays responsive: the
    /// frame is the background with the banner.
    public private(set) var runtimeError: String?
    /// Called with what a reload has to say: "reloaded", or every problem of a bad save, one a
    /// line (`kinema validate`'s text). Default: standard error.
    public var reloadLog: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    /// Wall seconds between two looks at the content's source. Default 0.25.
    public var reloadInterval = 0.25
    private var lastReloadCheck: Double?

    private var mouse: MouseFingers
    private var screenFingers: [Int: Int] = [:]
    private var nextScreenFinger = LivePlayer.firstScreenFinger
    /// The frame kept between renders, with its renderer; dropped after each reload, so that
    /// images saved again are read again.
    private var retained: RetainedFrame?
    /// Whether the retained frame has the problem banner drawn over it.
    private var bannerShown = false

    /// The first identifier given to touchscreen fingers (the mouse uses 1 and 2).
    public static let firstScreenFinger = 10

    /// A player of `content` at `scale` pixels per point, with `clock` (default: scene time 0,
    /// running at normal speed).
    public init(content: any LiveContent, scale: Double = 2, clock: LiveClock = LiveClock()) {
        self.content = content
        self.scale = scale.isFinite && scale > 0 ? scale : 2
        self.clock = clock
        let b = content.window.bounds
        self.mouse = MouseFingers(center: Point(x: b.midX, y: b.midY))
    }

    /// The frame size in pixels: the window's bounds times the scale, rounded up.
    public var pixelSize: (width: Int, height: Int) {
        let size = content.window.bounds.size
        return (Int((size.width * scale).rounded(.up)), Int((size.height * scale).rounded(.up)))
    }

    /// Answers one event; returns a line to print, if the event has one (the saved frame's path).
    @discardableResult
    public func handle(_ event: LiveEvent) -> String? {
        switch event {
        case .mouseDown(let pixel, let wall, let modifiers):
            let t = eventTime(wall)
            deliver(mouse.buttonDown(at: point(pixel), time: t, modifiers: modifiers), at: t)
        case .mouseMotion(let pixel, let wall):
            let t = eventTime(wall)
            deliver(mouse.motion(to: point(pixel), time: t), at: t)
        case .mouseUp(let pixel, let wall):
            let t = eventTime(wall)
            deliver(mouse.buttonUp(at: point(pixel), time: t), at: t)
        case .finger(let id, let phase, let position, let wall):
            let t = eventTime(wall)
            deliver(screenFinger(id, phase: phase, position: position, time: t), at: t)
        case .wheel(let pixel, let lines, _):
            scrollWheel(at: point(pixel), lines: lines)
        case .key(let key):
            return press(key)
        case .quit:
            isFinished = true
        }
        return nil
    }

    /// Moves the clock to wall time `wall` (seconds), the content to the scene time there, and
    /// renders the frame: only what changed since the last one is redrawn (``lastDamage``). A
    /// frame the renderer refuses (``runtimeError``) comes out as the background with the error
    /// in the banner.
    ///
    /// - Returns: the player's retained frame, redrawn in place by the next call.
    /// - Throws: `RenderError` only when not even a blank frame of the window's size can be made.
    public func frame(wall: Double) throws -> Bitmap {
        reloadIfDue(wall: wall)
        let t = max(clock.tick(wall: wall), content.window.currentTime)
        content.advance(to: t)
        let size = content.window.bounds.size, background = content.background ?? .white
        let frame: RetainedFrame
        if let retained, retained.size == size, retained.background == background {
            frame = retained
        } else {
            frame = try RetainedFrame(size: size, scale: scale, background: background)
            // A frame has to be ready within the tick: it is drawn on every core.
            frame.threads = ProcessInfo.processInfo.activeProcessorCount
            retained = frame
            // Photos that scroll into view later are decoded meanwhile, not in their frame.
            frame.renderer.prepareImages(in: content.window.layer.renderTree(at: t))
        }
        // The banner is not in the render tree: the frames with it, and the first without it,
        // are drawn whole.
        if bannerShown { frame.invalidate() }
        do {
            lastDamage = try frame.render(content.window.layer.renderTree(at: t))
            runtimeError = nil
        } catch {
            runtimeError = "\(error)"
            frame.bitmap.fill(background)
        }
        let shown = problems + (runtimeError.map { [$0] } ?? [])
        bannerShown = !shown.isEmpty
        if bannerShown {
            ProblemBanner(problems: shown).draw(on: frame.bitmap, scale: scale, width: size.width)
            lastDamage = DamageRegion(PixelRect(x: 0, y: 0, width: frame.bitmap.width, height: frame.bitmap.height))
        }
        return frame.bitmap
    }

    /// Looks at the content's source when ``reloadInterval`` has passed: a valid change
    /// replaces the content, carried on to the current scene time; a bad one keeps it and shows
    /// the problems.
    private func reloadIfDue(wall: Double) {
        if let last = lastReloadCheck, wall.isFinite, wall - last < reloadInterval { return }
        lastReloadCheck = wall
        switch content.reloadIfChanged() {
        case nil:
            break
        case .reloaded(let fresh)?:
            fresh.advance(to: clock.sceneTime)
            replaceContent(with: fresh)
            retained = nil
            problems = []
            reloadLog("reloaded")
        case .failed(let found)?:
            problems = found
            reloadLog(found.joined(separator: "\n"))
        }
    }

    private func press(_ key: LiveKey) -> String? {
        switch key {
        case .pause: clock.togglePause()
        case .slowMotion: clock.toggleSlowMotion()
        case .step: clock.step()
        case .restart:
            guard let fresh = content.restarted() else { return nil }
            replaceContent(with: fresh)
            clock.restart()
        case .saveFrame:
            guard let frame = lastFrame else { return nil }
            let ms = Int((clock.sceneTime * 1000).rounded())
            let path = (frameDirectory as NSString).appendingPathComponent("kinema-frame-\(ms)ms.png")
            do {
                try frame.writePNG(to: path)
                return "saved \(path)"
            } catch {
                return "error: could not save the frame: \(error)"
            }
        case .quit:
            isFinished = true
        }
        return nil
    }

    /// Shows `fresh` instead of the content; the fingers down on the old one are forgotten (the
    /// old window never hears of them again, the new one never saw them begin).
    private func replaceContent(with fresh: any LiveContent) {
        _ = mouse.cancel(time: content.window.currentTime)
        screenFingers = [:]
        content = fresh
    }

    /// The scene time of an event at wall time `wall`: never before the content's time.
    private func eventTime(_ wall: Double) -> Double {
        max(clock.sceneTime(atWall: wall), content.window.currentTime)
    }

    func point(_ pixel: Point) -> Point {
        Point(x: pixel.x / scale, y: pixel.y / scale)
    }

    private func deliver(_ inputs: [TouchInput], at t: Double) {
        guard !inputs.isEmpty else { return }
        content.advance(to: t)
        content.window.send(inputs)
    }

    private func screenFinger(_ id: Int, phase: LiveEvent.FingerPhase, position: Point, time: Double) -> [TouchInput] {
        let size = content.window.bounds.size
        let location = Point(x: position.x * size.width, y: position.y * size.height)
        let identifier: Int
        if let known = screenFingers[id] {
            identifier = known
        } else {
            guard phase == .down else { return [] }
            identifier = nextScreenFinger
            nextScreenFinger += 1
            screenFingers[id] = identifier
        }
        let touchPhase: Touch.Phase
        switch phase {
        case .down: touchPhase = .began
        case .motion: touchPhase = .moved
        case .up:
            touchPhase = .ended
            screenFingers[id] = nil
        }
        return [TouchInput(identifier: identifier, phase: touchPhase, location: location, timestamp: time)]
    }
}
