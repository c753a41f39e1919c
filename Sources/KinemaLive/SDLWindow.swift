import CSDL2
import CSDL2SysWM
import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaRender

/// A window on screen through SDL2, showing Kinema's frames and reporting its input as
/// ``LiveEvent``s. It opens with a client area of exactly the frame's pixel size: pixel (0, 0) is
/// the top-left corner, so scene point (x, y) is pixel (x·scale, y·scale). Resized, it
/// letterboxes the picture (``Letterbox``): the picture keeps its aspect ratio, centred, and the
/// mouse and touch positions it reports are the picture's pixels under them.
///
/// Frames go to the window's own surface (SDL's framebuffer: shared memory on X11), and only the
/// rectangles a frame redrew are copied and sent to the display, so a frame in which little
/// moves costs little to show. (A texture drawn by SDL's renderer costs a full-window draw per
/// frame, which under a software OpenGL took more time than rendering most frames.) A resized
/// window is drawn whole, scaled, every frame.
///
/// One SDL video session per process: SDL is initialised by the first window and shut down
/// when the last one closes. Create and use windows on one thread.
public final class SDLWindow {
    /// Width and height in pixels.
    public let pixelWidth: Int, pixelHeight: Int
    /// The `SDL_Window *`.
    let window: OpaquePointer
    /// The rectangles uploaded since the last ``show()``, in pixels.
    private var pending: [SDL_Rect] = []
    /// The surface the last upload wrote to; SDL makes a new one when the window changes, which
    /// then needs a whole frame.
    private var lastSurface: UnsafeMutablePointer<SDL_Surface>?
    /// Whether the display lost the window's picture (it was uncovered) and needs all of it.
    private var needsWholeShow = true
    nonisolated(unsafe) private static var openWindows = 0
    /// The X server's time (ms) of the pointer event SDL reports next, when SDL passed it on.
    private var pendingServerTime: Int?
    /// Maps the X server's event times to SDL's clock.
    private var serverClock = ServerClock()
    /// SDL's `SDL_TOUCH_MOUSEID`: the mouse events SDL synthesises from touches (the finger
    /// events report those touches already).
    private static let touchMouseID = UInt32.max

