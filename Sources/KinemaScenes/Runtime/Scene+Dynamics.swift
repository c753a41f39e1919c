import KinemaDynamics
import KinemaGeometry
import KinemaUI

/// A scene's UIKit Dynamics: the animator on the reference view (the window by default), the
/// behaviours the document and its script made, by id, and the views they were given.
///
/// The animator is driven from a display link on the scene's window. To keep the simulation
/// independent of how a scene is sampled (a render at 30 fps, `kinema inspect --at 3` on a fresh
/// scene), the link feeds the animator every multiple of 1/120 s up to the frame's time and
/// then the frame's time itself: a jump of seconds is never taken for a stall (UIKit clamps
/// frames over 0.5 s to 1/60 s), and the fixed steps are the same whatever the frame times.
public final class SceneDynamics {
    /// The animator (`DynamicAnimator` with a ``ViewReferenceSpace``).
    public let animator: DynamicAnimator
    /// The view the animator simulates in.
    public let referenceView: View
    /// The id of ``referenceView``: a view id, or `"root"` for the window.
    public let referenceViewID: String
    /// The behaviours in the animator, in the order they were added, with their ids.
    public private(set) var behaviors: [(id: String?, type: DynamicBehaviorType, behavior: DynamicBehavior)] = []
    /// Every view a behaviour was given, in the order of first use.
    public private(set) var items: [View] = []
    /// The identities of ``items``, so that adding a behaviour of n views costs O(n).
    private var itemIdentities = Set<ObjectIdentifier>()
    /// Views the every-subview collection skipped, and why.
    public private(set) var diagnostics: [String] = []
    /// The last time fed to the animator.
    private var fedTime: Double?
    private var link: DisplayLink?

    init(referenceView: View, id: String, window: Window) {
        self.referenceView = referenceView
        referenceViewID = id
        animator = DynamicAnimator(referenceSpace: ViewReferenceSpace(referenceView: referenceView))
        let link = DisplayLink { [weak self] link in self?.drive(to: link.timestamp) }
        link.add(to: window)
        self.link = link
    }

    deinit {
        link?.invalidate()
    }

    /// Feeds the animator the 1/120 s grid up to `time`, then `time`.
    func drive(to time: Double) {
        guard time.isFinite else { return }
        if let last = fedTime {
            guard time > last else { return }
            var k = (last * 120).rounded(.down) + 1
            while k / 120 < time {
                animator.advance(to: k / 120)
                k += 1
            }
        }
        animator.advance(to: time)
        fedTime = time
    }

    /// The behaviour with `id`, if it is in the animator.
    func behavior(withID id: String) -> DynamicBehavior? {
        behaviors.first { $0.id == id }?.behavior
    }

    /// Builds the behaviour `spec` describes on the views of `scene` and adds it.
    func add(_ spec: DynamicBehaviorSpec, in scene: Scene) {
        let views = resolve(spec.items, in: scene)
        for view in views where itemIdentities.insert(ObjectIdentifier(view)).inserted { items.append(view) }
        guard let behavior = make(spec, items: views) else { return }
        for parameter in spec.parameters { apply(parameter, to: behavior, type: spec.type, items: views) }
        if let collision = behavior as? CollisionBehavior {
            for boundary in spec.boundaries {
                switch boundary.shape {
                case .segment(let from, let to): collision.addBoundary(withIdentifier: boundary.id, from: from, to: to)
                case .path(let path): collision.addBoundary(withIdentifier: boundary.id, for: path)
                }
            }
        }
        animator.addBehavior(behavior)
        behaviors.append((spec.id, spec.type, behavior))
    }

    /// Removes the behaviour with `id`.
    func remove(id: String) {
        guard let index = behaviors.firstIndex(where: { $0.id == id }) else { return }
        animator.removeBehavior(behaviors[index].behavior)
        behaviors.remove(at: index)
    }

    /// Sets parameters of the behaviour with `id`, in order.
    func set(id: String, parameters: [DynamicParameter]) {
        guard let entry = behaviors.first(where: { $0.id == id }) else { return }
        let views = Self.items(of: entry.behavior)
        for parameter in parameters { apply(parameter, to: entry.behavior, type: entry.type, items: views) }
    }

    /// The views of a selection: the listed ones, or the every-subview collection (whose skipped
    /// views become diagnostics).
    private func resolve(_ selection: DynamicItemSelection, in scene: Scene) -> [View] {
        switch selection {
        case .items(let ids):
            return ids.compactMap { scene.views[$0] }
        case .allSubviews(let id):
            guard let container = id == "root" ? scene.window : scene.views[id] else { return [] }
            let collection = DynamicItemCollection(collectingSubviewsOf: container)
            for skipped in collection.skipped {
                let name = scene.views.first { $0.value === skipped.view }?.key ?? skipped.view.layer.name ?? "?"
                diagnostics.append("allSubviewsOf '\(id)': '\(name)' left out: \(skipped)")
            }
            return collection.items
        }
    }

    /// The views a built behaviour acts on.
    private static func items(of behavior: DynamicBehavior) -> [View] {
        let items: [any DynamicItem]
        switch behavior {
        case let b as GravityBehavior: items = b.items
        case let b as CollisionBehavior: items = b.items
        case let b as PushBehavior: items = b.items
        case let b as SnapBehavior: items = [b.item]
        case let b as AttachmentBehavior: items = b.items
        case let b as DynamicItemBehavior: items = b.items
        case let b as FieldBehavior: items = b.items
        default: items = []
        }
        return items.compactMap { $0 as? View }
    }

