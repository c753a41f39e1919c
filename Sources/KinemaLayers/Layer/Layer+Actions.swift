import KinemaTiming

extension Layer {
    /// The action for `event`, searched in Core Animation's order (`spec/core-animation.md` § 6.3):
    /// the delegate, ``actions``, the ``style`` chain, ``defaultAction(forKey:)``, and finally the
    /// implicit animation for animatable properties. A ``NullAction`` at any step ends the search
    /// with `nil`. Mirrors `action(forKey:)`; works whether or not actions are disabled.
    public func action(forKey event: String) -> (any Action)? {
        if let delegate, let a = delegate.action(for: self, forKey: event) {
            return a is NullAction ? nil : a
        }
        if let a = actions[event] {
            return a is NullAction ? nil : a
        }
        var style = self.style
        while let s = style {
            if let a = s.actions[event] { return a is NullAction ? nil : a }
            style = s.style
        }
        if let a = Self.defaultAction(forKey: event) {
            return a is NullAction ? nil : a
        }
        return implicitAction(forKey: event)
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
