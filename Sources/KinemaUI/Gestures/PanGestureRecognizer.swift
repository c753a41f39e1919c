import KinemaGeometry
import KinemaTiming

/// Recognizes a drag: fingers moving across the view. Continuous: `began` once the centroid of
/// the fingers has moved ``hysteresis`` points, `changed` as they move, `ended` when fewer than
/// ``minimumNumberOfTouches`` remain; `failed` if they lift first. Mirrors
/// `UIPanGestureRecognizer`.
///
/// ``translation(in:)`` is how far the fingers moved since the pan began (the slop is not
/// included, so the translation starts at zero and a view that follows it does not jump);
/// ``velocity(in:)`` is their speed in points per second. Both follow the centroid of the
/// fingers; a finger that comes down or lifts mid-pan shifts the centroid, and the reference is
/// shifted with it so the translation does not jump.
///
/// ```swift
/// let pan = PanGestureRecognizer(target: self, action: DetailViewController.handlePanGesture)
/// imageView.addGestureRecognizer(pan)
///
/// func handlePanGesture(_ pan: PanGestureRecognizer) {
///     let t = pan.translation(in: view)
///     imageView.transform = AffineTransform(translationX: t.x, y: t.y)
///     if pan.state == .ended { print("released at", pan.velocity(in: view), "pt/s") }
/// }
/// ```
open class PanGestureRecognizer: GestureRecognizer {
    /// The fewest fingers that pan, at least 1. Default 1. Mirrors
    /// `UIPanGestureRecognizer.minimumNumberOfTouches`.
    public var minimumNumberOfTouches = 1 {
        didSet { minimumNumberOfTouches = max(1, minimumNumberOfTouches) }
    }

    /// The most fingers that pan, at least 1; more fingers are ignored. Default `Int.max`.
    /// Mirrors `UIPanGestureRecognizer.maximumNumberOfTouches`.
    public var maximumNumberOfTouches = Int.max {
        didSet { maximumNumberOfTouches = max(1, maximumNumberOfTouches) }
    }

    /// How far the centroid of the fingers must move before the pan begins (the slop), points,
    /// at least 0. Default 10. A touch that moves less and lifts is not a pan (a tap can still
    /// recognize). Kinema addition: UIKit keeps its slop private and does not document it.
    public var hysteresis = 10.0 {
        didSet { if !(hysteresis.isFinite && hysteresis >= 0) { hysteresis = oldValue } }
    }

    /// Added to the fingers' centroid so that fingers coming and going do not move it (window
    /// coordinates, points).
    private var centroidOffset = Vector.zero
    /// The adjusted centroid the slop is measured from.
    private var slopOrigin = Point.zero
    /// The adjusted centroid where the translation is zero.
    private var reference = Point.zero
    /// The latest adjusted centroid.
    private var current = Point.zero
    private var tracker = VelocityTracker<Point>()

    public required init() {
        super.init()
    }

    // MARK: Translation and velocity

    /// How far the fingers moved since the pan began, in `view`'s coordinates (the window's when
    /// `nil`), points: zero at `.began` and before, and again after ``setTranslation(_:in:)``.
    /// Mirrors `UIPanGestureRecognizer.translation(in:)`.
    public func translation(in view: View?) -> Point {
        guard currentState != .possible else { return .zero }
        let a = convertFromWindow(current, to: view)
        let b = convertFromWindow(reference, to: view)
        let t = a - b
        return t.isFinite ? t : .zero
    }

    /// Makes ``translation(in:)`` read `translation` in `view`'s coordinates (the window's when
    /// `nil`) from now on; usually `.zero` after applying the translation to a view. Ignored when
    /// not finite or before the pan began. Mirrors `UIPanGestureRecognizer.setTranslation(_:in:)`.
    public func setTranslation(_ translation: Point, in view: View?) {
        guard currentState != .possible, translation.isFinite else { return }
        let here = convertFromWindow(current, to: view)
        if let newReference = convertToWindow(here - translation, from: view) { reference = newReference }
    }

    /// The velocity of the fingers' centroid, in `view`'s coordinates (the window's when `nil`),
    /// points per second: the least-squares estimate of `VelocityTracker` (KinemaTiming) over the last 0.1 s
    /// of events, zero when the fingers have not moved for 0.04 s (so a finger that stops before
    /// it lifts releases with no velocity). Zero before the first move and after the pan resets. Mirrors
    /// `UIPanGestureRecognizer.velocity(in:)`.
    public func velocity(in view: View?) -> Point {
        // Asked at the window's current time, so a finger that stopped before lifting (or has
        // not moved for the tracker's stop gap, 0.04 s) reports no stale velocity.
        let v = self.view?.window.map { tracker.velocity(at: $0.currentTime) } ?? tracker.velocity
        guard v.isFinite, v != .zero else { return .zero }
        guard view != nil else { return v }
        // The velocity maps like a displacement over a short step (exact for affine transforms).
        let step = 1.0 / 64
        let a = convertFromWindow(current, to: view)
        let b = convertFromWindow(current + v * step, to: view)
        let converted = (b - a) * (1 / step)
        return converted.isFinite ? converted : .zero
    }

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        let earlier = self.touches.filter { !touches.contains($0) }
        var room = maximumNumberOfTouches - earlier.count
        for touch in touches.inCreationOrder {
            if room > 0 {
                room -= 1
            } else {
                ignore(touch, for: event)
            }
        }
        if earlier.isEmpty {
            centroidOffset = .zero
            current = centroid(of: self.touches)
            slopOrigin = current
            reference = current
        } else {
            rebaseCentroid(keeping: centroid(of: earlier) + centroidOffset)
        }
        record(event)
        if state == .possible && self.touches.count < minimumNumberOfTouches { slopOrigin = current }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        current = centroid(of: self.touches) + centroidOffset
        record(event)
        moveContinuously {
            if self.touches.count < minimumNumberOfTouches {
                slopOrigin = current
            } else if current.distance(to: slopOrigin) >= hysteresis {
                if allowsBeginning(from: slopOrigin, to: current) {
                    reference = current
                    state = .began
                } else {
                    state = .failed
                }
            }
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        current = centroid(of: self.touches) + centroidOffset
        record(event)
        let remaining = self.touches.filter { !touches.contains($0) }
        switch state {
        case .possible:
            if remaining.isEmpty {
                state = .failed
            } else {
                rebaseCentroid(keeping: current, on: remaining)
                if remaining.count < minimumNumberOfTouches { slopOrigin = current }
            }
        case .began, .changed:
            if remaining.count < minimumNumberOfTouches {
                state = .ended
            } else {
                rebaseCentroid(keeping: current, on: remaining)
            }
        default:
            break
        }
    }

    open override func reset() {
        super.reset()
        centroidOffset = .zero
        slopOrigin = .zero
        reference = .zero
        current = .zero
        tracker.reset()
    }

    /// Whether a pan whose fingers crossed the slop, moving from `origin` to `current` (window
    /// coordinates), may begin; `false` fails it. Always `true` here;
    /// ``ScreenEdgePanGestureRecognizer`` accepts only motion away from its edge.
    func allowsBeginning(from origin: Point, to current: Point) -> Bool { true }

    /// Sets the offset so that the adjusted centroid of `touches` (all of them by default) is
    /// `point`.
    private func rebaseCentroid(keeping point: Point, on touches: [Touch]? = nil) {
        let raw = centroid(of: touches ?? self.touches)
        centroidOffset = Vector(from: raw, to: point)
        current = point
    }

    private func record(_ event: Event) {
        tracker.addSample(current, at: event.timestamp)
    }
}
