import KinemaGeometry

/// The kinds of transition a scene can declare in `"transitions"`.
public enum SceneTransitionType: String, Sendable, CaseIterable {
    /// iOS 18's zoom (``ViewController/Transition/zoom(options:sourceViewProvider:)``): an image
    /// view's image zooms into a detail screen, and a drag on the detail dismisses it back.
    case zoom
}

/// One transition of a scene: a detail screen presented from a view with a zoom, dismissed by a
/// drag (scripted touches drive it like a finger).
public struct TransitionSpec: Sendable {
    /// The unique id (shares the namespace of layer, view and overlay ids).
    public var id: String
    public var type: SceneTransitionType
    /// The image view the detail zooms out of and back into.
    public var source: String
    /// Whether a tap on the source presents the detail. Default `true` unless ``presentAt`` is
    /// given.
    public var presentOnTap: Bool
    /// The scene time the detail is presented at, seconds, or `nil`.
    public var presentAt: Double?
    /// How the detail moves.
    public var options: ZoomSpecOptions
}

/// The options of a zoom transition (`"options"`), as ``ViewController/Transition/ZoomOptions``
/// names them.
public struct ZoomSpecOptions: Sendable {
    /// Which way a drag dismisses: `down` (as Photos) or `any`.
    public var dismissDirections = "down"
    /// How the image scales under the finger: `touch` (the touched point stays under it) or
    /// `center`.
    public var scaling = "touch"
    /// The fraction of the screen's height a slow drag must pass to dismiss. Default 0.1.
    public var threshold = 0.1
    /// The smallest scale a drag reaches, through a rubber band. Default 0.3.
    public var scaleFloor = 0.3
    /// The detail's background. Default black, as Photos.
    public var background = Color(red: 0, green: 0, blue: 0)
    /// The detail's largest pinch zoom. Default 3; 1 turns zooming off.
    public var maximumZoomScale = 3.0
}
