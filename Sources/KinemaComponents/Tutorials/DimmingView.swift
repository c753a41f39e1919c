import KinemaGeometry
import KinemaLayers
import KinemaTiming
import KinemaUI

/// A view that dims what is behind it except for a rounded cutout around a target: the overlay
/// of a coach-mark tutorial. Mirrors the overlay of Instructions (`OverlayView` with a cutout
/// path) and AMPopTip's `shouldCutoutMask`.
///
/// The view's layer is a `ShapeLayer` filled with ``dimmingColor`` using the even-odd rule
/// over two subpaths, the bounds and the cutout, so the cutout is fully transparent
/// (invariant 21 of docs/popover-notes.md). The cutout is ``cutoutTargetRect`` (view coordinates,
/// points) inset by −``cutoutPadding`` with ``cutoutCornerRadius``.
///
/// ```swift
/// let dim = DimmingView(frame: window.bounds)
/// dim.tapOutsideHandler = { _ in flow.next() }
/// window.addSubview(dim)
/// dim.setCutout(around: button.convert(button.bounds, to: dim), duration: 0.3)
/// ```
///
/// The dimmed area follows a change of the bounds at the next layout pass (``layoutSubviews()``).
///
/// Touches: with ``passesTouchesThroughCutout`` (the default) a point inside the cutout is not
/// hit, so touches reach the view under it; elsewhere the view takes the touch, and a touch
/// that ends outside the cutout calls ``tapOutsideHandler``. Hit testing uses the model cutout
/// (where an animation is going), as UIKit hit-tests the model layer.
open class DimmingView: View {
    open override class var layerClass: Layer.Type { ShapeLayer.self }

    /// The key of the cutout's path animation on the layer.
    public static let cutoutAnimationKey = "cutout"

    /// The layer, a shape layer filling the dimmed area.
    public var shapeLayer: ShapeLayer {
        // layerClass is ShapeLayer, so the cast always succeeds.
        layer as! ShapeLayer
    }

    /// The dimming colour. Default black at alpha 0.6 (AMPopTip's mask colour).
    public var dimmingColor: Color = Color(red: 0, green: 0, blue: 0, alpha: 0.6) {
        didSet { shapeLayer.fillColor = dimmingColor }
    }

    /// The rectangle to reveal, in the view's coordinates, points; `nil` for no cutout (the
    /// whole view is dimmed). Default `nil`. Setting it moves the cutout at once; use
    /// ``setCutout(around:duration:timingFunction:)`` to animate. Non-finite rects count as
    /// `nil`.
    public var cutoutTargetRect: Rect? {
        didSet {
            if let rect = cutoutTargetRect, !rect.isFinite { cutoutTargetRect = nil }
            updatePath()
        }
    }

    /// How far the cutout extends past the target on every side, points. Default 8. Negative
    /// or non-finite values count as 0.
    public var cutoutPadding: Double = 8 {
        didSet {
            if !(cutoutPadding.isFinite && cutoutPadding >= 0) { cutoutPadding = 0 }
            updatePath()
        }
    }

    /// The cutout's corner radius, points, limited to half its shorter side. Default 8.
    /// Negative or non-finite values count as 0.
    public var cutoutCornerRadius: Double = 8 {
        didSet {
            if !(cutoutCornerRadius.isFinite && cutoutCornerRadius >= 0) { cutoutCornerRadius = 0 }
            updatePath()
        }
    }

    /// Whether touches inside the cutout go to the views below (hit testing answers `nil`
    /// there). Default `true`. Mirrors Instructions' `isUserInteractionEnabledInsideCutoutPath`.
    public var passesTouchesThroughCutout = true

    /// Called with the location (view coordinates) when a touch ends outside the cutout.
    /// Mirrors AMPopTip's `tapOutsideHandler`.
    public var tapOutsideHandler: ((Point) -> Void)?

    /// Called with the location when a touch ends inside the cutout while
    /// ``passesTouchesThroughCutout`` is `false`. Mirrors AMPopTip's `tapCutoutHandler`.
    public var tapCutoutHandler: ((Point) -> Void)?

    /// Where a closed cutout sits (a zero-size rect, so closing animates onto the old centre).
    private var collapsedCentre = Point(x: 0, y: 0)

    /// A dimming view with no cutout.
    public override init(frame: Rect) {
        super.init(frame: frame)
        shapeLayer.fillColor = dimmingColor
        shapeLayer.fillRule = .evenOdd
        updatePath()
    }

    /// The cutout in view coordinates: the target inset by −``cutoutPadding``, or `nil`.
    public var cutoutRect: Rect? {
        cutoutTargetRect.map { $0.standardized.insetBy(dx: -cutoutPadding, dy: -cutoutPadding) }
    }

    /// The cutout's outline (a rounded rectangle), or `nil` when there is no cutout.
    public var cutoutPath: Path? {
        cutoutRect.map { Self.roundedRectPath($0, radius: cutoutCornerRadius) }
    }

