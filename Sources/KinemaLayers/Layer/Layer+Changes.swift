import KinemaGeometry
import KinemaTiming

extension Layer {
    /// Sets the value at `keyPath` (`"position.x"`, `"transform.rotation.z"`, …), running the
    /// property's implicit action. Mirrors `setValue(_:forKeyPath:)`.
    ///
    /// - Throws: ``LayerValueError`` when the key path is not a property of this layer kind, the
    ///   value has the wrong kind, or a number in it is not finite.
    public func setValue(_ value: AnimatableValue, forKeyPath keyPath: LayerKeyPath) throws(LayerValueError) {
        guard keyPath.isValid else {
            throw LayerValueError(keyPath: keyPath.string, message: "'\(keyPath.string)' is not an animatable key path")
        }
        guard model.value(at: keyPath) != nil else {
            throw LayerValueError(keyPath: keyPath.string, message: "a \(kind.rawValue) layer has no '\(keyPath.string)'")
        }
        guard value.kind == keyPath.valueKind else {
            throw LayerValueError(
                keyPath: keyPath.string,
                message: "'\(keyPath.string)' expects a \(keyPath.valueKind.rawValue), got a \(value.kind.rawValue)")
        }
        guard value.isFinite else {
            throw LayerValueError(keyPath: keyPath.string, message: "'\(keyPath.string)' must be finite (NaN and infinity are not allowed)")
        }
        change(keyPath, to: value)
    }

    /// The model value at `keyPath`, or `nil` when this layer kind lacks it. Mirrors `value(forKeyPath:)`.
    public func value(forKeyPath keyPath: LayerKeyPath) -> AnimatableValue? {
        model.value(at: keyPath)
    }

    /// Changes an animatable property: looks up the action with the old value in place, sets
    /// the model, then runs the action, as Core Animation posts an event for each property change
    /// (`CALayer.h`, "Action methods").
    func change(_ property: LayerProperty, to value: AnimatableValue) {
        change(LayerKeyPath(property), to: value)
    }

    func change(_ keyPath: LayerKeyPath, to value: AnimatableValue) {
        guard value.isFinite, value.kind == keyPath.valueKind, let old = model.value(at: keyPath), old != value else {
            return
        }
        let event = keyPath.property.rawValue
        var action: (any Action)?
        if keyPath.property.hasImplicitAction {
            if let context {
                context.transaction.ensureOpen()
                if !context.transaction.disableActions {
                    action = self.action(forKey: event)
                    // A value-less basic animation animates from the value showing before the change.
                    if var basic = action as? BasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil {
                        basic.fromValue = presentationValue(forKeyPath: basic.keyPath, at: context.currentTime)
                        action = basic
                    }
                }
            } else {
                // A layer in no tree gets no implicit animation of Core Animation's own (a
                // standalone layer off screen lists no animation keys on Apple's systems), but
                // an action its delegate, `actions` or `style` gives still runs: UIKit's view
                // animations reach a view that is not in a window yet this way, and start when
                // it is attached.
                action = explicitAction(forKey: event)
            }
        }
        mutateModel { $0.set(keyPath, to: value) }
        action?.run(forKey: event, object: self, arguments: nil)
    }

    /// Changes the model without an action, recording the old state for transitions.
    func mutateModel(_ body: (inout LayerState) -> Void) {
        if let context {
            context.transaction.ensureOpen()
            context.transaction.recordBefore(self)
        }
        body(&model)
    }

    /// Runs the action for a non-property event (`onOrderIn`, `onOrderOut`), if any.
    func post(_ event: String) {
        guard let context else { return }
        context.transaction.ensureOpen()
        guard !context.transaction.disableActions, let action = action(forKey: event) else { return }
        action.run(forKey: event, object: self, arguments: nil)
    }
}

/// A value that cannot be set on a layer.
public struct LayerValueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key path that was set.
    public var keyPath: String
    /// What was wrong and what was expected.
    public var message: String
    public var description: String { message }
}
