import KinemaGeometry
import KinemaLayers
import KinemaLottie
import KinemaLottieUI
import KinemaUI

extension Scene {
    /// Creates the view for `spec` (and its subviews) with its settings, tap actions and
    /// gesture recognizers. Its layer is named and registered under the view's id.
    func build(_ spec: ViewSpec) -> View {
        let traits = spec.type.traits
        let view = traits.make(spec, self)
        view.layer.name = spec.id
        register(view, id: spec.id)
        if !spec.constraints.isEmpty { view.translatesAutoresizingMaskIntoConstraints = false }
        for setting in spec.settings { setting.apply(to: view) }
        if spec.sizesToFit {
            // Fit the content, keeping the center.
            let center = view.center
            let size = view.sizeThatFits(.zero)
            view.bounds = Rect(origin: view.bounds.origin, size: Size(width: max(0, size.width), height: max(0, size.height)))
            view.center = center
        }
        traits.configure(view, spec, self)
        for gesture in spec.gestures { attach(gesture, to: view) }
        for sub in spec.subviews { view.addSubview(build(sub)) }
        if let stack = view as? StackView {
            // Arranged views are placed by the stack's constraints: they size to their content.
            for sub in spec.arrangedSubviews { stack.addArrangedSubview(build(sub)) }
        }
        traits.finish(view, spec, self)
        return view
    }

    /// Names a button's title label and image view after it and runs its tap actions on touch up
    /// inside.
    func configure(_ button: Button, spec: ViewSpec) {
        button.titleLabel.layer.name = spec.id + ".titleLabel"
        button.imageView.layer.name = spec.id + ".imageView"
        guard !spec.onTap.isEmpty else { return }
        let animations = spec.onTap
        button.addAction(
            ControlAction { [weak self] _ in
                for animation in animations { self?.run(animation) }
            }, for: .touchUpInside)
    }

    /// Makes the change (inside an animation block when one is running): sets the view's
    /// settings, or the constraint's constant (which moves views at the next layout pass).
    func apply(_ change: ViewChange) {
        switch change {
        case .view(let id, let settings):
            guard let view = views[id] else { return }
            for setting in settings { setting.apply(to: view) }
        case .constraint(let id, let constant):
            constraints[id]?.constant = constant
        }
    }

    /// Makes `changes` in order; in a scene with constraints, then lays the window out, so that
    /// inside an animation block the frames the changes move animate with it (UIKit's
    /// `UIView.animate { view.layoutIfNeeded() }`).
    func apply(_ changes: [ViewChange]) {
        for change in changes { apply(change) }
        if !declaredConstraints.isEmpty { window.layoutIfNeeded() }
    }

    /// Runs a view animation block: `View.animate` in the form `spec` asks for, or
    /// `View.animateKeyframes`; its `then` runs in the completion.
    func run(_ spec: ViewAnimationSpec) {
        var completion: ((Bool) -> Void)?
        if let next = spec.then {
            completion = { [weak self] _ in self?.run(next) }
        }
        let changes = { [weak self] in
            guard let self else { return }
            self.apply(spec.changes)
        }
        if let keyframes = spec.keyframes {
            var raw = spec.options.rawValue | spec.calculationMode.options.rawValue
            if case .curve(let curve) = spec.timing { raw |= ViewAnimationSpec.option(for: curve).rawValue }
            View.animateKeyframes(
                withDuration: spec.duration, delay: spec.delay, options: KeyframeAnimationOptions(rawValue: raw),
                animations: { [weak self] in
                    changes()
                    for keyframe in keyframes {
                        View.addKeyframe(withRelativeStartTime: keyframe.start, relativeDuration: keyframe.duration) {
                            self?.apply(keyframe.changes)
                        }
                    }
                }, completion: completion)
            return
        }
        switch spec.timing {
        case .curve(let curve):
            View.animate(
                withDuration: spec.duration, delay: spec.delay, options: spec.options.union(ViewAnimationSpec.option(for: curve)),
                animations: changes, completion: completion)
        case .spring(let dampingRatio, let velocity):
            View.animate(
                withDuration: spec.duration, delay: spec.delay, usingSpringWithDamping: dampingRatio, initialSpringVelocity: velocity,
                options: spec.options, animations: changes, completion: completion)
        case .perceptualSpring(let duration, let bounce, let velocity):
            View.animate(
                springDuration: duration, bounce: bounce, initialSpringVelocity: velocity, delay: spec.delay, options: spec.options,
                animations: changes, completion: completion)
        }
    }

