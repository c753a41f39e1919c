import KinemaGeometry

/// What a stack-made constraint says, apart from its constant: two arrangements that agree on
/// it keep the same constraint object, so the engine sees only what changed.
struct ArrangementKey: Hashable {
    let identifier: String
    let first: ObjectIdentifier
    let firstAttribute: LayoutConstraint.Attribute
    let second: ObjectIdentifier?
    let secondAttribute: LayoutConstraint.Attribute
    let relation: LayoutConstraint.Relation
    let multiplier: Double
    let priority: Float
}

extension StackView {
    /// The attributes of one axis: along it or across it.
    private struct AxisAttributes {
        let leading: LayoutConstraint.Attribute
        let trailing: LayoutConstraint.Attribute
        let center: LayoutConstraint.Attribute
        let size: LayoutConstraint.Attribute

        static let horizontal = AxisAttributes(leading: .leading, trailing: .trailing, center: .centerX, size: .width)
        static let vertical = AxisAttributes(leading: .top, trailing: .bottom, center: .centerY, size: .height)
    }

    /// Whether `view` is hidden as the arrangement sees it.
    func isArrangedHidden(_ view: View) -> Bool {
        view.layoutState?.arrangedHidden ?? view.layer.isHidden
    }

    /// The gap after `view`: its custom spacing or ``spacing``, with the system value as 8.
    private func gap(after view: View) -> Double {
        let value = customSpacings[ObjectIdentifier(view)] ?? spacing
        return value == Self.spacingUseSystem ? systemSpacing : value
    }

    /// Makes the constraints of the arrangement, keeping those that still say the same thing
    /// and changing only constants where they differ. The identifiers are UIKit's (`UISV-…`), so
    /// diagnostics read as UIKit's logs do.
    func arrange() {
        var wanted: [(ArrangementKey, Double, () -> LayoutConstraint)] = []
        func want(
            _ identifier: String, _ a: any LayoutItem, _ a1: LayoutConstraint.Attribute, _ relation: LayoutConstraint.Relation,
            _ b: (any LayoutItem)?, _ a2: LayoutConstraint.Attribute, multiplier: Double = 1, constant: Double = 0,
            priority: Float = 1000
        ) {
            let key = ArrangementKey(
                identifier: identifier, first: ObjectIdentifier(a), firstAttribute: a1, second: b.map { ObjectIdentifier($0) },
                secondAttribute: b == nil ? .notAnAttribute : a2, relation: relation, multiplier: multiplier, priority: priority)
            wanted.append(
                (
                    key, constant,
                    {
                        let c = LayoutConstraint(
                            item: a, attribute: a1, relatedBy: relation, toItem: b, attribute: a2, multiplier: multiplier,
                            constant: constant)
                        c.identifier = identifier
                        c.priority = LayoutPriority(priority)
                        return c
                    }
                ))
        }
        let along = axis == .horizontal ? AxisAttributes.horizontal : .vertical
        let across = axis == .horizontal ? AxisAttributes.vertical : .horizontal
        let canvas: any LayoutItem = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        let arranged = arrangedSubviews
        let visible = arranged.filter { !isArrangedHidden($0) }
        let spaced = distribution == .equalSpacing || distribution == .equalCentering

        // Along the axis: a chain from edge to edge; a hidden view has no length and no gap.
        var previous: View?
        var lastVisible: View?
        for view in arranged {
            let hidden = isArrangedHidden(view)
            if let previous {
                let gapBefore = !hidden && lastVisible != nil ? gap(after: lastVisible!) : 0
                let relation: LayoutConstraint.Relation = spaced && !hidden && lastVisible != nil ? .greaterThanOrEqual : .equal
                want("UISV-spacing", view, along.leading, relation, previous, along.trailing, constant: gapBefore)
            } else {
                want("UISV-canvas-connection", view, along.leading, .equal, canvas, along.leading)
            }
            if hidden { want("UISV-hiding", view, along.size, .equal, nil, .notAnAttribute) }
            previous = view
            if !hidden { lastVisible = view }
        }
        if let last = arranged.last {
            want("UISV-canvas-connection", canvas, along.trailing, .equal, last, along.trailing)
        }

        var guidesUsed = 0
        func gapGuide() -> LayoutGuide {
            defer { guidesUsed += 1 }
            if guidesUsed < arrangementGuides.count { return arrangementGuides[guidesUsed] }
            let guide = LayoutGuide()
            guide.identifier = "UISV-distributing"
            addLayoutGuide(guide)
            arrangementGuides.append(guide)
            return guide
        }
        switch distribution {
        case .fill:
            break
        case .fillEqually:
            if let first = visible.first {
                for view in visible.dropFirst() {
                    want("UISV-fill-equally", view, along.size, .equal, first, along.size)
                }
            }
        case .fillProportionally:
            let lengths = visible.map { max(0, $0.cachedLength(axis: axis)) }
            let gaps = zip(visible, visible.dropFirst()).map { gap(after: $0.0) }.reduce(0, +)
            let total = lengths.reduce(0, +) + gaps
            if total > 0 {
                for (i, view) in visible.enumerated() {
                    want(
                        "UISV-fill-proportionally", view, along.size, .equal, canvas, along.size, multiplier: lengths[i] / total,
                        priority: Float(max(1, 999 - i)))
                }
            }
        case .equalSpacing, .equalCentering:
            let centering = distribution == .equalCentering
            var firstGuide: LayoutGuide?
            for (a, b) in zip(visible, visible.dropFirst()) {
                let guide = gapGuide()
                want(
                    "UISV-distributing-edge", guide, along.leading, .equal, a, centering ? along.center : along.trailing)
                want("UISV-distributing-edge", guide, along.trailing, .equal, b, centering ? along.center : along.leading)
                want("UISV-distributing-edge", guide, across.leading, .equal, canvas, across.leading)
                want("UISV-distributing-edge", guide, across.size, .equal, nil, .notAnAttribute)
                if let firstGuide {
                    want(
                        centering ? "UISV-equal-centering" : "UISV-fill-equally", guide, along.size, .equal, firstGuide,
                        along.size, priority: centering ? 149 : 1000)
                } else {
                    firstGuide = guide
                }
            }
            want("UISV-canvas-fit", canvas, along.size, .equal, nil, .notAnAttribute, priority: 49)
        }
        while arrangementGuides.count > guidesUsed {
            removeLayoutGuide(arrangementGuides.removeLast())
        }

        // Across the axis.
        var alignment = self.alignment
        if axis == .vertical, alignment == .firstBaseline { alignment = .leading }
        if axis == .vertical, alignment == .lastBaseline { alignment = .trailing }
        let baseline: LayoutConstraint.Attribute? =
            alignment == .firstBaseline ? .firstBaseline : alignment == .lastBaseline ? .lastBaseline : nil
        let reference = visible.first ?? arranged.first
        for view in arranged {
            switch alignment {
            case .fill:
                want("UISV-alignment", view, across.leading, .equal, canvas, across.leading)
                want("UISV-alignment", view, across.trailing, .equal, canvas, across.trailing)
            case .leading:
                want("UISV-alignment", view, across.leading, .equal, canvas, across.leading)
                want("UISV-spanning-boundary", view, across.trailing, .lessThanOrEqual, canvas, across.trailing)
            case .trailing:
                want("UISV-alignment", view, across.trailing, .equal, canvas, across.trailing)
                want("UISV-spanning-boundary", view, across.leading, .greaterThanOrEqual, canvas, across.leading)
            case .center:
                want("UISV-alignment", view, across.center, .equal, canvas, across.center)
                want("UISV-spanning-boundary", view, across.leading, .greaterThanOrEqual, canvas, across.leading)
                want("UISV-spanning-boundary", view, across.trailing, .lessThanOrEqual, canvas, across.trailing)
            case .firstBaseline, .lastBaseline:
                if let baseline, let reference, view !== reference {
                    want("UISV-alignment", view, baseline, .equal, reference, baseline)
                }
                want("UISV-spanning-boundary", view, across.leading, .greaterThanOrEqual, canvas, across.leading)
                want("UISV-spanning-boundary", view, across.trailing, .lessThanOrEqual, canvas, across.trailing)
                // The baseline group sits against the top when the stack is taller than it.
                want("UISV-baseline-top", view, across.leading, .equal, canvas, across.leading, priority: 48)
            }
            if alignment != .fill {
                want("UISV-ambiguity-suppression", view, across.size, .equal, nil, .notAnAttribute, priority: 25)
            }
        }
        if alignment != .fill {
            want("UISV-spanning-fit", canvas, across.size, .equal, nil, .notAnAttribute, priority: 51)
        }

        // Keep what is the same, change constants, make what is new, drop the rest.
        var next: [ArrangementKey: LayoutConstraint] = [:]
        var made: [LayoutConstraint] = []
        for (key, constant, make) in wanted {
            if let existing = next[key] {
                existing.constant = constant
                continue
            }
            if let existing = arrangementConstraints.removeValue(forKey: key) {
                if existing.constant != constant { existing.constant = constant }
                next[key] = existing
            } else {
                let c = make()
                next[key] = c
                made.append(c)
            }
        }
        for stale in arrangementConstraints.values { stale.isActive = false }
        arrangementConstraints = next
        LayoutConstraint.activate(made)
        setNeedsLayout()
    }

