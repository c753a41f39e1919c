import KinemaGeometry
import KinemaUI

extension Scene {
    /// Delivers one scripted touch sample to the window (`Window.send(_:)`): hit testing,
    /// gesture recognizers, then the views' touch methods.
    func deliver(_ touch: SceneTouch) {
        window.send(TouchInput(identifier: touch.identifier, phase: touch.phase, location: touch.point, timestamp: touch.time))
    }

    /// Makes the recognizer `spec` describes, attaches it to `view` and registers it under its
    /// id. `requireToFail` is linked by ``linkGestures(_:)`` once every recognizer exists.
    func attach(_ spec: GestureSpec, to view: View) {
        let recognizer: GestureRecognizer
        switch spec.kind {
        case .tap, .doubleTap:
            let tap = TapGestureRecognizer()
            tap.numberOfTapsRequired = spec.numberOfTapsRequired
            tap.numberOfTouchesRequired = spec.numberOfTouchesRequired
            if let m = spec.allowableMovement { tap.allowableMovement = m }
            if let i = spec.maximumIntervalBetweenSuccessiveTaps { tap.maximumIntervalBetweenSuccessiveTaps = i }
            recognizer = tap
        case .longPress:
            let press = LongPressGestureRecognizer()
            press.numberOfTouchesRequired = spec.numberOfTouchesRequired
            if let d = spec.minimumPressDuration { press.minimumPressDuration = d }
            if let m = spec.allowableMovement { press.allowableMovement = m }
            recognizer = press
        case .pan:
            let pan = PanGestureRecognizer()
            pan.minimumNumberOfTouches = spec.minimumNumberOfTouches
            if let n = spec.maximumNumberOfTouches { pan.maximumNumberOfTouches = n }
            if let h = spec.hysteresis { pan.hysteresis = h }
            recognizer = pan
        case .swipe:
            let swipe = SwipeGestureRecognizer()
            var direction: SwipeGestureRecognizer.Direction = []
            for d in spec.directions {
                switch d {
                case .right: direction.insert(.right)
                case .left: direction.insert(.left)
                case .up: direction.insert(.up)
                case .down: direction.insert(.down)
                }
            }
            swipe.direction = direction
            swipe.numberOfTouchesRequired = spec.numberOfTouchesRequired
            if let d = spec.minimumDistance { swipe.minimumDistance = d }
            if let s = spec.minimumSpeed { swipe.minimumSpeed = s }
            if let a = spec.maximumAngle { swipe.maximumAngle = a }
            recognizer = swipe
        }
        recognizer.name = spec.id
        recognizer.isEnabled = spec.isEnabled
        recognizer.cancelsTouchesInView = spec.cancelsTouchesInView
        recognizer.delaysTouchesEnded = spec.delaysTouchesEnded
        recognizer.addTarget { [weak self, weak view] recognizer in
            guard let self, let view else { return }
            self.gestureDidChange(recognizer, spec: spec, view: view)
        }
        view.addGestureRecognizer(recognizer)
        gestureRecognizers[spec.id] = recognizer
        gestureKinds[spec.id] = spec.kind
    }

    /// Links `requireToFail` for every gesture of `views` and their subviews.
    func linkGestures(_ views: [ViewSpec]) {
        for view in views {
            for spec in view.gestures {
                if let other = spec.requireToFail, let recognizer = gestureRecognizers[spec.id], let required = gestureRecognizers[other] {
                    recognizer.require(toFail: required)
                }
            }
            linkGestures(view.subviews)
        }
    }

    /// A target call: a dragging pan moves the view by its translation; `onRecognized` runs when
    /// a tap or swipe is recognized or a pan or long press begins; `onEnded` when a pan or long
    /// press ends or is cancelled.
    private func gestureDidChange(_ recognizer: GestureRecognizer, spec: GestureSpec, view: View) {
        let state = recognizer.state
        if spec.drags, let pan = recognizer as? PanGestureRecognizer, state == .began || state == .changed || state == .ended {
            let t = pan.translation(in: view.superview)
            view.center = Point(x: view.center.x + t.x, y: view.center.y + t.y)
            pan.setTranslation(.zero, in: view.superview)
        }
        let animations: [ViewAnimationSpec]
        switch state {
        case .began where spec.kind.isContinuous: animations = spec.onRecognized
        case .ended where !spec.kind.isContinuous: animations = spec.onRecognized
        case .ended, .cancelled: animations = spec.kind.isContinuous ? spec.onEnded : []
        default: animations = []
        }
        for animation in animations { run(animation) }
    }

    /// The gesture recognizers of `view` for `kinema inspect`: id, type, state and whether it is
    /// enabled, in the order they were attached.
    func describeGestures(of view: View) -> [JSONValue] {
        view.gestureRecognizers.map { recognizer in
            let id = recognizer.name ?? ""
            return .object([
                ("id", .string(id)),
                ("type", gestureKinds[id].map { .string($0.rawValue) } ?? .null),
                ("state", .string(recognizer.state.description)),
                ("enabled", .bool(recognizer.isEnabled)),
            ])
        }
    }
}
