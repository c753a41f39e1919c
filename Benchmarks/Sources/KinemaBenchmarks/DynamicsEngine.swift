// The engines of the dynamics benchmark behind one small interface, so the harness runs the same
// scene on each, in the same process.

/// One engine holding one built scene. States are reported y UP, in points (scene coordinates).
protocol DynamicsEngine: AnyObject {
    /// Advances one 60 Hz frame (the engine's own sub-stepping inside).
    func stepFrame()
    /// The centre and angle (radians, counter-clockwise) of the scene's dynamic box `index`.
    func state(_ index: Int) -> (x: Double, y: Double, angle: Double)
    /// The linear velocity (pt/s, y up) of the scene's dynamic box `index`.
    func velocity(_ index: Int) -> (vx: Double, vy: Double)
}

/// An engine with its settings: one row of the benchmark's tables.
enum EngineSetting: CaseIterable {
    /// Kinema's `PhysicsWorld`, default configuration (sleep on), two 1/120 s steps per frame.
    case kinema
    /// Kinema with `configuration.enableSleep = false`.
    case kinemaNoSleep
    /// Kinema with sleep off at Chipmunk's step rate: one 1/60 s step per frame, divided into 8
    /// sub-steps, so that its solver runs at the same 480 Hz as two 1/120 s steps of 4 sub-steps
    /// (with 4 sub-steps at 1/60 s, contacts are capped at 60 Hz and a 20-box column topples).
    case kinema60NoSleep
    /// Chipmunk 7, 10 iterations, collision slop 0.5 pt, one 1/60 s step per frame.
    case chipmunk60
    /// Chipmunk 7 at 60 Hz with sleeping on: islands idle below 1 pt/s for 0.5 s sleep.
    case chipmunk60Sleep
    /// Chipmunk 7 as above with two 1/120 s steps per frame.
    case chipmunk120
    /// Box2D 2.4.1 in UIKit's configuration: 100 pt/m, two 1/120 s steps per frame, 8/3 iterations.
    case box2d

    var label: String {
        switch self {
        case .kinema: "Kinema (sleep on, default)"
        case .kinemaNoSleep: "Kinema (sleep off)"
        case .kinema60NoSleep: "Kinema 60 Hz, 8 sub-steps (sleep off)"
        case .chipmunk60: "Chipmunk 7.0.3, 60 Hz"
        case .chipmunk60Sleep: "Chipmunk 7.0.3, 60 Hz, sleep on"
        case .chipmunk120: "Chipmunk 7.0.3, 120 Hz"
        case .box2d: "Box2D 2.4.1, UIKit config"
        }
    }

    func make(_ scene: DynamicsScene) throws -> any DynamicsEngine {
        switch self {
        case .kinema: try KinemaEngine(scene, sleep: true)
        case .kinemaNoSleep: try KinemaEngine(scene, sleep: false)
        case .kinema60NoSleep: try KinemaEngine(scene, sleep: false, stepsPerFrame: 1, subSteps: 8)
        case .chipmunk60: ChipmunkEngine(scene, stepsPerFrame: 1)
        case .chipmunk60Sleep: ChipmunkEngine(scene, stepsPerFrame: 1, sleep: true)
        case .chipmunk120: ChipmunkEngine(scene, stepsPerFrame: 2)
        case .box2d: Box2DEngine(scene)
        }
    }
}
