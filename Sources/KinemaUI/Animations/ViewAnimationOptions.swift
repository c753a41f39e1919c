import KinemaLayers
import KinemaTiming

/// Options for view animation blocks, with UIKit's bit values. Mirrors `UIView.AnimationOptions`.
public struct ViewAnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Lay out the changed views inside the block, so their subviews' layout animates too.
    public static let layoutSubviews = ViewAnimationOptions(rawValue: 1 << 0)
    /// Animated views keep taking touches (by default they are not hit while animating).
    public static let allowUserInteraction = ViewAnimationOptions(rawValue: 1 << 1)
    /// Start from what is on screen. Kinema always does: additive animations add to what shows,
    /// and non-additive ones (colours) start from the value in flight.
    public static let beginFromCurrentState = ViewAnimationOptions(rawValue: 1 << 2)
    /// Repeat indefinitely.
    public static let `repeat` = ViewAnimationOptions(rawValue: 1 << 3)
    /// Run backwards after each forward run.
    public static let autoreverse = ViewAnimationOptions(rawValue: 1 << 4)
    /// A nested block uses its own duration instead of the enclosing block's.
    public static let overrideInheritedDuration = ViewAnimationOptions(rawValue: 1 << 5)
    /// A nested block uses its own curve instead of the enclosing block's.
    public static let overrideInheritedCurve = ViewAnimationOptions(rawValue: 1 << 6)
    /// Accepted for source compatibility; Kinema always redraws drawn content at the end.
    public static let allowAnimatedContent = ViewAnimationOptions(rawValue: 1 << 7)
    /// Transitions between views hide and show them instead of removing and adding them.
    public static let showHideTransitionViews = ViewAnimationOptions(rawValue: 1 << 8)
    /// A nested block uses its own repeat and autoreverse options.
    public static let overrideInheritedOptions = ViewAnimationOptions(rawValue: 1 << 9)

    /// Ease in and out (the default curve).
    public static let curveEaseInOut = ViewAnimationOptions(rawValue: 0 << 16)
    /// Ease in.
    public static let curveEaseIn = ViewAnimationOptions(rawValue: 1 << 16)
    /// Ease out.
    public static let curveEaseOut = ViewAnimationOptions(rawValue: 2 << 16)
    /// Linear.
    public static let curveLinear = ViewAnimationOptions(rawValue: 3 << 16)

    /// No transition.
    public static let transitionNone = ViewAnimationOptions(rawValue: 0 << 20)
    /// Flip around the vertical axis, left edge first (drawn as a cross-dissolve; see
    /// `DifferencesFromApple`).
    public static let transitionFlipFromLeft = ViewAnimationOptions(rawValue: 1 << 20)
    /// Flip around the vertical axis, right edge first (drawn as a cross-dissolve).
    public static let transitionFlipFromRight = ViewAnimationOptions(rawValue: 2 << 20)
    /// Curl up (drawn as a cross-dissolve).
    public static let transitionCurlUp = ViewAnimationOptions(rawValue: 3 << 20)
    /// Curl down (drawn as a cross-dissolve).
    public static let transitionCurlDown = ViewAnimationOptions(rawValue: 4 << 20)
    /// Cross-dissolve from the old content to the new.
    public static let transitionCrossDissolve = ViewAnimationOptions(rawValue: 5 << 20)
    /// Flip around the horizontal axis, top edge first (drawn as a cross-dissolve).
    public static let transitionFlipFromTop = ViewAnimationOptions(rawValue: 6 << 20)
    /// Flip around the horizontal axis, bottom edge first (drawn as a cross-dissolve).
    public static let transitionFlipFromBottom = ViewAnimationOptions(rawValue: 7 << 20)

    /// The curve bits (16–19) as a curve.
    public var curve: ViewAnimationCurve {
        ViewAnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut
    }

    /// Whether the transition bits (20–23) name a transition.
    var hasTransition: Bool { (rawValue >> 20) & 0xF != 0 }
}

/// The four standard view animation curves. Mirrors `UIView.AnimationCurve`.
public enum ViewAnimationCurve: Int, Sendable, Hashable, CaseIterable {
    case easeInOut = 0
    case easeIn = 1
    case easeOut = 2
    case linear = 3

    /// The timing function Core Animation uses for the curve.
    public var timingFunction: TimingFunction {
        switch self {
        case .easeInOut: .easeInEaseOut
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .linear: .linear
        }
    }
}

/// Options for keyframe view animations. Mirrors `UIView.KeyframeAnimationOptions`.
public struct KeyframeAnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
    public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
    public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
    public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
    public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
    /// Straight lines between keyframe values (the default).
    public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
    /// Each value holds until the next keyframe.
    public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
    /// Even speed; keyframe times are ignored.
    public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
    /// A Catmull-Rom spline through the values.
    public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
    /// A spline at even speed.
    public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

    /// The calculation mode bits (10–12).
    var calculationMode: KeyframeAnimation.CalculationMode {
        switch (rawValue >> 10) & 0x7 {
        case 1: .discrete
        case 2: .paced
        case 3: .cubic
        case 4: .cubicPaced
        default: .linear
        }
    }

    /// The options shared with ``ViewAnimationOptions`` (bits 0–9 and the curve bits).
    var viewOptions: ViewAnimationOptions { ViewAnimationOptions(rawValue: rawValue & ~(0x7 << 10)) }
}
