import KinemaGeometry
import KinemaLayers
import KinemaLottie
import KinemaUI

/// One view of a scene: a ``View`` (or a ``Label``, ``ImageView`` or ``Button``) added to the
/// scene's window in front of its layers. Its layer is registered under the view's id.
public struct ViewSpec: Sendable {
    /// The unique id, shared with layer ids (the view's layer is named after it).
    public var id: String
    /// The kind of view.
    public var type: SceneViewType
    /// For a button, its type (fixed when it is made). Default ``Button/ButtonType/system``.
    public var buttonType: Button.ButtonType
    /// Property settings in document order.
    public var settings: [ViewSetting]
    /// Whether the view sizes itself to its content (`sizeToFit`) after its settings: labels,
    /// buttons and image views given neither `frame` nor `bounds`, nor constraints.
    public var sizesToFit: Bool
    /// The Auto Layout constraints the view declares, in order. A view with constraints has
    /// `translatesAutoresizingMaskIntoConstraints` set to `false`: its frame comes from layout.
    public var constraints: [ConstraintSpec] = []
    /// For a button, the animations a tap (touch up inside) runs, in order.
    public var onTap: [ViewAnimationSpec]
    /// Gesture recognizers attached to the view, in order.
    public var gestures: [GestureSpec]
    /// Subviews, back to front.
    public var subviews: [ViewSpec]
    /// For a stack view, the views it arranges, in order (added after ``subviews``).
    public var arrangedSubviews: [ViewSpec] = []

    /// Every view directly inside this one: the subviews, then the arranged subviews, each with
    /// the key that holds it.
    var children: [(key: String, index: Int, spec: ViewSpec)] {
        subviews.enumerated().map { ("subviews", $0, $1) } + arrangedSubviews.enumerated().map { ("arrangedSubviews", $0, $1) }
    }

    /// The ids of this view and every view below it.
    var allIDs: [String] { [id] + subviews.flatMap(\.allIDs) + arrangedSubviews.flatMap(\.allIDs) }

    /// Whether this view or any view below it declares constraints.
    var usesConstraints: Bool {
        !constraints.isEmpty || type == .stackView || subviews.contains(where: \.usesConstraints)
            || arrangedSubviews.contains(where: \.usesConstraints)
    }
}

/// One setting of a view property.
public enum ViewSetting: Sendable {
    /// `frame`, in the superview's coordinates, points.
    case frame(Rect)
    /// `center`, in the superview's coordinates, points.
    case center(Point)
    /// `bounds`, points.
    case bounds(Rect)
    /// `transform` (the layer's; an affine one is what `UIView.transform` holds).
    case transform(Transform3D)
    case alpha(Double)
    case backgroundColor(Color?)
    case hidden(Bool)
    case clipsToBounds(Bool)
    /// The layer's `cornerRadius`, points.
    case cornerRadius(Double)
    case tag(Int)
    case userInteractionEnabled(Bool)
    case accessibilityLabel(String?)
    case contentMode(ContentMode)
    /// A label's text.
    case text(String?)
    /// A button's title for the normal state.
    case title(String?)
    /// A label's (or a button title's) font face, keeping its size.
    case fontName(String)
    /// A label's (or a button title's) font size, points.
    case fontSize(Double)
    case textColor(Color)
    case textAlignment(TextAlignment)
    case numberOfLines(Int)
    case lineBreakMode(LineBreakMode)
    /// An image view's image, or a button's image for the normal state (`nil` for none).
    case image(Image?)
    /// A button's title colour for the normal state.
    case titleColor(Color?)
    case tintColor(Color)
    case enabled(Bool)
    /// A Lottie view's animation (`"animation": "file.json"`, or `null` for none).
    case lottieAnimation(LottieAnimation?)
    /// A Lottie view's loop mode.
    case loopMode(LottieLoopMode)
    /// A Lottie view's speed (1: the file's frame rate; negative: backwards).
    case animationSpeed(Double)
    /// A Lottie view's frame as a fraction from start to end; stops any play there.
    case currentProgress(Double)
    /// Whether a Lottie view plays (`true`: `play()` with its loop mode; `false`: `pause()`).
    case playing(Bool)
    /// A setting of the view's layer (`"layer": {…}`).
    case layer(LayerSetting)
    /// A scroll view's setting (`contentSize`, `contentOffset`, …).
    case scroll(ScrollSetting)
    /// A stack view's setting (`axis`, `distribution`, …).
    case stack(StackSetting)
}

