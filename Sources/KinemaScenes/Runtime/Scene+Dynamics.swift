import KinemaGeometry
import KinemaUI

extension Scene {
    /// Makes a script step's change to the scene's dynamic animator.
    func apply(_ change: DynamicsChange) {
    }
}
