import KinemaGeometry
import KinemaUI

extension Scene {
    /// Delivers one scripted touch sample to the window.
    func deliver(_ touch: SceneTouch) {
        // Wired to Window.send(_:) when touch delivery lands in KinemaUI.
    }

    /// Attaches the recognizer `spec` describes to `view`.
    func attach(_ spec: GestureSpec, to view: View) {
        // Wired to the gesture recognizers when they land in KinemaUI.
    }

    /// The gesture recognizers of `view` for `kinema inspect`: id, type and state.
    func describeGestures(of view: View) -> [JSONValue] {
        []
    }
}
