import Foundation
import KinemaGeometry
import KinemaPhysics

/// Runs dynamic behaviours on items in a reference coordinate space. Mirrors
/// `UIDynamicAnimator`, on Kinema's own solver.
///
/// Drive it from the display link: call ``advance(to:)`` once per frame with the frame's media
/// time. The first call only sets the baseline. Each later frame adds its interval (an interval
/// over 0.5 s counts as 1/60 s, as in UIKit) times ``speed`` to the simulated time; the world
/// steps in fixed 1/120 s steps up to the first step at or after that time, and items are posed
/// by interpolating between the last two steps (exact at a whole number of steps).
///
/// ```swift
/// let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 320, height: 480))
/// animator.addBehavior(GravityBehavior(items: [box]))
/// let collision = CollisionBehavior(items: [box])
/// collision.translatesReferenceBoundsIntoBoundary = true
/// animator.addBehavior(collision)
/// for frame in 1...120 { animator.advance(to: Double(frame) / 60) }
/// ```
///
/// The animator pauses (``isRunning`` false, ``DynamicAnimatorDelegate/dynamicAnimatorDidPause(_:)``)
/// after a frame in which every item rests, and resumes on any change.
public class DynamicAnimator {
    /// How items are read and written (KinemaUI's view space converts nested views).
    public let referenceSpace: any DynamicReferenceSpace
    /// The solver world. Exposed for inspection and advanced use: bodies the animator owns carry
    /// `userData` > 0 (items) or < 0 (boundaries); do not destroy them.
    public let world: PhysicsWorld
    /// The top-level behaviours, in the order they were added.
    public private(set) var behaviors: [DynamicBehavior] = []
    /// Told when the animator pauses and resumes.
    public weak var delegate: (any DynamicAnimatorDelegate)?
    /// Multiplies the simulated time of every frame. Default 1; 0 freezes the simulation.
    /// Negative or non-finite values are ignored (with a diagnostic).
    public var speed: Double {
        get { speedValue }
        set {
            guard newValue.isFinite, newValue >= 0 else {
                report("speed: ignored \(newValue); expected a finite number ≥ 0")
                return
            }
            speedValue = newValue
        }
    }
    /// Whether the animator steps on the next frame. False before the first behaviour and after
    /// a pause.
    public private(set) var isRunning = false
    /// Items the animator skipped or changed, and input it ignored, oldest first (at most 200).
    public private(set) var diagnostics: [String] = []

    var speedValue = 1.0
    var reportedMessages = Set<String>()
    /// Media time of the last frame, or `nil` before the first.
    var lastFrameTime: Double?
    /// Simulated seconds (sum of frame intervals × speed while running).
    var simulatedTime = 0.0
    /// 1/120 s steps taken.
    var stepCount = 0
    /// Interpolation factor between the previous and the current step for item poses.
    var poseAlpha = 1.0
    var lastReferenceBounds: Rect

    // Items.
    var records: [ItemRecord?] = []
    var freeRecordSlots: [Int] = []
    var recordSlotByItem: [ObjectIdentifier: Int] = [:]
    /// Members of groups that have bodies → the group's record slot.
    var groupSlotByMember: [ObjectIdentifier: Int] = [:]
    var nextRecordID = 1
    var needsReconcile = false
    var isReconciling = false
    /// All behaviours in tree order (parents before children), rebuilt on change.
    var flattenedBehaviors: [DynamicBehavior] = []
    var nextBehaviorSerial = 1
    /// Behaviours whose items should be woken at the next reconcile.
    var behaviorsToWake: [DynamicBehavior] = []

    // Boundaries and contacts.
    var boundaries: [BoundaryRecord?] = []
    var freeBoundarySlots: [Int] = []
    var nextBoundaryID = 1
    var collisionBehaviorsBySerial: [Int: CollisionBehavior] = [:]
    var activeContacts: [ActiveContact] = []
    var activeContactIndex: [ShapePair: Int] = [:]
    var pairCounts: [PairKey: Int] = [:]
    /// The last list of collision behaviours given to a contact (shared by the next equal one).
    /// `final`: no vtable entry, so modules built against the class before it existed still work.
    final var behaviorListCache: [CollisionBehavior] = []

    /// The fixed simulation step, seconds.
    public static let stepDuration = 1.0 / 120

    /// An animator whose items live in `referenceSpace`.
    public init(referenceSpace: any DynamicReferenceSpace) {
        self.referenceSpace = referenceSpace
        self.world = PhysicsWorld()
        self.lastReferenceBounds = referenceSpace.referenceBounds
        world.shouldCollide = { [weak self] a, b in
            self?.shouldCollide(a, b) ?? true
        }
    }

    deinit {
        // Behaviours outlive their animator: clear the world handles they hold so that adding
        // them to another animator starts afresh.
        var stack = behaviors
        while let b = stack.popLast() {
            b.tearDown(in: self)
            b.dynamicAnimator = nil
            stack.append(contentsOf: b.childBehaviors)
        }
    }

    /// An animator with reference bounds and a plain space: item centres are used as they are,
    /// rotation comes from `transform`.
    public convenience init(referenceBounds: Rect) {
        self.init(referenceSpace: PlainReferenceSpace(referenceBounds: referenceBounds))
    }

    /// An animator with no reference bounds (`translatesReferenceBoundsIntoBoundary` has no
    /// effect).
    public convenience init() {
        self.init(referenceSpace: PlainReferenceSpace())
    }

