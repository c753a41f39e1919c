import KinemaGeometry

/// A view that lines up its arranged subviews in a row or a column with Auto Layout: it makes
/// the constraints, the arranged views keep their own content. It draws nothing. Mirrors
/// `UIStackView`.
///
/// ```swift
/// let stack = StackView(arrangedSubviews: [icon, title, toggle])
/// stack.axis = .horizontal
/// stack.alignment = .center
/// stack.spacing = 12
/// stack.translatesAutoresizingMaskIntoConstraints = false
/// ```
///
/// Hiding an arranged view collapses it (its size along the axis becomes 0 and the spacing on
/// one side goes); inside an animation block the collapse animates and the view is hidden when
/// the block's animations end, so `View.animate(withDuration: 0.3) { row.isHidden = true }`
/// closes a row smoothly, as in UIKit.
open class StackView: View {
    /// How the arranged views share the stack's length along its axis. Mirrors
    /// `UIStackView.Distribution`.
    public enum Distribution: Int, Hashable, Sendable, CaseIterable {
        /// The views fill the axis; the one with the lowest content hugging grows (the lowest
        /// compression resistance shrinks); among equals, the last one.
        case fill
        /// Every visible view has the same length.
        case fillEqually
        /// Lengths in proportion to the views' intrinsic lengths.
        case fillProportionally
        /// Views at their intrinsic lengths, equal gaps of at least ``StackView/spacing``.
        case equalSpacing
        /// Equal distances between the views' centres; gaps at least ``StackView/spacing``.
        case equalCentering
    }

    /// How the arranged views sit across the axis. Mirrors `UIStackView.Alignment`
    /// (`top` is `leading` and `bottom` is `trailing`, as in UIKit).
    public enum Alignment: Int, Hashable, Sendable, CaseIterable {
        /// Stretched to the stack's cross size.
        case fill
        /// Against the leading (top, for a horizontal stack) edge.
        case leading
        /// First baselines lined up (horizontal stacks; `leading` in a vertical one).
        case firstBaseline
        /// Centred.
        case center
        /// Against the trailing (bottom) edge.
        case trailing
        /// Last baselines lined up (horizontal stacks; `trailing` in a vertical one).
        case lastBaseline

        /// The top edge of a horizontal stack: ``leading``.
        public static var top: Alignment { .leading }
        /// The bottom edge of a horizontal stack: ``trailing``.
        public static var bottom: Alignment { .trailing }
    }

    /// ``setCustomSpacing(_:after:)`` with this value goes back to ``spacing``. Mirrors
    /// `UIStackView.spacingUseDefault`.
    public static let spacingUseDefault = Double(Float.greatestFiniteMagnitude)
    /// ``spacing`` or a custom spacing with this value uses the system spacing (8 points).
    /// Mirrors `UIStackView.spacingUseSystem`.
    public static let spacingUseSystem = Double(Float.leastNormalMagnitude)

    /// The views the stack arranges, in order: a subset of its subviews. Mirrors
    /// `UIStackView.arrangedSubviews`.
    public private(set) var arrangedSubviews: [View] = []

    /// The axis the views line up along. Default horizontal. Mirrors `UIStackView.axis`.
    public var axis: LayoutConstraint.Axis = .horizontal { didSet { arrange() } }
    /// Default ``Distribution/fill``. Mirrors `UIStackView.distribution`.
    public var distribution: Distribution = .fill { didSet { arrange() } }
    /// Default ``Alignment/fill``. Mirrors `UIStackView.alignment`.
    public var alignment: Alignment = .fill { didSet { arrange() } }
    /// The gap between neighbouring views, points (a minimum for the equal distributions).
    /// Default 0. Non-finite values are ignored. Mirrors `UIStackView.spacing`.
    public var spacing: Double = 0 {
        didSet {
            if !spacing.isFinite { spacing = oldValue }
            arrange()
        }
    }
    /// Whether the views are laid out within the ``View/layoutMarginsGuide`` rather than the
    /// bounds. Default `false`. Mirrors `UIStackView.isLayoutMarginsRelativeArrangement`.
    public var isLayoutMarginsRelativeArrangement = false { didSet { arrange() } }

    /// Custom gaps after particular views.
    var customSpacings: [ObjectIdentifier: Double] = [:]
    /// The constraints the stack made, by what they say, so that an arrangement that keeps a
    /// constraint keeps the same object (only changes reach the engine).
    var arrangementConstraints: [ArrangementKey: LayoutConstraint] = [:]
    /// Guides the stack made (gaps for the equal distributions).
    var arrangementGuides: [LayoutGuide] = []

    public override init(frame: Rect) {
        super.init(frame: frame)
        arrange()
    }

    /// A stack arranging `views`, made in code (its own
    /// ``View/translatesAutoresizingMaskIntoConstraints`` stays `true`). Mirrors
    /// `UIStackView(arrangedSubviews:)`.
    public convenience init(arrangedSubviews views: [View]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// Adds `view` at the end of ``arrangedSubviews`` (and as a subview if it is not one),
    /// setting its `translatesAutoresizingMaskIntoConstraints` to `false`. Mirrors
    /// `UIStackView.addArrangedSubview(_:)`.
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts `view` at `index` (clamped) in ``arrangedSubviews``. Mirrors
    /// `UIStackView.insertArrangedSubview(_:at:)`.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        guard view !== self, !isDescendant(of: view) else { return }
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(index, 0), arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        view.makeLayoutState().arrangedHidden = view.layer.isHidden
        if view.superview !== self { addSubview(view) }
        arrange()
    }

    /// Stops arranging `view`; it stays a subview (remove it from the superview to take it
    /// away). Mirrors `UIStackView.removeArrangedSubview(_:)`.
    public func removeArrangedSubview(_ view: View) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        if let hidden = view.layoutState?.arrangedHidden {
            view.layoutState?.arrangedHidden = nil
            view.layer.isHidden = hidden
        }
        arrange()
    }

    /// Sets the gap after `arrangedSubview` to `spacing` points (``spacingUseDefault`` to go
    /// back to ``spacing``). Mirrors `UIStackView.setCustomSpacing(_:after:)`.
    public func setCustomSpacing(_ spacing: Double, after arrangedSubview: View) {
        guard spacing.isFinite || spacing == Self.spacingUseDefault else { return }
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing == Self.spacingUseDefault ? nil : spacing
        arrange()
    }

    /// The gap after `arrangedSubview`: its custom spacing, or ``spacingUseDefault``. Mirrors
    /// `UIStackView.customSpacing(after:)`.
    public func customSpacing(after arrangedSubview: View) -> Double {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    open override func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        if arrangedSubviews.contains(where: { $0 === subview }) {
            // A subview that leaves the stack leaves the arrangement, as in UIKit.
            arrangedSubviews.removeAll { $0 === subview }
            if let hidden = subview.layoutState?.arrangedHidden {
                subview.layoutState?.arrangedHidden = nil
                subview.layer.isHidden = hidden
            }
            arrange()
        }
    }

    /// The first visible arranged view's, for baseline alignment with views outside the stack.
    open override var forFirstBaselineLayout: View {
        arrangedSubviews.first { !$0.isHidden } ?? self
    }

    /// The last visible arranged view's.
    open override var forLastBaselineLayout: View {
        arrangedSubviews.last { !$0.isHidden } ?? self
    }

    /// Re-reads the intrinsic lengths a proportional distribution divides by (UIKit re-solves
    /// when an arranged view's intrinsic size changes), then lays out as any view does.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if distribution == .fillProportionally { arrange() }
    }
}
