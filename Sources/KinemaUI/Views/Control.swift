import KinemaGeometry
import KinemaLayers

/// A view that turns touches into events (touch down, touch up inside, …) and runs the actions
/// registered for them. Mirrors `UIControl`.
///
/// Tracking follows UIKit: a touch that begins in the control highlights it; the touch is still
/// "inside" while it stays within the bounds grown by ``touchTrackingMargin`` on every side; lifting
/// inside sends ``Event/touchUpInside``. A disabled control takes no touches.
open class Control: View {
    /// Kinds of control events. Mirrors `UIControl.Event`.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A touch went down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A touch that began in the control moved inside it.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// A touch that began in the control moved outside it.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// A touch that began in the control lifted inside it: a tap.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A touch that began in the control lifted outside it.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The touch was cancelled (a gesture recognizer took it).
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action fired (for a button, a tap).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// The states a control shows. Mirrors `UIControl.State`.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Enabled, not highlighted, not selected.
        public static let normal: State = []
        /// A touch is down inside.
        public static let highlighted = State(rawValue: 1 << 0)
        /// Disabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// Selected.
        public static let selected = State(rawValue: 1 << 2)
    }

    /// How far outside its bounds a touch still counts as inside, points (UIKit uses about 70).
    public static let touchTrackingMargin = 70.0

    /// Whether the control takes touches. Default `true`. Mirrors `UIControl.isEnabled`.
    public var isEnabled = true { didSet { if isEnabled != oldValue { stateDidChange() } } }
    /// Whether a touch is down inside. Mirrors `UIControl.isHighlighted`.
    public var isHighlighted = false { didSet { if isHighlighted != oldValue { stateDidChange() } } }
    /// Whether the control is selected. Default `false`. Mirrors `UIControl.isSelected`.
    public var isSelected = false { didSet { if isSelected != oldValue { stateDidChange() } } }

    /// The current state. Mirrors `UIControl.state`.
    public var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    private var handlers: [(events: Event, action: ControlAction)] = []
    private var trackingTouch: Touch?

    /// Runs `action` when any of `events` happens. Mirrors `UIControl.addAction(_:for:)`.
    public func addAction(_ action: ControlAction, for events: Event) {
        handlers.append((events, action))
    }

    /// Removes every registration of the action with `identifier` for `events`. Mirrors
    /// `UIControl.removeAction(identifiedBy:for:)`.
    public func removeAction(identifiedBy identifier: String, for events: Event) {
        handlers.removeAll { $0.action.identifier != nil && $0.action.identifier == identifier && !$0.events.isDisjoint(with: events) }
    }

    /// Calls `action` on `target` (held weakly) when any of `events` happens: the selector-free
    /// form of `UIControl.addTarget(_:action:for:)`; pass a method reference
    /// (`button.addTarget(self, action: Screen.didTap, for: .touchUpInside)`).
    public func addTarget<Target: AnyObject, Sender: Control>(
        _ target: Target, action: @escaping (Target) -> (Sender) -> Void, for events: Event
    ) {
        weak let weakTarget = target
        let method = action
        addAction(
            ControlAction { fired in
                if let t = weakTarget, let sender = fired.sender as? Sender { method(t)(sender) }
            }, for: events)
    }

    /// Runs the actions registered for `events`. Mirrors `UIControl.sendActions(for:)`.
    public func sendActions(for events: Event) {
        for (registered, action) in handlers where !registered.isDisjoint(with: events) {
            var fired = action
            fired.sender = self
            fired.handler(fired)
        }
    }

    /// Called when ``state`` changes; subclasses update their appearance here.
    open func stateDidChange() {}

    open override func hitTest(_ point: Point, with event: KinemaUI.Event?) -> View? {
        isEnabled ? super.hitTest(point, with: event) : nil
    }

    private func isInsideTracking(_ touch: Touch) -> Bool {
        let m = Control.touchTrackingMargin
        let p = touch.location(in: self)
        let b = bounds
        return Rect(x: b.minX - m, y: b.minY - m, width: b.width + 2 * m, height: b.height + 2 * m).contains(p)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: KinemaUI.Event?) {
        guard isEnabled, trackingTouch == nil, let touch = touches.first else { return }
        trackingTouch = touch
        isHighlighted = true
        sendActions(for: .touchDown)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: KinemaUI.Event?) {
        guard let touch = trackingTouch, touches.contains(touch) else { return }
        let inside = isInsideTracking(touch)
        isHighlighted = inside
        sendActions(for: inside ? .touchDragInside : .touchDragOutside)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: KinemaUI.Event?) {
        guard let touch = trackingTouch, touches.contains(touch) else { return }
        trackingTouch = nil
        let inside = isInsideTracking(touch)
        isHighlighted = false
        if inside {
            sendActions(for: [.touchUpInside])
            sendActions(for: .primaryActionTriggered)
        } else {
            sendActions(for: .touchUpOutside)
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: KinemaUI.Event?) {
        guard let touch = trackingTouch, touches.contains(touch) else { return }
        trackingTouch = nil
        isHighlighted = false
        sendActions(for: .touchCancel)
    }
}

/// A closure a control runs for an event, with an optional title and identifier. Mirrors
/// `UIAction` (named `ControlAction` because `Action` is Core Animation's `CAAction` in Kinema).
public struct ControlAction {
    /// A title (for menus). Default empty.
    public var title: String
    /// An identifier for ``Control/removeAction(identifiedBy:for:)``, or `nil`. Default `nil`
    /// (UIKit makes a unique one; an action without one can only be removed with its control).
    public var identifier: String?
    /// The control that sent the action, while its handler runs. Mirrors `UIAction.sender`.
    public internal(set) var sender: Control?
    let handler: (ControlAction) -> Void

    /// An action running `handler`. Mirrors `UIAction(title:identifier:handler:)`.
    public init(title: String = "", identifier: String? = nil, handler: @escaping (ControlAction) -> Void) {
        self.title = title
        self.identifier = identifier
        self.handler = handler
    }
}
