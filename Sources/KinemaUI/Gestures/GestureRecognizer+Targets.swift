/// The target–action API of gesture recognizers, typed by the recognizer's class: a handler of a
/// ``PanGestureRecognizer`` receives a `PanGestureRecognizer`. Every ``GestureRecognizer``
/// conforms; you never conform to it yourself.
///
/// ```swift
/// final class DetailViewController {
///     let imageView = View(frame: Rect(x: 0, y: 64, width: 375, height: 562))
///
///     func viewDidLoad() {
///         imageView.addGestureRecognizer(PanGestureRecognizer(target: self, action: DetailViewController.handlePanGesture))
///         imageView.addGestureRecognizer(TapGestureRecognizer { tap in print(tap.location(in: nil)) })
///     }
///
///     func handlePanGesture(_ pan: PanGestureRecognizer) {
///         let t = pan.translation(in: imageView.superview)
///         imageView.transform = AffineTransform(translationX: t.x, y: t.y)
///     }
/// }
/// ```
///
/// UIKit's `init(target:action:)` takes an Objective-C selector; Kinema takes an unapplied method
/// reference (`Type.method`), so a port renames `#selector(handlePanGesture(_:))` to
/// `DetailViewController.handlePanGesture`. The target is held weakly, as in UIKit.
public protocol GestureRecognizerActions: GestureRecognizer {}

extension GestureRecognizer: GestureRecognizerActions {}

extension GestureRecognizerActions {
    /// A recognizer that calls `handler` at every transition to began, changed, ended
    /// (recognized) or cancelled. Kinema's closure form of `init(target:action:)`. The handler is
    /// retained (unlike a target): capture its owner weakly.
    public init(handler: @escaping (Self) -> Void) {
        self.init()
        addTarget(handler)
    }

    /// A recognizer that calls `action` on `target` (held weakly) at every transition to began,
    /// changed, ended (recognized) or cancelled. Mirrors `UIGestureRecognizer.init(target:action:)`
    /// with a method reference for the selector.
    public init<Target: AnyObject>(target: Target, action: @escaping (Target) -> (Self) -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// Adds a handler called at every transition to began, changed, ended or cancelled, after
    /// the targets added before it. Kinema's closure form of `addTarget(_:action:)`.
    public func addTarget(_ handler: @escaping (Self) -> Void) {
        targets.append(
            TargetAction(target: nil, hasTarget: false) { recognizer in
                if let typed = recognizer as? Self { handler(typed) }
            })
    }

    /// Adds `action` on `target` (held weakly; the pair is dropped once the target is gone).
    /// Mirrors `UIGestureRecognizer.addTarget(_:action:)` with a method reference for the
    /// selector.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> (Self) -> Void) {
        targets.append(
            TargetAction(target: target, hasTarget: true) { [weak target] recognizer in
                if let target, let typed = recognizer as? Self { action(target)(typed) }
            })
    }
}

extension GestureRecognizer {
    /// Removes the actions of `target`, or every target and handler when `target` is `nil`.
    /// Mirrors `UIGestureRecognizer.removeTarget(_:action:)` (methods can't be compared, so all
    /// actions of the target go).
    public func removeTarget(_ target: AnyObject?) {
        guard let target else {
            targets.removeAll()
            return
        }
        targets.removeAll { $0.target === target }
    }
}
