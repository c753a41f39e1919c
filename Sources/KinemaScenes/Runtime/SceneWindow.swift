import KinemaLayers
import KinemaUI

/// The window of a ``Scene``. Its layer is the scene's root layer, which keeps behaving as the
/// plain layer it was before scenes had windows: a script `set` on `root` runs the layer's
/// implicit animation (a view's layer would not animate outside an animation block).
final class SceneWindow: Window {
    override func action(for layer: Layer, forKey event: String) -> (any Action)? {
        layer === self.layer ? nil : super.action(for: layer, forKey: event)
    }
}
