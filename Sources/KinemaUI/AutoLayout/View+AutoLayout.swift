import KinemaGeometry

extension View {
    /// Whether the view's frame and ``autoresizingMask`` become constraints that fix it
    /// (`true`, UIKit's default for views made in code: such a view keeps the frame you give
    /// it) or the view is placed by its constraints (`false`). Mirrors
    /// `UIView.translatesAutoresizingMaskIntoConstraints`.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { layoutState?.translatesAutoresizingMask ?? true }
        set {
            guard newValue != translatesAutoresizingMaskIntoConstraints else { return }
            makeLayoutState().translatesAutoresizingMask = newValue
            if !newValue { layoutRoot.makeLayoutEngine() }
            superview?.setNeedsLayout()
        }
    }

    /// The active constraints installed on this view (those whose items' nearest common
    /// ancestor it is). Mirrors `UIView.constraints`.
    public var constraints: [LayoutConstraint] { layoutState?.constraints ?? [] }

    /// Activates `constraint`. Mirrors `UIView.addConstraint(_:)` (Kinema installs it on the
    /// items' common ancestor, wherever it is added).
    public func addConstraint(_ constraint: LayoutConstraint) { constraint.isActive = true }

    /// Activates each of `constraints`. Mirrors `UIView.addConstraints(_:)`.
    public func addConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.activate(constraints) }

    /// Deactivates `constraint` when it is installed on this view. Mirrors `UIView.removeConstraint(_:)`.
    public func removeConstraint(_ constraint: LayoutConstraint) {
        if constraint.installedOn === self { constraint.isActive = false }
    }

    /// Deactivates each of `constraints` installed on this view. Mirrors `UIView.removeConstraints(_:)`.
    public func removeConstraints(_ constraints: [LayoutConstraint]) {
        for c in constraints { removeConstraint(c) }
    }

    // MARK: Guides

    /// The custom guides added to the view. Mirrors `UIView.layoutGuides`.
    public var layoutGuides: [LayoutGuide] { layoutState?.guides ?? [] }

    /// Adds a guide; its coordinates become this view's. Mirrors `UIView.addLayoutGuide(_:)`.
    public func addLayoutGuide(_ guide: LayoutGuide) {
        guard guide.kind == .custom, guide.owningView !== self else { return }
        guide.owningView?.removeLayoutGuide(guide)
        makeLayoutState().guides.append(guide)
        guide.owningView = self
        layoutRoot.makeLayoutEngine().reset()
    }

    /// Removes a guide and deactivates the constraints that use it. Mirrors
    /// `UIView.removeLayoutGuide(_:)`.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard let state = layoutState, state.guides.contains(where: { $0 === guide }) else { return }
        deactivateConstraints(using: [ObjectIdentifier(guide)], from: self)
        state.guides.removeAll { $0 === guide }
        guide.owningView = nil
        layoutRoot.layoutState?.engine?.reset()
    }

    /// The part of the view not covered by the status bar, home indicator or other views'
    /// chrome: the bounds inset by ``safeAreaInsets``. Mirrors `UIView.safeAreaLayoutGuide`.
    public var safeAreaLayoutGuide: LayoutGuide {
        let state = makeLayoutState()
        if let guide = state.safeAreaGuide { return guide }
        let guide = LayoutGuide(kind: .safeArea, owner: self, identifier: "SafeAreaLayoutGuide")
        state.safeAreaGuide = guide
        layoutRoot.makeLayoutEngine()
        return guide
    }

    /// The bounds inset by ``layoutMargins``. Mirrors `UIView.layoutMarginsGuide`.
    public var layoutMarginsGuide: LayoutGuide {
        let state = makeLayoutState()
        if let guide = state.marginsGuide { return guide }
        let guide = LayoutGuide(kind: .margins, owner: self, identifier: "LayoutMarginsGuide")
        state.marginsGuide = guide
        layoutRoot.makeLayoutEngine()
        return guide
    }

    // MARK: Margins

    /// The margins you set, by leading and trailing edge, points. Default 8 on every side; for
    /// a view controller's root view, 0 at top and bottom and the system minimum (16 on a
    /// screen narrower than 414 points, 20 on a wider one) at the sides. Non-finite values
    /// are ignored. Mirrors `UIView.directionalLayoutMargins`.
    public var directionalLayoutMargins: DirectionalEdgeInsets {
        get {
            if let set = layoutState?.margins { return set }
            guard viewController != nil else { return DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8) }
            let side = systemMinimumSideMargin
            return DirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
        }
        set {
            guard newValue.isFinite else { return }
            makeLayoutState().margins = newValue
            setNeedsLayout()
        }
    }

    /// The margins the ``layoutMarginsGuide`` keeps from the bounds, points: the
    /// ``directionalLayoutMargins`` (at least the system minimum at the sides of a view
    /// controller's root view) plus the ``safeAreaInsets`` when
    /// ``insetsLayoutMarginsFromSafeArea``. Setting it sets ``directionalLayoutMargins``.
    /// Mirrors `UIView.layoutMargins`.
    public var layoutMargins: EdgeInsets {
        get {
            var m = directionalLayoutMargins.edgeInsets
            if viewController != nil {
                let side = systemMinimumSideMargin
                m.left = max(m.left, side)
                m.right = max(m.right, side)
            }
            guard insetsLayoutMarginsFromSafeArea else { return m }
            let s = safeAreaInsets
            return EdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
        }
        set { directionalLayoutMargins = DirectionalEdgeInsets(newValue) }
    }

    /// Whether ``layoutMargins`` include the safe area. Default `true`. Mirrors
    /// `UIView.insetsLayoutMarginsFromSafeArea`.
    public var insetsLayoutMarginsFromSafeArea: Bool {
        get { layoutState?.insetsLayoutMarginsFromSafeArea ?? true }
        set { makeLayoutState().insetsLayoutMarginsFromSafeArea = newValue }
    }

    /// The system's minimum side margin for a view controller's root view: 16 points on an
    /// iPhone in portrait (compact width), 20 on wider screens.
    private var systemMinimumSideMargin: Double {
        (window?.bounds.width ?? bounds.width) < 414 ? 16 : 20
    }

    // MARK: Intrinsic size

    /// Discards the cached ``intrinsicContentSize``; the next layout pass reads it again. Call
    /// it when what the size depends on changes. Mirrors `UIView.invalidateIntrinsicContentSize()`.
    public func invalidateIntrinsicContentSize() {
        guard let state = layoutState, state.intrinsicSize != nil else { return }
        state.intrinsicSize = nil
        superview?.setNeedsLayout()
    }

    /// The intrinsic size as the engine uses it: read once and kept until invalidated.
    var cachedIntrinsicContentSize: Size {
        let state = makeLayoutState()
        if let size = state.intrinsicSize { return size }
        var size = intrinsicContentSize
        if !size.width.isFinite { size.width = View.noIntrinsicMetric }
        if !size.height.isFinite { size.height = View.noIntrinsicMetric }
        state.intrinsicSize = size
        return size
    }

    /// How strongly the view resists growing beyond its intrinsic size on `axis`. Default
    /// ``LayoutPriority/defaultLow`` (250). Mirrors `UIView.contentHuggingPriority(for:)`.
    public func contentHuggingPriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
        guard let h = layoutState?.hugging else { return .defaultLow }
        return axis == .horizontal ? h.0 : h.1
    }

    /// Sets the content hugging priority on `axis` (ignored outside 1...1000). Mirrors
    /// `UIView.setContentHuggingPriority(_:for:)`.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        guard priority.isValid else { return }
        let state = makeLayoutState()
        if axis == .horizontal { state.hugging.0 = priority } else { state.hugging.1 = priority }
        superview?.setNeedsLayout()
    }

    /// How strongly the view resists shrinking below its intrinsic size on `axis`. Default
    /// ``LayoutPriority/defaultHigh`` (750). Mirrors
    /// `UIView.contentCompressionResistancePriority(for:)`.
    public func contentCompressionResistancePriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
        guard let c = layoutState?.compression else { return .defaultHigh }
        return axis == .horizontal ? c.0 : c.1
    }

    /// Sets the compression resistance on `axis` (ignored outside 1...1000). Mirrors
    /// `UIView.setContentCompressionResistancePriority(_:for:)`.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        guard priority.isValid else { return }
        let state = makeLayoutState()
        if axis == .horizontal { state.compression.0 = priority } else { state.compression.1 = priority }
        superview?.setNeedsLayout()
    }

    // MARK: Fitting

    /// The smallest size a view's constraints allow (`Size.zero` as a fitting target). Mirrors
    /// `UIView.layoutFittingCompressedSize`.
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    /// The largest size a view's constraints allow (a very large fitting target, ten million
    /// points). Mirrors `UIView.layoutFittingExpandedSize`.
    public static let layoutFittingExpandedSize = Size(width: 10_000_000, height: 10_000_000)

    /// The size closest to `targetSize` that the view's constraints allow, both axes pulled at
    /// ``LayoutPriority/fittingSizeLevel``. Mirrors `UIView.systemLayoutSizeFitting(_:)`.
    public func systemLayoutSizeFitting(_ targetSize: Size) -> Size {
        systemLayoutSizeFitting(
            targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the view's constraints give it when its width is pulled toward
    /// `targetSize.width` at `horizontalFittingPriority` and its height likewise (use
    /// ``LayoutPriority/required`` to fix a width and measure the height). The view and its
    /// subviews are not moved. Mirrors
    /// `UIView.systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`.
    public func systemLayoutSizeFitting(
        _ targetSize: Size, withHorizontalFittingPriority horizontalFittingPriority: LayoutPriority,
        verticalFittingPriority: LayoutPriority
    ) -> Size {
        guard targetSize.isFinite, horizontalFittingPriority.isValid, verticalFittingPriority.isValid else {
            return bounds.size
        }
        let engine = LayoutEngine()
        engine.fitting = (targetSize, horizontalFittingPriority, verticalFittingPriority)
        engine.update(root: self)
        guard let r = engine.solvedRect(of: self), r.isFinite else { return bounds.size }
        let scale = window?.screenScale ?? Window.defaultScale
        func toPixel(_ x: Double) -> Double { max(0, (x * scale).rounded(.toNearestOrAwayFromZero) / scale) }
        return Size(width: toPixel(r.size.width), height: toPixel(r.size.height))
    }

    // MARK: Update constraints

    /// Marks the view for ``updateConstraints()`` at the next layout pass. Mirrors
    /// `UIView.setNeedsUpdateConstraints()`.
    public func setNeedsUpdateConstraints() {
        makeLayoutState().needsUpdateConstraints = true
        layoutRoot.makeLayoutEngine()
        superview?.setNeedsLayout()
        setNeedsLayout()
    }

    /// Whether ``updateConstraints()`` is due. Mirrors `UIView.needsUpdateConstraints()`.
    public func needsUpdateConstraints() -> Bool { layoutState?.needsUpdateConstraints ?? false }

    /// Runs ``updateConstraints()`` now for the views under this one that need it, subviews
    /// before their superview. Mirrors `UIView.updateConstraintsIfNeeded()`.
    public func updateConstraintsIfNeeded() { updateConstraintsPass() }

    /// The update-constraints pass: bottom-up, each flagged view once (a view controller's
    /// root view through ``ViewController/updateViewConstraints()``).
    func updateConstraintsPass() {
        for sub in subviews { sub.updateConstraintsPass() }
        guard let state = layoutState, state.needsUpdateConstraints else { return }
        state.needsUpdateConstraints = false
        if let viewController { viewController.updateViewConstraints() } else { updateConstraints() }
    }

    // MARK: Diagnosis

    /// Whether the view's constraints leave its frame undetermined (more than one frame
    /// satisfies them equally well). Runs a layout pass first. Mirrors
    /// `UIView.hasAmbiguousLayout`.
    public var hasAmbiguousLayout: Bool {
        let root = layoutRoot
        guard let engine = root.layoutState?.engine, !translatesAutoresizingMaskIntoConstraints else { return false }
        engine.update(root: root)
        let vars = engine.variables(for: self)
        return [vars.x, vars.y, vars.w, vars.h].contains { engine.solver.isAmbiguous($0) }
    }

    /// The constraints of this view's tree that the engine could not satisfy at the last pass
    /// and ignores (each also reported to the layer context's diagnostics).
    package var brokenLayoutConstraints: [LayoutConstraint] {
        layoutRoot.layoutState?.engine?.broken ?? []
    }

    /// The frame of the view without its transform: its bounds size about its center, where
    /// the engine places and UIKit's constraints see it.
    var untransformedFrame: Rect {
        let size = bounds.size
        let a = layer.anchorPoint
        return Rect(x: center.x - a.x * size.width, y: center.y - a.y * size.height, width: size.width, height: size.height)
    }

    /// Where the engine's frame goes: the bounds size and the center (so a transform is kept),
    /// as UIKit applies a solved frame. Inside an animation block both changes animate.
    func applyEngineFrame(_ frame: Rect) {
        guard frame != untransformedFrame else { return }
        let a = layer.anchorPoint
        if bounds.size != frame.size {
            bounds = Rect(origin: bounds.origin, size: frame.size)
        }
        let position = Point(x: frame.origin.x + a.x * frame.size.width, y: frame.origin.y + a.y * frame.size.height)
        if center != position { center = position }
    }

    /// Where the first or last baseline lies as `coefficient × height + constant` from the top
    /// edge: a label's text is vertically centred, so its baseline is half its height plus the
    /// text's own offset; a view without text has its baseline at its bottom edge.
    func baselineFromTop(first: Bool) -> (Double, Double) {
        guard let label = self as? Label else { return (1, 0) }
        return label.baselineOffsets(first: first)
    }

    /// Before the view leaves `superview`: when its subtree takes part in Auto Layout, the
    /// constraints between it and the rest of the old tree are deactivated (as UIKit's
    /// `removeFromSuperview()` does) and the old tree's engine starts afresh. Returns whether
    /// the subtree takes part, so that its new tree gets an engine.
    func layoutWillLeave(_ superview: View) -> Bool {
        guard let engine = superview.layoutRoot.layoutState?.engine, subtreeUsesAutoLayout else { return false }
        deactivateConstraints(using: subtreeLayoutItems, from: superview)
        engine.reset()
        return true
    }

    /// Deactivates the constraints installed on `start` and its ancestors that use any of the
    /// items in `items`.
    func deactivateConstraints(using items: Set<ObjectIdentifier>, from start: View) {
        var node: View? = start
        while let v = node {
            if let state = v.layoutState {
                for c in state.constraints {
                    let uses = [c.firstItem, c.secondItem].contains { item in
                        item.map { items.contains(ObjectIdentifier($0)) } ?? false
                    }
                    if uses { c.isActive = false }
                }
            }
            node = v.superview
        }
    }

    /// Whether any view in the subtree has Auto Layout state.
    var subtreeUsesAutoLayout: Bool {
        var stack: [View] = [self]
        while let v = stack.popLast() {
            if v.layoutState != nil { return true }
            stack.append(contentsOf: v.subviews)
        }
        return false
    }

    /// The views and guides of the subtree, by identity.
    var subtreeLayoutItems: Set<ObjectIdentifier> {
        var ids = Set<ObjectIdentifier>()
        var stack: [View] = [self]
        while let v = stack.popLast() {
            ids.insert(ObjectIdentifier(v))
            if let state = v.layoutState {
                for g in state.guides { ids.insert(ObjectIdentifier(g)) }
                if let g = state.safeAreaGuide { ids.insert(ObjectIdentifier(g)) }
                if let g = state.marginsGuide { ids.insert(ObjectIdentifier(g)) }
            }
            stack.append(contentsOf: v.subviews)
        }
        return ids
    }
}

extension Window {
    /// The scale used to round the frames of views outside a window: a window's default.
    static let defaultScale = 2.0
}