/// One setting of a stack view (``StackView``), as its scene key names it.
public enum StackSetting: Sendable, Hashable {
    case axis(LayoutConstraint.Axis)
    case distribution(StackView.Distribution)
    case alignment(StackView.Alignment)
    /// `spacing`, points.
    case spacing(Double)
    case isLayoutMarginsRelativeArrangement(Bool)
}

/// One setting of a scroll view (``ScrollView``), as its scene key names it.
public enum ScrollSetting: Sendable, Hashable {
    /// `contentSize`, points.
    case contentSize(Size)
    /// `contentOffset`, points: the content point at the view's top-left corner.
    case contentOffset(Point)
    /// `contentInset`, points.
    case contentInset(EdgeInsets)
    case contentInsetAdjustmentBehavior(ScrollView.ContentInsetAdjustmentBehavior)
    case bounces(Bool)
    case alwaysBounceVertical(Bool)
    case alwaysBounceHorizontal(Bool)
    case isScrollEnabled(Bool)
    case isPagingEnabled(Bool)
    case isDirectionalLockEnabled(Bool)
    /// The fraction of its velocity a flick keeps per millisecond.
    case decelerationRate(Double)
    case showsVerticalScrollIndicator(Bool)
    case showsHorizontalScrollIndicator(Bool)
    case minimumZoomScale(Double)
    case maximumZoomScale(Double)
    /// Applied once the scroll view has its subviews (the first one is the one that zooms).
    case zoomScale(Double)
    case bouncesZoom(Bool)
}

/// One change of a view animation block or of a `set` step: settings of a view, or the
/// constant of a constraint.
public enum ViewChange: Sendable {
    /// `{"view": id, …settings}`: the settings, in the order written.
    case view(id: String, settings: [ViewSetting])
    /// `{"constraint": id, "constant": points}`: the constraint's new ``LayoutConstraint/constant``.
    /// It moves views at the next layout pass: at once, animated, inside a view animation block
    /// (which lays the window out at its end), or at the step's run-loop turn in a `set`.
    case constraint(id: String, constant: Double)
}

/// A view animation block (`{"duration": 0.5, "changes": […]}`): what
/// `View.animate(withDuration:…)`, its spring forms and `View.animateKeyframes` run.
public struct ViewAnimationSpec: Sendable {
    /// How values move between the old and the new.
    public enum Timing: Sendable {
        /// `animate(withDuration:delay:options:…)` with one of the four curves.
        case curve(ViewAnimationCurve)
        /// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`.
        case spring(dampingRatio: Double, velocity: Double)
        /// `animate(springDuration:bounce:initialSpringVelocity:…)`: runs until the spring settles.
        case perceptualSpring(duration: Double, bounce: Double, velocity: Double)
    }

    /// Seconds (unused by a perceptual spring, which lasts until it settles).
    public var duration: Double
    /// Seconds before it starts.
    public var delay: Double
    public var timing: Timing
    /// The option bits other than the curve.
    public var options: ViewAnimationOptions
    /// The changes, made inside the block in order.
    public var changes: [ViewChange]
    /// Keyframes (`animateKeyframes`), or `nil` for a plain block.
    public var keyframes: [KeyframeSpec]?
    /// The calculation mode of a keyframe block.
    public var calculationMode: KeyframeCalculationMode
    private var next: [ViewAnimationSpec]

    /// The animation run in the completion, or `nil`.
    public var then: ViewAnimationSpec? {
        get { next.first }
        set { next = newValue.map { [$0] } ?? [] }
    }

    init(
        duration: Double, delay: Double, timing: Timing, options: ViewAnimationOptions, changes: [ViewChange],
        keyframes: [KeyframeSpec]?, calculationMode: KeyframeCalculationMode, then: ViewAnimationSpec?
    ) {
        self.duration = duration
        self.delay = delay
        self.timing = timing
        self.options = options
        self.changes = changes
        self.keyframes = keyframes
        self.calculationMode = calculationMode
        self.next = then.map { [$0] } ?? []
    }
}

/// One keyframe of a keyframe block: changes made between `start` and `start + duration`
/// (fractions of the block's duration).
public struct KeyframeSpec: Sendable {
    public var start: Double
    public var duration: Double
    public var changes: [ViewChange]
}