    /// Opens a window titled `title` of `pixelWidth` × `pixelHeight` pixels.
    ///
    /// - Throws: ``LiveError/noDisplay`` when neither `DISPLAY` nor `WAYLAND_DISPLAY` is set and
    ///   `SDL_VIDEODRIVER` names no driver; ``LiveError/sdl(call:message:)`` with SDL's message
    ///   when SDL refuses; ``LiveError/badSize(pixelWidth:pixelHeight:)`` for a size outside
    ///   1…16384.
    public init(title: String, pixelWidth: Int, pixelHeight: Int) throws(LiveError) {
        guard (1...16384).contains(pixelWidth), (1...16384).contains(pixelHeight) else {
            throw .badSize(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        }
        try Self.startVideo()
        guard
            let window = SDL_CreateWindow(
                title, Int32(SDL_WINDOWPOS_UNDEFINED_MASK), Int32(SDL_WINDOWPOS_UNDEFINED_MASK), Int32(pixelWidth),
                Int32(pixelHeight), SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_RESIZABLE.rawValue)
        else { throw Self.failure("SDL_CreateWindow") }
        guard SDL_GetWindowSurface(window) != nil else {
            let error = Self.failure("SDL_GetWindowSurface")
            SDL_DestroyWindow(window)
            throw error
        }
        self.window = window
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        Self.openWindows += 1
    }

    deinit {
        SDL_DestroyWindow(window)
        Self.openWindows -= 1
        if Self.openWindows == 0 { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
    }

    /// Whether a display is there to open a window on: `DISPLAY` or `WAYLAND_DISPLAY` is set, or
    /// `SDL_VIDEODRIVER` names a driver (`dummy` and `offscreen` need no display).
    public static var hasDisplay: Bool {
        let env = ProcessInfo.processInfo.environment
        return ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"].contains { !(env[$0] ?? "").isEmpty }
    }

    private static func startVideo() throws(LiveError) {
        guard hasDisplay else { throw .noDisplay }
        SDL_SetMainReady()
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { throw failure("SDL_Init") }
        // The display server's own events too, for the times of pointer events (X11).
        SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_ENABLE)
        // On X11, the window's surface is X's own shared memory, sent rectangle by rectangle.
        // SDL would otherwise back it with an OpenGL texture drawn whole every frame (which a
        // software OpenGL does slowly, on the cores the renderer needs). The environment
        // variable SDL_FRAMEBUFFER_ACCELERATION, when set, still decides.
        if let driver = SDL_GetCurrentVideoDriver(), String(cString: driver) == "x11" {
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
    }

    private static func failure(_ call: String) -> LiveError {
        .sdl(call: call, message: String(cString: SDL_GetError()))
    }

    /// The window's title.
    public var title: String {
        get { String(cString: SDL_GetWindowTitle(window)) }
        set { SDL_SetWindowTitle(window, newValue) }
    }

    /// Shows `bitmap` (premultiplied ARGB32, the renderer's format, which is SDL's ARGB8888 on
    /// little-endian machines): ``upload(_:region:)`` of all of it, then ``show()``.
    public func present(_ bitmap: Bitmap) throws(LiveError) {
        try upload(bitmap)
        show()
    }

    /// Copies the pixels of `bitmap` in `region` (default: all of them) to the window's surface,
    /// to be shown by the next ``show()``; a bitmap of another size than the window is ignored.
    /// When SDL has made the surface anew (the window changed), all of `bitmap` is copied; in a
    /// resized window, all of it is drawn scaled into its ``letterbox``.
    ///
    /// - Throws: ``LiveError/sdl(call:message:)`` when SDL has no surface for the window or
    ///   cannot convert the pixels.
    public func upload(_ bitmap: Bitmap, region: DamageRegion? = nil) throws(LiveError) {
        guard bitmap.width == pixelWidth, bitmap.height == pixelHeight else { return }
        guard let surface = SDL_GetWindowSurface(window), let pixels = surface.pointee.pixels,
            let format = surface.pointee.format?.pointee
        else { throw Self.failure("SDL_GetWindowSurface") }
        guard surface.pointee.w == pixelWidth, surface.pointee.h == pixelHeight else {
            try uploadLetterboxed(bitmap, to: surface)
            return
        }
        let whole = PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        let rects = surface == lastSurface ? (region ?? DamageRegion(whole)).clipped(to: whole).rects : [whole]
        lastSurface = surface
        let pitch = surface.pointee.pitch
        SDL_LockSurface(surface)
        defer { SDL_UnlockSurface(surface) }
        // The renderer's ARGB32 is SDL's ARGB8888 and, alpha aside, XRGB8888 (an X11 window of
        // depth 24): rows are copied as they are rather than through SDL's pixel conversion.
        let sameLayout = format.format == SDL_PIXELFORMAT_ARGB8888.rawValue || format.format == SDL_PIXELFORMAT_RGB888.rawValue
        for r in rects {
            let source = bitmap.data + r.y * bitmap.stride + r.x * 4
            let target = pixels + r.y * Int(pitch) + r.x * Int(format.BytesPerPixel)
            pending.append(SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height)))
            if sameLayout {
                for j in 0..<r.height { (target + j * Int(pitch)).copyMemory(from: source + j * bitmap.stride, byteCount: r.width * 4) }
                continue
            }
            guard
                SDL_ConvertPixels(
                    Int32(r.width), Int32(r.height), SDL_PIXELFORMAT_ARGB8888.rawValue, source, Int32(bitmap.stride), format.format,
                    target, pitch) == 0
            else { throw Self.failure("SDL_ConvertPixels") }
        }
    }

    /// Draws all of `bitmap`, scaled, into the ``letterbox`` of a window whose surface is not the
    /// picture's size, with dark bars around it.
    private func uploadLetterboxed(_ bitmap: Bitmap, to surface: UnsafeMutablePointer<SDL_Surface>) throws(LiveError) {
        guard
            let source = SDL_CreateRGBSurfaceWithFormatFrom(
                bitmap.data, Int32(pixelWidth), Int32(pixelHeight), 32, Int32(bitmap.stride), SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { throw Self.failure("SDL_CreateRGBSurfaceWithFormatFrom") }
        defer { SDL_FreeSurface(source) }
        SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_NONE)
        let box = Letterbox(
            pictureWidth: pixelWidth, pictureHeight: pixelHeight, windowWidth: Int(surface.pointee.w), windowHeight: Int(surface.pointee.h))
        let r = box.pictureRect
        var destination = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
        SDL_FillRect(surface, nil, SDL_MapRGB(surface.pointee.format, 32, 32, 32))
        guard SDL_UpperBlitScaled(source, nil, surface, &destination) == 0 else { throw Self.failure("SDL_BlitScaled") }
        // The next upload at the picture's own size copies everything again.
        lastSurface = nil
        pending = [SDL_Rect(x: 0, y: 0, w: surface.pointee.w, h: surface.pointee.h)]
    }

