/// An object that handles events and passes on those it does not handle: the base class of
/// ``View`` (and so ``Window``) and ``ViewController``. Mirrors `UIResponder`.
///
/// Responders form a chain through ``next``. The window delivers each touch to the view it hit
/// (``View/hitTest(_:with:)``); the default `touches…` methods pass the message to ``next``, so a
/// touch that no view handles climbs towards the window, through the view controllers on the way:
///
/// | responder | its ``next`` |
/// | --- | --- |
/// | a controller's root view | the controller |
/// | any other view | its superview |
/// | the root controller of a window | the window |
/// | a presented controller | the presenting controller |
/// | any other controller | its view's superview |
/// | a window | `nil` (Kinema has no application object) |
///
/// ```swift
/// final class CardController: ViewController {
///     override func viewDidLoad() { view.addSubview(View(frame: Rect(x: 20, y: 20, width: 80, height: 80))) }
///     // A touch on the plain subview is not handled there: it lands here.
///     override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
///         if let touch = touches.first { print("touched at", touch.location(in: view)) }
///     }
/// }
/// ```
///
/// An override that handles a touch and does not call `super` ends the chain there; one that
/// calls `super` passes the touch on. As in UIKit, override all four `touches…` methods if you
/// override one, and handle `touchesCancelled` (a gesture recognizer may take a touch that
/// began, see ``GestureRecognizer/cancelsTouchesInView``).
open class Responder {
    /// A responder. Mirrors `UIResponder.init()`.
    public init() {}

    /// The next responder in the chain, or `nil` at its end. The base class answers `nil`;
    /// ``View``, ``ViewController`` and ``Window`` answer as the table in ``Responder`` says.
    /// Mirrors `UIResponder.next`.
    open var next: Responder? { nil }

    // MARK: Touches

    /// Touches came down. The default passes them to ``Responder/next``, as UIKit's does. Mirrors
    /// `UIResponder.touchesBegan(_:with:)`.
    open func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesBegan(touches, with: event)
    }

    /// Touches moved. The default passes them to ``Responder/next``. Mirrors
    /// `UIResponder.touchesMoved(_:with:)`.
    open func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesMoved(touches, with: event)
    }

    /// Touches lifted. The default passes them to ``Responder/next``. Mirrors
    /// `UIResponder.touchesEnded(_:with:)`.
    open func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesEnded(touches, with: event)
    }

    /// Touches were cancelled: a gesture recognizer took them (it recognized with
    /// ``GestureRecognizer/cancelsTouchesInView``), or the finger was cancelled. The default
    /// passes them to ``Responder/next``. Mirrors `UIResponder.touchesCancelled(_:with:)`.
    open func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: First responder

    /// Whether the responder accepts first-responder status. Default `false`. Mirrors
    /// `UIResponder.canBecomeFirstResponder`.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether the responder gives up first-responder status when asked. Default `true`.
    /// Mirrors `UIResponder.canResignFirstResponder`.
    open var canResignFirstResponder: Bool { true }

    /// Whether the responder is the first responder of the window its chain reaches. A
    /// responder that left the window is no longer first responder. Mirrors
    /// `UIResponder.isFirstResponder`.
    open var isFirstResponder: Bool {
        guard let window = responderWindow else { return false }
        return window.firstResponder === self
    }

    /// Asks to become the first responder of the window its chain reaches; returns whether it
    /// is. The current first responder is asked to resign first (it may refuse, through
    /// ``canResignFirstResponder`` or ``resignFirstResponder()``); then ``canBecomeFirstResponder``
    /// decides. A responder whose chain reaches no window answers `false`. Kinema has no keyboard
    /// or input views, so the first responder only records the status. Mirrors
    /// `UIResponder.becomeFirstResponder()`.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard let window = responderWindow else { return false }
        if let current = window.firstResponder {
            if current === self { return true }
            guard current.canResignFirstResponder, current.resignFirstResponder() else { return false }
            if window.firstResponder === current { window.storedFirstResponder = nil }
        }
        guard canBecomeFirstResponder else { return false }
        window.storedFirstResponder = self
        return true
    }

    /// Gives up first-responder status; returns `true` (the default resigns). An override may
    /// return `false` to keep the status; one that resigns calls `super`. Mirrors
    /// `UIResponder.resignFirstResponder()`.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        if let window = responderWindow, window.storedFirstResponder === self { window.storedFirstResponder = nil }
        return true
    }

    /// The window at the end of the chain through ``next`` (the receiver itself for a window).
    var responderWindow: Window? {
        var node: Responder? = self
        while let responder = node {
            if let window = responder as? Window { return window }
            node = responder.next
        }
        return nil
    }
}
