// Chipmunk 7.0.3 (Debian's libchipmunk-dev) as a benchmark peer: 10 iterations, collision slop
// 0.5 pt, sleeping off unless asked for (then 0.5 s below 1 pt/s, Kinema's rule). Chipmunk is y up in any unit; the scene's points are used as they are.
// Chipmunk multiplies the frictions and elasticities of the two shapes in contact.
import CChipmunk
import Glibc

final class ChipmunkEngine: DynamicsEngine {
    private let space: OpaquePointer
    private let stepsPerFrame: Int
    private var items: [OpaquePointer] = []
    private var ownedBodies: [OpaquePointer] = []
    private var shapes: [OpaquePointer] = []

    /// The Debian build is a debug build that prints a banner to stdout when the first space is
    /// made; call this once before any output so that the banner goes to /dev/null.
    static func silenceBanner() {
        fflush(nil)
        let saved = dup(1)
        let null = open("/dev/null", O_WRONLY)
        if saved >= 0, null >= 0 { dup2(null, 1) }
        let space = cpSpaceNew()
        cpSpaceFree(space)
        fflush(nil)
        if saved >= 0, null >= 0 { dup2(saved, 1) }
        if null >= 0 { close(null) }
        if saved >= 0 { close(saved) }
    }

    init(_ scene: DynamicsScene, stepsPerFrame: Int, sleep: Bool = false) {
        space = cpSpaceNew()
        self.stepsPerFrame = stepsPerFrame
        cpSpaceSetIterations(space, 10)
        cpSpaceSetCollisionSlop(space, 0.5)
        if sleep {
            cpSpaceSetSleepTimeThreshold(space, 0.5)
            cpSpaceSetIdleSpeedThreshold(space, 1)
        }
        cpSpaceSetGravity(space, cpv(0, -scene.gravity))
        for box in scene.statics {
            let body: OpaquePointer = cpBodyNewStatic()
            cpBodySetPosition(body, cpv(box.x, box.y))
            cpBodySetAngle(body, box.angle)
            cpSpaceAddBody(space, body)
            ownedBodies.append(body)
            addShape(cpBoxShapeNew(body, box.width, box.height, 0), box.friction, box.restitution)
        }
        for segment in scene.segments {
            let body = cpSpaceGetStaticBody(space)
            addShape(
                cpSegmentShapeNew(body, cpv(segment.x1, segment.y1), cpv(segment.x2, segment.y2), 0),
                segment.friction, segment.restitution)
        }
        for box in scene.boxes {
            let mass = box.density * box.width * box.height / 10_000
            let body: OpaquePointer = cpBodyNew(mass, cpMomentForBox(mass, box.width, box.height))
            cpBodySetPosition(body, cpv(box.x, box.y))
            cpBodySetAngle(body, box.angle)
            cpBodySetVelocity(body, cpv(box.vx, box.vy))
            cpSpaceAddBody(space, body)
            ownedBodies.append(body)
            items.append(body)
            addShape(cpBoxShapeNew(body, box.width, box.height, 0), box.friction, box.restitution)
        }
    }

    private func addShape(_ shape: OpaquePointer, _ friction: Double, _ elasticity: Double) {
        cpShapeSetFriction(shape, friction)
        cpShapeSetElasticity(shape, elasticity)
        cpSpaceAddShape(space, shape)
        shapes.append(shape)
    }

    deinit {
        for shape in shapes { cpSpaceRemoveShape(space, shape) }
        for body in ownedBodies { cpSpaceRemoveBody(space, body) }
        for shape in shapes { cpShapeFree(shape) }
        for body in ownedBodies { cpBodyFree(body) }
        cpSpaceFree(space)
    }

    func stepFrame() {
        let dt = 1.0 / (60 * Double(stepsPerFrame))
        for _ in 0..<stepsPerFrame { cpSpaceStep(space, dt) }
    }

    func state(_ index: Int) -> (x: Double, y: Double, angle: Double) {
        let p = cpBodyGetPosition(items[index])
        return (p.x, p.y, cpBodyGetAngle(items[index]))
    }

    func velocity(_ index: Int) -> (vx: Double, vy: Double) {
        let v = cpBodyGetVelocity(items[index])
        return (v.x, v.y)
    }
}
