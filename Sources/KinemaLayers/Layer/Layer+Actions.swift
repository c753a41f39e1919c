import KinemaTiming

extension Layer {
    /// The action for `event`, searched in the order `CALayer.h` documents for `-actionForKey:`:
    /// the delegate, ``actions``, the ``style`` chain, ``defaultAction(forKey:)``, and finally the
    /// implicit animation for animatable properties. A ``NullAction`` at any step ends the search
    /// with `nil`. Mirrors `action(forKey:)`; works whether or not actions are disabled.
    public func action(forKey event: String) -> (any Action)? {
        switch lookUpAction(forKey: event) {
        case .found(let action): action
        case .ended: nil
        case .notFound: implicitAction(forKey: event)
        }
    }

    /// The action for `event` from the first four steps of the search (the delegate,
    /// ``actions``, the ``style`` chain, ``defaultAction(forKey:)``), without Core Animation's
    /// own implicit animation: what a layer that is not attached to a context runs.
    func explicitAction(forKey event: String) -> (any Action)? {
        if case .found(let action) = lookUpAction(forKey: event) { return action }
        return nil
    }

    private enum ActionLookup {
        case found(any Action)
        /// A ``NullAction`` ended the search.
        case ended
        case notFound
    }

    private func lookUpAction(forKey event: String) -> ActionLookup {
        func answer(_ a: any Action) -> ActionLookup { a is NullAction ? .ended : .found(a) }
        if let delegate, let a = delegate.action(for: self, forKey: event) { return answer(a) }
        if let a = actions[event] { return answer(a) }
        var style = self.style
        while let s = style {
            if let a = s.actions[event] { return answer(a) }
            style = s.style
        }
        if let a = Self.defaultAction(forKey: event) { return answer(a) }
        return .notFound
    }

    /// Core Animation's own implicit action: a basic animation with no values and the default
    /// curve, for animatable properties that support implicit animation.
    func implicitAction(forKey event: String) -> (any Action)? {
        guard let property = LayerProperty(rawValue: event), property.hasImplicitAction,
            model.value(of: property) != nil
        else { return nil }
        var animation = BasicAnimation(keyPath: LayerKeyPath(property))
        animation.timingFunction = .default
        return animation
    }
}
