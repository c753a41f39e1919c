import KinemaGeometry
import KinemaUI

/// What a zoom transition is doing (``ViewController/Transition/state``).
public enum ZoomTransitionState: String, Hashable, Sendable, CaseIterable {
    /// Not presented (before the presentation, after the dismissal).
    case idle
    /// The presentation's zoom is running.
    case presenting
    /// Presented and at rest.
    case presented
    /// A finger holds the zoomed content (a drag, or a flight caught by a touch).
    case dragging
    /// Flying back into the source (the dismissal completes when it lands).
    case dismissing
    /// Flying back to the presented state (the dismissal is cancelled when it lands).
    case cancelling
}

/// What a zoom shows at one time, from presentation values (what is on screen): the record
/// `kinema inspect` prints (``ViewController/Transition/inspection(at:)``).
public struct ZoomTransitionInspection: Hashable, Sendable {
    /// The transition's state.
    public var state: ZoomTransitionState
    /// The zoomed content's visible frame (the alignment rectangle as shown), window coordinates;
    /// `nil` when nothing flies (idle, or presented at rest).
    public var imageFrame: Rect?
    /// The part of the alignment rectangle the frame shows (aspect fill), a unit rectangle; `nil`
    /// with ``imageFrame``.
    public var crop: Rect?
    /// The frame's corner radius, points.
    public var cornerRadius: Double
    /// The opacity of the backdrop behind the content.
    public var backgroundAlpha: Double
    /// The opacity of the zoomed content.
    public var contentAlpha: Double

    public init(
        state: ZoomTransitionState, imageFrame: Rect?, crop: Rect?, cornerRadius: Double, backgroundAlpha: Double,
        contentAlpha: Double
    ) {
        self.state = state
        self.imageFrame = imageFrame
        self.crop = crop
        self.cornerRadius = cornerRadius
        self.backgroundAlpha = backgroundAlpha
        self.contentAlpha = contentAlpha
    }
}
