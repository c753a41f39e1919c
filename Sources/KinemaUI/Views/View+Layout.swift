import KinemaGeometry

extension View {
    /// Marks the view for layout at the next run-loop turn (or the next ``layoutIfNeeded()``).
    /// Mirrors `UIView.setNeedsLayout()`.
    public func setNeedsLayout() {
        needsLayout = true
    }

    /// Lays out now whatever layout is due around the view, UIKit's way: the constraints of the
    /// view's tree are updated (``updateConstraints()``, bottom-up) and solved; each view whose
    /// solved frame changed marks its superview for layout; then, starting from the highest
    /// ancestor that needs layout (as `CALayer.layoutIfNeeded()` does), each view that needs
    /// it receives its subviews' solved frames and runs ``layoutSubviews()``, parents before
    /// children. Inside an animation block every frame it changes animates with the block.
    /// Mirrors `UIView.layoutIfNeeded()`.
    public func layoutIfNeeded() {
        let root = layoutRoot
        // A layoutSubviews that changes constraints asks for another pass; a few are allowed,
        // as UIKit's engine allows, and then layout stops rather than looping.
        for pass in 0..<4 {
            let engine = root.layoutState?.engine
            if let engine {
                engine.update(root: root)
                let moved = engine.takeMoved()
                if pass > 0, moved.isEmpty { return }
                for view in moved { view.superview?.setNeedsLayout() }
            }
            var start = self
            while let parent = start.superview, parent.needsLayout { start = parent }
            start.layoutSubtreeIfNeeded(engine: engine)
            if engine == nil { return }
        }
    }

    /// The layout part of ``layoutIfNeeded()`` for the subtree.
    func layoutSubtreeIfNeeded(engine: LayoutEngine?) {
        if needsLayout {
            needsLayout = false
            // UIKit's order: the controller hears first, with the subviews' old frames; then
            // the solved frames land, then layoutSubviews.
            viewController?.viewWillLayoutSubviews()
            if let engine {
                for sub in subviews {
                    if let frame = engine.frames[ObjectIdentifier(sub)] { sub.applyEngineFrame(frame) }
                }
            }
            layoutSubviews()
            viewController?.viewDidLayoutSubviews()
        }
        for sub in subviews { sub.layoutSubtreeIfNeeded(engine: engine) }
    }

    /// Resizes the view to ``sizeThatFits(_:)`` of its current size, keeping the frame's origin.
    /// Mirrors `UIView.sizeToFit()`.
    public func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        guard size.isFinite else { return }
        let origin = frame.origin
        bounds = Rect(origin: bounds.origin, size: Size(width: max(0, size.width), height: max(0, size.height)))
        frame.origin = origin
    }

    /// After a bounds size change: layout is due, and subviews follow their autoresizing masks.
    func boundsSizeDidChange(from oldSize: Size) {
        let newSize = bounds.size
        guard newSize != oldSize else { return }
        setNeedsLayout()
        if newSize.width != oldSize.width, layoutState != nil, let label = self as? Label, label.numberOfLines != 1,
            label.preferredMaxLayoutWidth == 0
        {
            // Its text wraps at its width: its intrinsic height follows the width.
            invalidateIntrinsicContentSize()
        }
        guard autoresizesSubviews else { return }
        for sub in subviews where !sub.autoresizingMask.isEmpty {
            sub.resize(withOldSuperviewSize: oldSize, newSize: newSize)
        }
    }

    /// Applies the autoresizing mask for a superview size change: on each axis the change is
    /// shared among the flexible parts (margins and size) in proportion to their current
    /// lengths, or equally when those are all zero.
    func resize(withOldSuperviewSize old: Size, newSize new: Size) {
        let f = frame
        let mask = autoresizingMask
        let (x, w) = Self.distribute(
            start: f.minX, length: f.width, end: old.width - f.maxX, delta: new.width - old.width,
            flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)))
        let (y, h) = Self.distribute(
            start: f.minY, length: f.height, end: old.height - f.maxY, delta: new.height - old.height,
            flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)))
        let target = Rect(x: x, y: y, width: max(0, w), height: max(0, h))
        if target != f { frame = target }
    }

    private static func distribute(
        start: Double, length: Double, end: Double, delta: Double, flexible: (Bool, Bool, Bool)
    ) -> (Double, Double) {
        let parts = [(flexible.0, start), (flexible.1, length), (flexible.2, end)]
        let flexibleCount = parts.filter(\.0).count
        guard flexibleCount > 0, delta != 0 else { return (start, length) }
        let total = parts.filter(\.0).map { max(0, $0.1) }.reduce(0, +)
        func share(_ i: Int) -> Double {
            guard parts[i].0 else { return 0 }
            return total > 0 ? delta * max(0, parts[i].1) / total : delta / Double(flexibleCount)
        }
        return (start + share(0), length + share(1))
    }
}

/// How a view resizes when its superview's bounds change. Mirrors `UIView.AutoresizingMask`.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The left margin stretches.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width stretches.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The right margin stretches.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The top margin stretches.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height stretches.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The bottom margin stretches.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
}
