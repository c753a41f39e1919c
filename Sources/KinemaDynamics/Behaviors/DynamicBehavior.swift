import KinemaGeometry
import KinemaPhysics

/// The base of every behaviour an animator runs. Mirrors `UIDynamicBehavior`: subclass it to
/// compose behaviours (``addChildBehavior(_:)``) or to run code on every step (``action``).
///
/// A behaviour belongs to at most one animator at a time, either directly
/// (``DynamicAnimator/addBehavior(_:)``) or as a child of a behaviour that does.
open class DynamicBehavior {
    /// The behaviours this one is composed of, in the order they were added.
    public private(set) var childBehaviors: [DynamicBehavior] = []
    /// The animator this behaviour (or its top-level ancestor) was added to, or `nil`.
    public internal(set) weak var dynamicAnimator: DynamicAnimator?
    /// Runs after every 1/120 s simulation step while the behaviour is in a running animator.
    /// Default `nil`.
    open var action: (() -> Void)?

    /// The behaviour this one is a child of.
    weak var parent: DynamicBehavior?
    /// Increases each time the behaviour joins an animator: the order in which behaviours were
    /// added decides which ``DynamicItemBehavior`` wins for a property.
    var attachSerial = 0

    public init() {}

    /// Adds `behavior` as a child (ignored if it already has a parent or is in an animator
    /// directly, or would create a cycle).
    open func addChildBehavior(_ behavior: DynamicBehavior) {
        guard behavior !== self, behavior.parent == nil, !behavior.isTopLevelInAnimator, !isDescendant(of: behavior) else {
            return
        }
        childBehaviors.append(behavior)
        behavior.parent = self
        if let animator = dynamicAnimator {
            animator.behaviorTreeWillAttach(behavior)
            animator.setNeedsReconcile()
        }
    }

    /// Removes a child (ignored if `behavior` is not a child of this behaviour).
    open func removeChildBehavior(_ behavior: DynamicBehavior) {
        guard let index = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        if let animator = dynamicAnimator { animator.behaviorTreeWillDetach(behavior) }
        childBehaviors.remove(at: index)
        behavior.parent = nil
        dynamicAnimator?.setNeedsReconcile()
    }

    /// Called before the behaviour joins (`dynamicAnimator` non-nil) or leaves (`nil`) an animator.
    open func willMove(to dynamicAnimator: DynamicAnimator?) {}

    // MARK: - Hooks for the behaviours in this module

    /// The items this behaviour needs bodies for (not its children's). Default none.
    var ownItems: [any DynamicItem] { [] }

    /// Called before every fixed 1/120 s step while the behaviour is in a running animator, in
    /// the order the behaviours were added (children after their parent). Apply forces here.
    func willStep(_ step: DynamicStep) {}

    /// Called when the animator rebuilds its world objects (after items, behaviours or
    /// properties changed), in tree order. Create or refresh joints, boundaries and anchors.
    func reconcile(in animator: DynamicAnimator) {}

    /// Called when the behaviour leaves its animator: destroy what ``reconcile(in:)`` created.
    func tearDown(in animator: DynamicAnimator) {}

    /// Called after every step, after the world moved, before ``action``.
    func didStep(_ step: DynamicStep) {}

    /// Tells the animator that a property changed: it resumes and re-applies the behaviour.
    final func setNeedsUpdate() {
        dynamicAnimator?.behaviorDidChange(self)
    }

    var isTopLevelInAnimator: Bool {
        dynamicAnimator != nil && parent == nil
    }

    func isDescendant(of other: DynamicBehavior) -> Bool {
        var p = parent
        while let node = p {
            if node === other { return true }
            p = node.parent
        }
        return false
    }
}

/// What a behaviour sees before each fixed step: the animator, its world and item bodies.
struct DynamicStep {
    /// The animator being stepped.
    unowned let animator: DynamicAnimator
    /// Simulated seconds at the start of this step.
    let time: Double
    /// The fixed step, seconds (1/120).
    let deltaTime: Double

    /// The world the animator steps.
    var world: PhysicsWorld { animator.world }

    /// The body that moves `item` (a group's body for a member of a group), or `nil` if the item
    /// has none in this animator.
    func body(for item: any DynamicItem) -> BodyID? {
        animator.bodyID(for: item)
    }

    /// The item's `charge` from the most recent ``DynamicItemBehavior`` that set it; 0 otherwise.
    func charge(of item: any DynamicItem) -> Double {
        animator.charge(of: item)
    }
}