    /// Whether `point` (view coordinates) is inside the cutout's rounded outline.
    public func cutoutContains(_ point: Point) -> Bool {
        guard let path = cutoutPath, point.isFinite else { return false }
        return path.contains(point, fillRule: .nonZero)
    }

    /// Moves the cutout to reveal `target` (view coordinates, points; `nil` to close it onto its
    /// centre), animating the layer's path over `duration` seconds (0 for no animation) with
    /// `timingFunction` (default ease-in-ease-out). The animation starts at the window's
    /// current media time and runs from the cutout on screen, so an interrupted move continues
    /// without a jump.
    public func setCutout(around target: Rect?, duration: Double = 0, timingFunction: TimingFunction = .easeInEaseOut) {
        let target = target.flatMap { $0.isFinite ? $0 : nil }
        let currentTime = window?.currentTime ?? 0
        let from = presentedPath(at: currentTime)
        // Closing (`nil`) collapses the cutout onto its last centre.
        cutoutTargetRect = target
        let to = shapeLayer.path
        if duration > 0, duration.isFinite, let from, let to, from != to {
            var animation = BasicAnimation(keyPath: LayerKeyPath(.path))
            animation.fromValue = .path(from)
            animation.toValue = .path(to)
            animation.duration = duration
            animation.timingFunction = timingFunction
            shapeLayer.add(animation, forKey: Self.cutoutAnimationKey)
        } else {
            shapeLayer.removeAnimation(forKey: Self.cutoutAnimationKey)
        }
    }

    /// Moves the cutout to reveal `view` (its bounds converted to this view's coordinates, so
    /// both should be in the same window), as ``setCutout(around:duration:timingFunction:)``.
    public func setCutout(aroundView view: View, duration: Double = 0, timingFunction: TimingFunction = .easeInEaseOut) {
        setCutout(around: view.convert(view.bounds, to: self), duration: duration, timingFunction: timingFunction)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        updatePath()
    }

    open override func hitTest(_ point: Point, with event: Event?) -> View? {
        if passesTouchesThroughCutout, cutoutContains(point) { return nil }
        return super.hitTest(point, with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches.sorted(by: { $0.identifier < $1.identifier }) {
            let location = touch.location(in: self)
            if cutoutContains(location) {
                tapCutoutHandler?(location)
            } else if bounds.contains(location) {
                tapOutsideHandler?(location)
            }
        }
    }

    // MARK: Path

    /// The path on screen at `time`: the running cutout animation's value, or the model path.
    private func presentedPath(at time: Double) -> Path? {
        if shapeLayer.animation(forKey: Self.cutoutAnimationKey) != nil,
            case .path(let path)? = shapeLayer.presentationValue(forKeyPath: LayerKeyPath(.path), at: time)
        {
            return path
        }
        return shapeLayer.path
    }

    /// Rebuilds the model path: the bounds, then the cutout (always with the same element
    /// structure, so any two cutouts interpolate).
    private func updatePath() {
        var path = Path(rect: bounds)
        if let rect = cutoutRect { collapsedCentre = Point(x: rect.midX, y: rect.midY) }
        let cutout = cutoutRect ?? Rect(x: collapsedCentre.x, y: collapsedCentre.y, width: 0, height: 0)
        path.addPath(Self.roundedRectPath(cutout, radius: cutoutRect == nil ? 0 : cutoutCornerRadius))
        shapeLayer.path = path
    }

    /// A rounded rectangle as a move, four line-and-cubic pairs and a close, whatever the
    /// radius (0 gives degenerate cubics), so all such paths have the same structure.
    static func roundedRectPath(_ rect: Rect, radius: Double) -> Path {
        let r = rect.standardized
        let radius = min(max(0, radius), r.width / 2, r.height / 2)
        let k = radius * 4.0 / 3.0 * (2.0.squareRoot() - 1)
        let (x0, x1, y0, y1) = (r.minX, r.maxX, r.minY, r.maxY)
        var path = Path()
        path.move(to: Point(x: x0 + radius, y: y0))
        path.addLine(to: Point(x: x1 - radius, y: y0))
        path.addCurve(
            to: Point(x: x1, y: y0 + radius), control1: Point(x: x1 - radius + k, y: y0), control2: Point(x: x1, y: y0 + radius - k))
        path.addLine(to: Point(x: x1, y: y1 - radius))
        path.addCurve(
            to: Point(x: x1 - radius, y: y1), control1: Point(x: x1, y: y1 - radius + k), control2: Point(x: x1 - radius + k, y: y1))
        path.addLine(to: Point(x: x0 + radius, y: y1))
        path.addCurve(
            to: Point(x: x0, y: y1 - radius), control1: Point(x: x0 + radius - k, y: y1), control2: Point(x: x0, y: y1 - radius + k))
        path.addLine(to: Point(x: x0, y: y0 + radius))
        path.addCurve(
            to: Point(x: x0 + radius, y: y0), control1: Point(x: x0, y: y0 + radius - k), control2: Point(x: x0 + radius - k, y: y0))
        path.closeSubpath()
        return path
    }
}
