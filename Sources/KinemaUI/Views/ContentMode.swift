import KinemaLayers

/// How a view shows content whose size differs from its bounds. Mirrors `UIView.ContentMode`.
public enum ContentMode: String, Sendable, Hashable, CaseIterable {
    /// Stretch to fill the bounds, ignoring the aspect ratio (the default).
    case scaleToFill
    /// Scale to fit inside the bounds, keeping the aspect ratio (letterboxed).
    case scaleAspectFit
    /// Scale to cover the bounds, keeping the aspect ratio (cropped when clipped).
    case scaleAspectFill
    /// Redraw on bounds changes (drawn content), otherwise as `scaleToFill`.
    case redraw
    /// Unscaled, centred.
    case center
    /// Unscaled, at the top centre.
    case top
    /// Unscaled, at the bottom centre.
    case bottom
    /// Unscaled, at the left middle.
    case left
    /// Unscaled, at the right middle.
    case right
    /// Unscaled, in the top-left corner.
    case topLeft
    /// Unscaled, in the top-right corner.
    case topRight
    /// Unscaled, in the bottom-left corner.
    case bottomLeft
    /// Unscaled, in the bottom-right corner.
    case bottomRight

    /// The layer gravity that draws this mode. Core Animation names gravities with y up, so on a
    /// y-down screen UIKit's `top` is Core Animation's `bottom`, as on iOS.
    public var contentsGravity: ContentsGravity {
        switch self {
        case .scaleToFill, .redraw: .resize
        case .scaleAspectFit: .resizeAspect
        case .scaleAspectFill: .resizeAspectFill
        case .center: .center
        case .top: .bottom
        case .bottom: .top
        case .left: .left
        case .right: .right
        case .topLeft: .bottomLeft
        case .topRight: .bottomRight
        case .bottomLeft: .topLeft
        case .bottomRight: .topRight
        }
    }
}
