import KinemaGeometry

/// What a view keeps for Auto Layout, made the first time the view takes part in it, so that a
/// view laid out by frames pays one `nil` reference.
final class ViewLayoutState {
    /// `translatesAutoresizingMaskIntoConstraints`.
    var translatesAutoresizingMask = true
    /// The active constraints installed on the view (it is their items' common ancestor).
    var constraints: [LayoutConstraint] = []
    /// Custom layout guides, in the order added.
    var guides: [LayoutGuide] = []
    var safeAreaGuide: LayoutGuide?
    var marginsGuide: LayoutGuide?
    /// Content hugging, horizontal then vertical.
    var hugging: (LayoutPriority, LayoutPriority) = (.defaultLow, .defaultLow)
    /// Compression resistance, horizontal then vertical.
    var compression: (LayoutPriority, LayoutPriority) = (.defaultHigh, .defaultHigh)
    /// The margins the user set, or `nil` for the default (8 on each side, or the system
    /// minimum for a view controller's root view).
    var margins: DirectionalEdgeInsets?
    var insetsLayoutMarginsFromSafeArea = true
    var needsUpdateConstraints = false
    /// The intrinsic size as last read, until `invalidateIntrinsicContentSize()`.
    var intrinsicSize: Size?
    /// For an arranged subview of a stack view: whether it is hidden as far as its code knows
    /// (`isHidden`), which leads the layer's own flag while a collapse animates.
    var arrangedHidden: Bool?
    /// The engine of the tree this view is the root of.
    var engine: LayoutEngine?
}

extension View {
    @discardableResult
    func makeLayoutState() -> ViewLayoutState {
        if let layoutState { return layoutState }
        let state = ViewLayoutState()
        layoutState = state
        return state
    }

    /// The engine of the tree the view is the root of, made if missing.
    @discardableResult
    func makeLayoutEngine() -> LayoutEngine {
        let state = makeLayoutState()
        if let engine = state.engine { return engine }
        let engine = LayoutEngine()
        state.engine = engine
        return engine
    }
}