    /// The reference space's bounds, points (`Rect.zero` when there are none).
    public var referenceBounds: Rect { referenceSpace.referenceBounds }

    /// Simulated seconds while running: the sum of frame intervals (clamped) × ``speed``.
    public func elapsedTime() -> Double { simulatedTime }

    // MARK: - Behaviours

    /// Adds a top-level behaviour (ignored if it is already in an animator or is a child).
    public func addBehavior(_ behavior: DynamicBehavior) {
        guard behavior.dynamicAnimator == nil, behavior.parent == nil else {
            report("addBehavior: ignored \(type(of: behavior)): it is already in an animator or is a child behaviour")
            return
        }
        behaviorTreeWillAttach(behavior)
        behaviors.append(behavior)
        setNeedsReconcile()
    }

    /// Removes a top-level behaviour (ignored if it is not one of ``behaviors``).
    public func removeBehavior(_ behavior: DynamicBehavior) {
        guard let index = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviorTreeWillDetach(behavior)
        behaviors.remove(at: index)
        setNeedsReconcile()
    }

    /// Removes every behaviour.
    public func removeAllBehaviors() {
        for b in behaviors.reversed() { removeBehavior(b) }
    }

    /// Called for a behaviour (and its children) about to join this animator.
    func behaviorTreeWillAttach(_ root: DynamicBehavior) {
        var stack = [root]
        while let b = stack.popLast() {
            b.willMove(to: self)
            b.dynamicAnimator = self
            b.attachSerial = nextBehaviorSerial
            nextBehaviorSerial += 1
            if let c = b as? CollisionBehavior { collisionBehaviorsBySerial[b.attachSerial] = c }
            behaviorsToWake.append(b)
            stack.append(contentsOf: b.childBehaviors.reversed())
        }
    }

    /// Called for a behaviour (and its children) about to leave this animator.
    func behaviorTreeWillDetach(_ root: DynamicBehavior) {
        var stack = [root]
        while let b = stack.popLast() {
            b.willMove(to: nil)
            b.tearDown(in: self)
            behaviorsToWake.append(b)
            if b is CollisionBehavior { collisionBehaviorsBySerial[b.attachSerial] = nil }
            b.dynamicAnimator = nil
            stack.append(contentsOf: b.childBehaviors.reversed())
        }
    }

    /// A behaviour's property changed: re-apply behaviours, wake its items and resume.
    func behaviorDidChange(_ behavior: DynamicBehavior) {
        behaviorsToWake.append(behavior)
        setNeedsReconcile()
    }

    /// Marks the world objects as stale and resumes.
    func setNeedsReconcile() {
        needsReconcile = true
        resume()
    }

    /// Resumes a paused animator (calls the delegate once).
    func resume() {
        guard !isRunning else { return }
        isRunning = true
        delegate?.dynamicAnimatorWillResume(self)
    }

    func pause() {
        guard isRunning else { return }
        isRunning = false
        delegate?.dynamicAnimatorDidPause(self)
    }

    // MARK: - The clock

    /// Advances to the media time `time` (seconds) of a display frame. Call once per frame; the
    /// first call only sets the baseline. Non-finite or decreasing times only reset the baseline.
    public func advance(to time: Double) {
        guard time.isFinite else {
            report("advance(to:): ignored a non-finite time")
            return
        }
        guard let last = lastFrameTime, time >= last else {
            lastFrameTime = time
            return
        }
        lastFrameTime = time
        var interval = time - last
        if interval > 0.5 { interval = 1.0 / 60 }
        if referenceSpace.referenceBounds != lastReferenceBounds {
            lastReferenceBounds = referenceSpace.referenceBounds
            for b in flattenedBehaviors where b is CollisionBehavior { behaviorDidChange(b) }
        }
        guard isRunning else { return }
        reconcileIfNeeded()
        simulatedTime += interval * speedValue
        let target = simulatedTime * 120
        var whole = Int((target + 1e-7).rounded(.down))
        let fraction = target - Double(whole)
        var alpha = 1.0
        if fraction > 1e-7 {
            whole += 1
            alpha = fraction
        }
        while stepCount < whole, isRunning {
            performStep()
        }
        poseAlpha = alpha
        writeBackPoses()
        if !hasItemBodies || world.awakeBodyCount == 0 {
            pause()
        }
    }

    /// One fixed step: behaviours apply forces, the world moves, contacts are reported, actions run.
    func performStep() {
        reconcileIfNeeded()
        savePreviousPoses()
        let step = DynamicStep(animator: self, time: Double(stepCount) * Self.stepDuration, deltaTime: Self.stepDuration)
        let list = flattenedBehaviors
        for b in list where b.dynamicAnimator === self { b.willStep(step) }
        world.step(Self.stepDuration)
        stepCount += 1
        processContactEvents()
        for b in list where b.dynamicAnimator === self {
            b.didStep(step)
            b.action?()
        }
    }

    // MARK: - Diagnostics

    /// Appends a diagnostic (deduplicated against the last 20, capped at 200).
    func report(_ message: String) {
        if diagnostics.suffix(20).contains(message) { return }
        diagnostics.append(message)
        if diagnostics.count > 200 { diagnostics.removeFirst(diagnostics.count - 200) }
    }

    /// A short name for an item in diagnostics.
    func describe(_ item: any DynamicItem) -> String {
        "\(type(of: item)) at \(item.center) size \(item.bounds.size.width)×\(item.bounds.size.height)"
    }
}