    /// The behaviour object for `spec` (its creation-time parameters applied), or `nil` with a
    /// diagnostic.
    private func make(_ spec: DynamicBehaviorSpec, items views: [View]) -> DynamicBehavior? {
        switch spec.type {
        case .gravity:
            return GravityBehavior(items: views)
        case .collision:
            return CollisionBehavior(items: views)
        case .push:
            let mode: PushBehavior.Mode =
                spec.value(of: .mode)?.name == DynamicPushModeName.instantaneous.rawValue ? .instantaneous : .continuous
            return PushBehavior(items: views, mode: mode)
        case .snap:
            guard let item = views.first, let point = spec.value(of: .snapPoint)?.vector else { return nil }
            return SnapBehavior(item: item, snapTo: point)
        case .attachment:
            return makeAttachment(spec, items: views)
        case .itemBehavior:
            return DynamicItemBehavior(items: views)
        case .field:
            return makeField(spec, items: views)
        }
    }

    /// An attachment of the kind `spec` names between its one or two items, or `nil` when the
    /// items or the anchor it needs are missing.
    private func makeAttachment(_ spec: DynamicBehaviorSpec, items views: [View]) -> DynamicBehavior? {
        guard let first = views.first else { return nil }
        let kind = spec.value(of: .kind)?.name.flatMap(DynamicAttachmentKind.init(rawValue:)) ?? .default
        let anchor = spec.value(of: .anchor)?.vector
        let second = views.count > 1 ? views[1] : nil
        switch kind {
        case .default:
            if let second {
                return AttachmentBehavior(
                    item: first, offsetFromCenter: spec.vector(.offsetFromCenter), attachedTo: second,
                    offsetFromCenter: spec.vector(.attachedOffsetFromCenter))
            }
            guard let anchor else { return nil }
            return AttachmentBehavior(item: first, offsetFromCenter: spec.vector(.offsetFromCenter), attachedToAnchor: anchor)
        case .pin:
            guard let second, let anchor else { return nil }
            return AttachmentBehavior.pinAttachment(with: first, attachedTo: second, attachedToAnchor: anchor)
        case .sliding:
            guard let anchor else { return nil }
            let axis = spec.vector(.axisOfTranslation)
            if let second {
                return AttachmentBehavior.slidingAttachment(
                    with: first, attachedTo: second, attachmentAnchor: anchor, axisOfTranslation: axis)
            }
            return AttachmentBehavior.slidingAttachment(with: first, attachmentAnchor: anchor, axisOfTranslation: axis)
        case .fixed:
            guard let second, let anchor else { return nil }
            return AttachmentBehavior.fixedAttachment(with: first, attachedTo: second, attachmentAnchor: anchor)
        case .limit:
            guard let second else { return nil }
            return AttachmentBehavior.limitAttachment(
                with: first, offsetFromCenter: spec.vector(.offsetFromCenter), attachedTo: second,
                offsetFromCenter: spec.vector(.attachedOffsetFromCenter))
        }
    }

    /// A field of the kind `spec` names over the items, or `nil` without a kind.
    private func makeField(_ spec: DynamicBehaviorSpec, items views: [View]) -> DynamicBehavior? {
        guard let kind = spec.value(of: .kind)?.name.flatMap(DynamicFieldKind.init(rawValue:)) else { return nil }
        let smoothness = spec.value(of: .smoothness)?.number ?? 0
        let speed = spec.value(of: .animationSpeed)?.number ?? 1
        let field: FieldBehavior
        switch kind {
        case .linearGravity: field = .linearGravityField(direction: spec.vector(.direction))
        case .radialGravity: field = .radialGravityField(position: spec.value(of: .position)?.vector ?? .zero)
        case .velocity: field = .velocityField(direction: spec.vector(.direction))
        case .noise: field = .noiseField(smoothness: smoothness, animationSpeed: speed)
        case .turbulence: field = .turbulenceField(smoothness: smoothness, animationSpeed: speed)
        case .spring: field = .springField()
        case .drag: field = .dragField()
        case .vortex: field = .vortexField()
        case .electric: field = .electricField()
        case .magnetic: field = .magneticField()
        }
        field.addItems(views)
        return field
    }

    /// Sets one parameter on a `type` behaviour, as its row says (parameters read only when
    /// the behaviour is made have no setter there).
    private func apply(_ parameter: DynamicParameter, to behavior: DynamicBehavior, type: DynamicBehaviorType, items views: [View]) {
        parameter.name.declaration.use(by: type)?.apply?(parameter.value, behavior, views)
    }
}

extension Scene {
    /// Sets up the animator for a document with a `"dynamics"` section or dynamics steps, and
    /// adds the section's behaviours (at scene time 0).
    func startDynamics() {
        guard document.hasDynamics else { return }
        let id = document.dynamics?.referenceView ?? "root"
        let reference = id == "root" ? window : (views[id] ?? window)
        let dynamics = SceneDynamics(referenceView: reference, id: reference === window ? "root" : id, window: window)
        self.dynamics = dynamics
        for spec in document.dynamics?.behaviors ?? [] { dynamics.add(spec, in: self) }
        // The baseline: the animator measures its first frame interval from here.
        dynamics.drive(to: context.currentTime)
    }

    /// Makes a script step's change to the scene's dynamic animator.
    func apply(_ change: DynamicsChange) {
        guard let dynamics else { return }
        switch change {
        case .add(let spec): dynamics.add(spec, in: self)
        case .remove(let id): dynamics.remove(id: id)
        case .set(let id, let parameters): dynamics.set(id: id, parameters: parameters)
        }
    }
}

extension DynamicBehaviorSpec {
    /// The parameter `name` as a vector, zero when absent.
    fileprivate func vector(_ name: DynamicParameterName) -> Vector {
        value(of: name)?.vector.map { Vector(dx: $0.x, dy: $0.y) } ?? .zero
    }
}
