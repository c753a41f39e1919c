import KinemaGeometry
import KinemaLayers
import KinemaUI

/// The views of a zoom while it runs, and the only code that writes them.
///
/// The zoomed controller's view itself flies: it stays the container's subview, scaled about its
/// centre so that its alignment rectangle fills the visual's frame (aspect fill,
/// ``ZoomGeometry/placement(of:inBounds:filling:)``), with a mask layer cutting it to that frame
/// (rounded by the visual's corner radius). Behind it a backdrop view in the dimming colour takes
/// the visual's background opacity, with the presenting screen visible through it. Writing a
/// visual sets model values without animation: the engine evaluates its springs for every frame,
/// so what is on screen is always the closed form at the frame's time.
final class ZoomStage {
    let zoomedView: View
    let backdrop: View
    let mask: Layer
    /// The alignment rectangle in the zoomed view's bounds coordinates.
    let alignment: Rect
    /// The zoomed view's frame at rest, container coordinates.
    let restingFrame: Rect
    private let restingAlpha: Double
    /// The last visual written.
    private(set) var shown: ZoomVisual

    init(container: View, zoomedView: View, restingFrame: Rect, alignment: Rect, backdropColor: Color) {
        self.zoomedView = zoomedView
        self.restingFrame = restingFrame
        self.alignment = alignment
        restingAlpha = zoomedView.alpha
        zoomedView.transform = .identity
        zoomedView.frame = restingFrame
        backdrop = View(frame: container.bounds)
        backdrop.backgroundColor = backdropColor
        backdrop.isUserInteractionEnabled = false
        backdrop.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if zoomedView.superview !== container { container.addSubview(zoomedView) }
        container.insertSubview(backdrop, belowSubview: zoomedView)
        mask = Layer()
        mask.backgroundColor = .black
        zoomedView.layer.mask = mask
        shown = ZoomVisual(frame: .zero, cornerRadius: 0, backgroundAlpha: 1, contentAlpha: 1)
        shown = restingVisual
    }

    /// The alignment rectangle at rest, container coordinates.
    var restingAlignmentFrame: Rect {
        let b = zoomedView.bounds
        return Rect(
            x: restingFrame.minX + alignment.minX - b.minX, y: restingFrame.minY + alignment.minY - b.minY,
            width: alignment.width, height: alignment.height)
    }

    /// The presented state: the alignment rectangle in place, square corners, backdrop opaque.
    var restingVisual: ZoomVisual {
        ZoomVisual(frame: restingAlignmentFrame, cornerRadius: 0, backgroundAlpha: 1, contentAlpha: 1)
    }

    /// Shows `visual` (sanitised first: nothing that is not finite reaches a view or a layer).
    func apply(_ visual: ZoomVisual) {
        let v = visual.sanitized(fallback: shown)
        let place = ZoomGeometry.placement(of: alignment, inBounds: zoomedView.bounds, filling: v.frame)
        guard place.center.isFinite, place.scale.isFinite, place.visibleRect.isFinite else { return }
        zoomedView.transform = AffineTransform(scaleX: place.scale, y: place.scale)
        zoomedView.center = place.center
        zoomedView.alpha = restingAlpha * v.contentAlpha
        backdrop.alpha = v.backgroundAlpha
        let transaction = mask.layerContext?.transaction
        transaction?.begin()
        transaction?.disableActions = true
        mask.frame = place.visibleRect
        mask.cornerRadius = v.cornerRadius / place.scale
        transaction?.commit()
        shown = v
    }

    /// Puts the zoomed view back at rest (no mask, no transform, its own opacity) and removes the
    /// backdrop.
    func tearDown() {
        if zoomedView.layer.mask === mask { zoomedView.layer.mask = nil }
        zoomedView.transform = .identity
        zoomedView.frame = restingFrame
        zoomedView.alpha = restingAlpha
        backdrop.removeFromSuperview()
    }

    /// What shows at media time `time`, from the layers' presentation values.
    func inspection(at time: Double, state: ZoomTransitionState) -> ZoomTransitionInspection {
        let view = zoomedView.layer.presentation(at: time)
        let m = mask.presentation(at: time)
        let scale = view.transform.affineTransform.a
        let maskRect = Rect(
            x: m.position.x - m.bounds.width * m.anchorPoint.x, y: m.position.y - m.bounds.height * m.anchorPoint.y,
            width: m.bounds.width, height: m.bounds.height)
        let bounds = view.bounds
        let center = Point(
            x: view.position.x + scale * (maskRect.midX - bounds.midX), y: view.position.y + scale * (maskRect.midY - bounds.midY))
        let size = Size(width: maskRect.width * scale, height: maskRect.height * scale)
        let frame = Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        let crop = Rect(
            x: (maskRect.minX - alignment.minX) / alignment.width, y: (maskRect.minY - alignment.minY) / alignment.height,
            width: maskRect.width / alignment.width, height: maskRect.height / alignment.height)
        return ZoomTransitionInspection(
            state: state, imageFrame: frame, crop: crop.isFinite ? crop : nil, cornerRadius: m.cornerRadius * scale,
            backgroundAlpha: backdrop.layer.presentation(at: time).opacity,
            contentAlpha: restingAlpha > 0 ? view.opacity / restingAlpha : 1)
    }
}