    /// Sends what was uploaded since the last call to the display (all of the window after it
    /// was uncovered).
    public func show() {
        if needsWholeShow, let surface = SDL_GetWindowSurface(window) {
            pending = [SDL_Rect(x: 0, y: 0, w: surface.pointee.w, h: surface.pointee.h)]
            needsWholeShow = false
        }
        guard !pending.isEmpty else { return }
        SDL_UpdateWindowSurfaceRects(window, pending, Int32(pending.count))
        pending.removeAll(keepingCapacity: true)
    }

    /// The wall clock the window's events use, seconds: SDL's milliseconds since it started.
    public static var wallTime: Double { Double(SDL_GetTicks64()) / 1000 }

    /// Where the picture sits in the window now: the window's size (in the coordinates of its
    /// mouse events) against the picture's.
    public var letterbox: Letterbox {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return Letterbox(pictureWidth: pixelWidth, pictureHeight: pixelHeight, windowWidth: Int(w), windowHeight: Int(h))
    }

    /// Resizes the window's client area to `width` × `height` (in the coordinates of its mouse
    /// events), as a user dragging its edge would.
    public func resize(width: Int, height: Int) {
        SDL_SetWindowSize(window, Int32(clamping: width), Int32(clamping: height))
    }

    /// Takes every pending event and returns those a live player answers, in order, with the
    /// positions of the picture's pixels under them (see ``letterbox``).
    public func pollEvents() -> [LiveEvent] {
        var events: [LiveEvent] = []
        var event = SDL_Event()
        let letterbox = letterbox
        while SDL_PollEvent(&event) != 0 {
            take(event, letterbox, into: &events)
        }
        return events
    }

    /// Waits up to `timeout` seconds (at most 1) for events and returns them as ``pollEvents()``
    /// does; empty when none came. SDL stamps an event when it reads it from the display server,
    /// so a loop that waits here between frames, rather than sleeping, gives its input the times
    /// it arrived (a flick's velocity), not the time of the next frame.
    ///
    /// It looks every millisecond rather than blocking in `SDL_WaitEventTimeout`, whose X11
    /// wake-up message to the window can reach the server after the window is destroyed at quit,
    /// and Xlib's default error handler then ends the process with status 1.
    public func waitEvents(timeout: Double) -> [LiveEvent] {
        guard timeout.isFinite, timeout > 0 else { return [] }
        let deadline = SDL_GetTicks64() + UInt64((min(timeout, 1) * 1000).rounded(.up))
        while true {
            let events = pollEvents()
            if !events.isEmpty || SDL_GetTicks64() >= deadline { return events }
            SDL_Delay(1)
        }
    }