/// How a keyframe block computes values between keyframes (`KeyframeAnimationOptions`'
/// `calculationMode…` bits).
public enum KeyframeCalculationMode: String, Sendable, CaseIterable {
    case linear, discrete, paced, cubic, cubicPaced

    var options: KeyframeAnimationOptions {
        switch self {
        case .linear: .calculationModeLinear
        case .discrete: .calculationModeDiscrete
        case .paced: .calculationModePaced
        case .cubic: .calculationModeCubic
        case .cubicPaced: .calculationModeCubicPaced
        }
    }
}

/// One sample of scripted touch input: a finger `identifier` in `phase` at `point` (window
/// coordinates, points) at `time` scene seconds.
public struct SceneTouch: Sendable, Hashable {
    public var time: Double
    public var identifier: Int
    public var phase: Touch.Phase
    public var point: Point

    public init(time: Double, identifier: Int, phase: Touch.Phase, point: Point) {
        self.time = time
        self.identifier = identifier
        self.phase = phase
        self.point = point
    }
}

/// A gesture recognizer attached to a view, with the animations it runs. Parameters keep
/// UIKit's names; `nil` leaves the recognizer's default.
public struct GestureSpec: Sendable {
    /// The kinds of recognizer a scene can attach.
    public enum Kind: String, Sendable, CaseIterable {
        /// A `TapGestureRecognizer` (one tap unless `numberOfTapsRequired` says otherwise).
        case tap
        /// A `TapGestureRecognizer` that needs two taps.
        case doubleTap
        /// A `LongPressGestureRecognizer`.
        case longPress
        /// A `PanGestureRecognizer`.
        case pan
        /// A `SwipeGestureRecognizer`.
        case swipe

        /// Whether the gesture begins, changes and ends (pan, long press) rather than being
        /// recognized at once.
        public var isContinuous: Bool { self == .pan || self == .longPress }
    }

    /// The swipe directions. Mirrors `UISwipeGestureRecognizer.Direction`.
    public enum SwipeDirection: String, Sendable, CaseIterable {
        case right, left, up, down
    }

    /// The recognizer's id (unique among the scene's gestures): its `name`, and how
    /// `kinema inspect` and `requireToFail` refer to it.
    public var id: String
    public var kind: Kind
    /// Taps needed: `numberOfTapsRequired` (tap: default 1; doubleTap: 2).
    public var numberOfTapsRequired: Int
    /// Fingers needed (tap, long press, swipe): `numberOfTouchesRequired`, default 1.
    public var numberOfTouchesRequired: Int
    /// A pan's `minimumNumberOfTouches`, default 1.
    public var minimumNumberOfTouches: Int
    /// A pan's `maximumNumberOfTouches`, or `nil` for any number.
    public var maximumNumberOfTouches: Int?
    /// How far a tap's or long press's finger may move, points.
    public var allowableMovement: Double?
    /// The longest pause between the taps of a multi-tap, seconds.
    public var maximumIntervalBetweenSuccessiveTaps: Double?
    /// How long a long press must be held, seconds.
    public var minimumPressDuration: Double?
    /// How far a pan's finger moves before the pan begins, points.
    public var hysteresis: Double?
    /// A swipe's directions. Default right.
    public var directions: [SwipeDirection]
    /// How far a swipe must travel (points), how fast (points per second), and how far off its
    /// direction it may go (radians).
    public var minimumDistance: Double?
    public var minimumSpeed: Double?
    public var maximumAngle: Double?
    /// `cancelsTouchesInView`, default `true`.
    public var cancelsTouchesInView: Bool
    /// `delaysTouchesEnded`, default `true`.
    public var delaysTouchesEnded: Bool
    /// `isEnabled`, default `true`.
    public var isEnabled: Bool
    /// The id of a gesture this one waits for to fail (`require(toFail:)`), or `nil`.
    public var requireToFail: String?
    /// For a pan: the view follows the finger's translation.
    public var drags: Bool
    /// Animations run when the gesture is recognized (tap, double tap, swipe) or begins (pan,
    /// long press).
    public var onRecognized: [ViewAnimationSpec]
    /// Animations run when a pan or long press ends or is cancelled.
    public var onEnded: [ViewAnimationSpec]
}