    /// How much earlier arranged views' hugging and compression resistance along the axis are
    /// raised, so that among equals the last view grows or shrinks: a thousandth of a priority
    /// per place from the end, far below the whole steps people use.
    func tieBreakBias(for view: View) -> Float {
        guard distribution == .fill, let i = arrangedSubviews.firstIndex(where: { $0 === view }) else { return 0 }
        return Float(arrangedSubviews.count - 1 - i) * 0.001
    }

    /// A hidden arranged view collapses; inside an animation block the collapse animates and
    /// the view hides when the block's animations end (a shown view appears at once and
    /// expands).
    func setArrangedView(_ view: View, hidden: Bool) {
        guard let state = view.layoutState, state.arrangedHidden != hidden else { return }
        state.arrangedHidden = hidden
        if !hidden { view.layer.isHidden = false }
        arrange()
        guard let block = ViewAnimationBlock.current, block.animates else {
            if hidden { view.layer.isHidden = true }
            return
        }
        layoutRoot.layoutIfNeeded()
        guard hidden else { return }
        if let tracker = block.tracker {
            tracker.whenDone.append { [weak view] in
                guard let view, view.layoutState?.arrangedHidden == true else { return }
                view.layer.isHidden = true
            }
        } else {
            view.layer.isHidden = true
        }
    }
}

extension View {
    /// The intrinsic length along `axis`, or −1 without one.
    func cachedLength(axis: LayoutConstraint.Axis) -> Double {
        let size = cachedIntrinsicContentSize
        return axis == .horizontal ? size.width : size.height
    }
}