    private func take(_ event: SDL_Event, _ letterbox: Letterbox, into events: inout [LiveEvent]) {
        if SDL_EventType(event.type) == SDL_WINDOWEVENT, event.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue) {
            needsWholeShow = true
        }
        var event = event
        // On X11, the server's own time of a pointer event comes just before SDL's event for it.
        let server = kinema_x11_pointer_time(&event)
        if server != 0 {
            pendingServerTime = Int(truncatingIfNeeded: server)
            return
        }
        var serverTime: Int?
        switch SDL_EventType(event.type) {
        case SDL_MOUSEMOTION, SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            serverTime = pendingServerTime
            pendingServerTime = nil
        default: break
        }
        guard var live = Self.liveEvent(event).map({ Self.inPicture($0, letterbox) }) else { return }
        if let serverTime {
            live = live.at(wall: serverClock.wall(server: serverTime, received: Int(event.common.timestamp)))
        }
        // A drag that leaves the window keeps its finger until the button comes up.
        switch live {
        case .mouseDown: SDL_CaptureMouse(SDL_TRUE)
        case .mouseUp: SDL_CaptureMouse(SDL_FALSE)
        default: break
        }
        events.append(live)
    }

    /// `event` with its window positions turned into the picture's: mouse pixels, and touch
    /// positions as fractions of the picture rather than of the window.
    static func inPicture(_ event: LiveEvent, _ letterbox: Letterbox) -> LiveEvent {
        switch event {
        case .mouseDown(let pixel, let wall, let modifiers):
            return .mouseDown(pixel: letterbox.picturePixel(atWindow: pixel), wall: wall, modifiers: modifiers)
        case .mouseMotion(let pixel, let wall):
            return .mouseMotion(pixel: letterbox.picturePixel(atWindow: pixel), wall: wall)
        case .mouseUp(let pixel, let wall):
            return .mouseUp(pixel: letterbox.picturePixel(atWindow: pixel), wall: wall)
        case .wheel(let pixel, let lines, let wall):
            return .wheel(pixel: letterbox.picturePixel(atWindow: pixel), lines: lines, wall: wall)
        case .finger(let id, let phase, let position, let wall):
            let window = Point(x: position.x * Double(letterbox.windowWidth), y: position.y * Double(letterbox.windowHeight))
            let pixel = letterbox.picturePixel(atWindow: window)
            let fraction = Point(x: pixel.x / Double(letterbox.pictureWidth), y: pixel.y / Double(letterbox.pictureHeight))
            return .finger(id: id, phase: phase, position: fraction, wall: wall)
        case .key, .quit:
            return event
        }
    }

    /// The ``LiveEvent`` an SDL event stands for, if any.
    static func liveEvent(_ event: SDL_Event) -> LiveEvent? {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_CLOSE.rawValue):
            return .quit
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.which != touchMouseID:
            let keys = SDL_GetModState().rawValue
            var modifiers: MouseFingers.Modifiers = []
            if keys & KMOD_ALT.rawValue != 0 { modifiers.insert(.alt) }
            if keys & KMOD_SHIFT.rawValue != 0 { modifiers.insert(.shift) }
            return .mouseDown(
                pixel: Point(x: Double(event.button.x), y: Double(event.button.y)), wall: Double(event.button.timestamp) / 1000,
                modifiers: modifiers)
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.which != touchMouseID:
            return .mouseUp(pixel: Point(x: Double(event.button.x), y: Double(event.button.y)), wall: Double(event.button.timestamp) / 1000)
        case SDL_MOUSEMOTION where event.motion.state & UInt32(1 << (SDL_BUTTON_LEFT - 1)) != 0 && event.motion.which != touchMouseID:
            return .mouseMotion(
                pixel: Point(x: Double(event.motion.x), y: Double(event.motion.y)), wall: Double(event.motion.timestamp) / 1000)
        case SDL_MOUSEWHEEL where event.wheel.which != touchMouseID:
            // SDL 2.26 gives the pointer's place with the wheel; a "flipped" (natural) wheel
            // reports the opposite sign.
            let w = event.wheel
            let flip: Double = w.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) ? -1 : 1
            return .wheel(
                pixel: Point(x: Double(w.mouseX), y: Double(w.mouseY)),
                lines: Vector(dx: Double(w.preciseX) * flip, dy: Double(w.preciseY) * flip), wall: Double(w.timestamp) / 1000)
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let phase: LiveEvent.FingerPhase =
                switch SDL_EventType(event.type) {
                case SDL_FINGERDOWN: .down
                case SDL_FINGERUP: .up
                default: .motion
                }
            return .finger(
                id: Int(truncatingIfNeeded: event.tfinger.fingerId), phase: phase,
                position: Point(x: Double(event.tfinger.x), y: Double(event.tfinger.y)), wall: Double(event.tfinger.timestamp) / 1000)
        case SDL_KEYDOWN:
            switch Int(event.key.keysym.sym) {
            case Int(SDLK_SPACE.rawValue): return .key(.pause)
            case Int(SDLK_s.rawValue): return .key(.slowMotion)
            case Int(SDLK_RIGHT.rawValue): return .key(.step)
            case Int(SDLK_r.rawValue): return .key(.restart)
            case Int(SDLK_p.rawValue): return .key(.saveFrame)
            case Int(SDLK_q.rawValue), Int(SDLK_ESCAPE.rawValue): return .key(.quit)
            default: return nil
            }
        default:
            return nil
        }
    }
}
