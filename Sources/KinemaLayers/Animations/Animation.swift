import KinemaGeometry
import KinemaTiming

/// An animation: a value with timing that a layer copies when it is added. Mirrors `CAAnimation`.
///
/// Kinema's animations are structs, so `layer.add(animation, forKey:)` stores a copy, exactly as
/// Core Animation documents ("the animation is copied before being added to the layer").
/// The timing properties come from `MediaTiming` and are stored in ``timing``.
public protocol Animation: MediaTiming, Action {
    /// The timing properties as one value.
    var timing: MediaTimingParameters { get set }
    /// The pacing curve; `nil` means linear. Default `nil`.
    var timingFunction: TimingFunction? { get set }
    /// Whether the animation is removed once its active duration has passed. Default `true`.
    var isRemovedOnCompletion: Bool { get set }
    /// Receives start and stop events; held strongly, as Core Animation does. Default `nil`.
    var delegate: (any AnimationDelegate)? { get set }
    /// The animation as a member of the closed set of animation kinds.
    var erased: AnyAnimation { get }
}

extension Animation {
    public var beginTime: Double {
        get { timing.beginTime }
        set { timing.beginTime = newValue }
    }
    public var duration: Double {
        get { timing.duration }
        set { timing.duration = newValue }
    }
    public var speed: Double {
        get { timing.speed }
        set { timing.speed = newValue }
    }
    public var timeOffset: Double {
        get { timing.timeOffset }
        set { timing.timeOffset = newValue }
    }
    public var repeatCount: Double {
        get { timing.repeatCount }
        set { timing.repeatCount = newValue }
    }
    public var repeatDuration: Double {
        get { timing.repeatDuration }
        set { timing.repeatDuration = newValue }
    }
    public var autoreverses: Bool {
        get { timing.autoreverses }
        set { timing.autoreverses = newValue }
    }
    public var fillMode: FillMode {
        get { timing.fillMode }
        set { timing.fillMode = newValue }
    }

    /// Adds a copy of the animation to `layer` under `key` (`CAAction` for animations).
    public func run(forKey event: String, object layer: Layer, arguments: [String: AnimatableValue]?) {
        layer.add(self, forKey: event)
    }
}

/// Receives an animation's start and stop events. Mirrors `CAAnimationDelegate`.
public protocol AnimationDelegate: AnyObject {
    /// The animation's active duration began.
    func animationDidStart(_ animation: AnyAnimation)
    /// The animation completed its active duration (`finished == true`) or was removed first.
    func animationDidStop(_ animation: AnyAnimation, finished: Bool)
}

extension AnimationDelegate {
    public func animationDidStart(_ animation: AnyAnimation) {}
    public func animationDidStop(_ animation: AnyAnimation, finished: Bool) {}
}

/// An animation of one kind. What `layer.animation(forKey:)` returns.
public enum AnyAnimation {
    case basic(BasicAnimation)
    case spring(SpringAnimation)
    case keyframe(KeyframeAnimation)
    case group(AnimationGroup)
    case transition(Transition)

    /// The wrapped animation.
    public var base: any Animation {
        switch self {
        case .basic(let a): a
        case .spring(let a): a
        case .keyframe(let a): a
        case .group(let a): a
        case .transition(let a): a
        }
    }

    /// The timing properties.
    public var timing: MediaTimingParameters {
        get { base.timing }
        set {
            switch self {
            case .basic(var a): a.timing = newValue; self = .basic(a)
            case .spring(var a): a.timing = newValue; self = .spring(a)
            case .keyframe(var a): a.timing = newValue; self = .keyframe(a)
            case .group(var a): a.timing = newValue; self = .group(a)
            case .transition(var a): a.timing = newValue; self = .transition(a)
            }
        }
    }

    /// The pacing curve (`nil` = linear).
    public var timingFunction: TimingFunction? {
        get { base.timingFunction }
        set {
            switch self {
            case .basic(var a): a.timingFunction = newValue; self = .basic(a)
            case .spring(var a): a.timingFunction = newValue; self = .spring(a)
            case .keyframe(var a): a.timingFunction = newValue; self = .keyframe(a)
            case .group(var a): a.timingFunction = newValue; self = .group(a)
            case .transition(var a): a.timingFunction = newValue; self = .transition(a)
            }
        }
    }

    /// Whether the animation is removed when it completes.
    public var isRemovedOnCompletion: Bool { base.isRemovedOnCompletion }

    /// The delegate.
    public var delegate: (any AnimationDelegate)? {
        get { base.delegate }
        set {
            switch self {
            case .basic(var a): a.delegate = newValue; self = .basic(a)
            case .spring(var a): a.delegate = newValue; self = .spring(a)
            case .keyframe(var a): a.delegate = newValue; self = .keyframe(a)
            case .group(var a): a.delegate = newValue; self = .group(a)
            case .transition(var a): a.delegate = newValue; self = .transition(a)
            }
        }
    }

    /// The animated key path, for property animations.
    public var keyPath: LayerKeyPath? {
        switch self {
        case .basic(let a): a.keyPath
        case .spring(let a): a.keyPath
        case .keyframe(let a): a.keyPath
        case .group, .transition: nil
        }
    }

    /// The kind's name as used in scene files and inspection output.
    public var typeName: String {
        switch self {
        case .basic: "basic"
        case .spring: "spring"
        case .keyframe: "keyframe"
        case .group: "group"
        case .transition: "transition"
        }
    }
}

/// Shared fields of animations that change one property. Mirrors `CAPropertyAnimation`.
public protocol PropertyAnimation: Animation {
    /// The animated property or sub-field.
    var keyPath: LayerKeyPath { get set }
    /// Whether the value is added to the underlying value instead of replacing it. Default `false`.
    var isAdditive: Bool { get set }
    /// Whether each repeat cycle starts from the end of the previous one. Default `false`.
    var isCumulative: Bool { get set }
    /// Turns interpolated numbers into a transform. Default `nil`.
    var valueFunction: ValueFunction? { get set }
}