    func register(_ view: View, id: String) {
        views[id] = view
        layers[id] = view.layer
    }
}

extension ViewAnimationSpec {
    /// The option bits of a curve.
    static func option(for curve: ViewAnimationCurve) -> ViewAnimationOptions {
        switch curve {
        case .easeInOut: .curveEaseInOut
        case .easeIn: .curveEaseIn
        case .easeOut: .curveEaseOut
        case .linear: .curveLinear
        }
    }
}

extension ViewSetting {
    /// Sets the property through the view's setters (so inside an animation block it animates).
    func apply(to view: View) {
        switch self {
        case .frame(let r): view.frame = r
        case .center(let p): view.center = p
        case .bounds(let r): view.bounds = r
        case .transform(let t): view.transform3D = t
        case .alpha(let a): view.alpha = a
        case .backgroundColor(let c): view.backgroundColor = c
        case .hidden(let h): view.isHidden = h
        case .clipsToBounds(let c): view.clipsToBounds = c
        case .cornerRadius(let r): view.layer.cornerRadius = r
        case .tag(let t): view.tag = t
        case .userInteractionEnabled(let e): view.isUserInteractionEnabled = e
        case .accessibilityLabel(let l): view.accessibilityLabel = l
        case .contentMode(let m): view.contentMode = m
        case .text(let t): (view as? Label)?.text = t
        case .title(let t): (view as? Button)?.setTitle(t, for: .normal)
        case .fontName(let name):
            if let label = Self.textLabel(of: view) {
                label.font = Font(name: name, size: label.font.pointSize) ?? label.font
                view.setNeedsLayout()
            }
        case .fontSize(let size):
            if let label = Self.textLabel(of: view) {
                label.font = label.font.withSize(size)
                view.setNeedsLayout()
            }
        case .textColor(let c): (view as? Label)?.textColor = c
        case .textAlignment(let a): (view as? Label)?.textAlignment = a
        case .numberOfLines(let n): (view as? Label)?.numberOfLines = n
        case .lineBreakMode(let m): (view as? Label)?.lineBreakMode = m
        case .image(let image):
            if let imageView = view as? ImageView { imageView.image = image }
            if let button = view as? Button { button.setImage(image, for: .normal) }
        case .titleColor(let c): (view as? Button)?.setTitleColor(c, for: .normal)
        case .tintColor(let c): (view as? Button)?.tintColor = c
        case .enabled(let e): (view as? Button)?.isEnabled = e
        case .lottieAnimation(let a): (view as? LottieAnimationView)?.animation = a
        case .loopMode(let m): (view as? LottieAnimationView)?.loopMode = m
        case .animationSpeed(let s): (view as? LottieAnimationView)?.animationSpeed = s
        case .currentProgress(let p): (view as? LottieAnimationView)?.currentProgress = p
        case .playing(let playing):
            guard let lottie = view as? LottieAnimationView else { return }
            if playing { lottie.play() } else { lottie.pause() }
        case .layer(let setting): setting.apply(to: view.layer)
        case .scroll(let setting): (view as? ScrollView).map { setting.apply(to: $0) }
        case .stack(let setting): (view as? StackView).map { setting.apply(to: $0) }
        }
    }

    /// The label whose font `font` and `fontSize` set: the view itself, or a button's title.
    private static func textLabel(of view: View) -> Label? {
        (view as? Label) ?? (view as? Button)?.titleLabel
    }
}
