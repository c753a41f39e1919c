import KinemaLottie
import KinemaLottieUI
import KinemaUI

/// The kinds of view a scene can declare.
public enum SceneViewType: String, Sendable, CaseIterable {
    case view, label, imageView, button, scrollView, lottie, stackView

    /// Everything scenes know about each view type: the one place a new type is declared (a case
    /// above and its row here). Decoding, building, `set` steps and `kinema inspect` read it.
    var traits: SceneViewTraits {
        switch self {
        case .view:
            SceneViewTraits(View.self, phrase: "a view", plural: "views") { _, _ in View() }
        case .label:
            SceneViewTraits(
                Label.self, phrase: "a label", plural: "labels", make: { _, _ in Label() },
                inspect: { view in
                    guard let label = view as? Label else { return [] }
                    return [("text", label.text.map(JSONValue.string) ?? .null)]
                })
        case .imageView:
            SceneViewTraits(ImageView.self, phrase: "an image view", plural: "image views") { _, _ in
                ImageView()
            }
        case .button:
            SceneViewTraits(
                Button.self, phrase: "a button", plural: "buttons",
                make: { spec, _ in Button(type: spec.buttonType) },
                configure: { view, spec, scene in (view as? Button).map { scene.configure($0, spec: spec) } },
                inspect: { view in
                    guard let button = view as? Button else { return [] }
                    return [
                        ("title", button.currentTitle.map(JSONValue.string) ?? .null), ("enabled", .bool(button.isEnabled)),
                        ("highlighted", .bool(button.isHighlighted)),
                    ]
                })
        case .scrollView:
            SceneViewTraits(
                ScrollView.self, phrase: "a scroll view", plural: "scroll views", keys: ScrollSetting.keys,
                make: { _, scene in
                    let scrollView = ScrollView()
                    scrollView.delegate = scene.scrollViewDelegate
                    return scrollView
                },
                finish: { view, spec, _ in
                    // A zoom scale needs the view that zooms: set once the subviews are in.
                    guard let scrollView = view as? ScrollView else { return }
                    for case .scroll(let s) in spec.settings { if case .zoomScale = s { s.apply(to: scrollView) } }
                },
                inspect: { view in
                    guard let scrollView = view as? ScrollView else { return [] }
                    return [("contentOffset", SceneEncoding.json(scrollView.contentOffset)), ("zoomScale", .number(scrollView.zoomScale))]
                })
        case .lottie:
            SceneViewTraits(
                LottieAnimationView.self, phrase: "a Lottie view", plural: "Lottie views",
                make: { _, _ in LottieAnimationView(frame: .zero) },
                configure: { view, spec, _ in
                    // Settings apply in the file's order; a play asked for before the animation
                    // was set starts once everything is.
                    guard let lottie = view as? LottieAnimationView, !lottie.isAnimationPlaying else { return }
                    for case .playing(true) in spec.settings { lottie.play() }
                },
                inspect: { view in
                    guard let lottie = view as? LottieAnimationView else { return [] }
                    return [("currentFrame", .number(lottie.currentFrame)), ("playing", .bool(lottie.isAnimationPlaying))]
                })
        case .stackView:
            SceneViewTraits(
                StackView.self, phrase: "a stack view", plural: "stack views", keys: StackSetting.keys,
                make: { _, _ in StackView() },
                inspect: { view in
                    guard let stack = view as? StackView else { return [] }
                    return [
                        ("axis", .string(stack.axis == .horizontal ? "horizontal" : "vertical")),
                        ("arrangedSubviews", .array(stack.arrangedSubviews.map { .string($0.layer.name ?? "?") })),
                    ]
                })
        }
    }

    /// "a label", "an image view", for messages.
    var phrase: String { traits.phrase }

    /// The type of `view`: the last type, in declaration order, whose class it is an instance of
    /// (so a type whose class subclasses another's is declared after it).
    static func of(_ view: View) -> SceneViewType {
        allCases.last { $0.traits.isInstance(view) } ?? .view
    }
}

/// One row of ``SceneViewType/traits``.
struct SceneViewTraits {
    /// The type's name in messages, with its article ("a label").
    let phrase: String
    /// The plural, for "is a property of labels and buttons".
    let plural: String
    /// The keys of the type's own settings enum (a scroll view's ``ScrollSetting``), which it
    /// accepts besides the rows of ``ViewSettingKey`` that name it.
    let keys: [String]
    /// Makes an empty view of the type for a spec, in a scene.
    let make: (ViewSpec, Scene) -> View
    /// Whether a view is of the type's class (or a subclass).
    let isInstance: (View) -> Bool
    /// Finishes a view once its settings are applied, before its subviews are added.
    let configure: (View, ViewSpec, Scene) -> Void
    /// Finishes a view once its subviews are in.
    let finish: (View, ViewSpec, Scene) -> Void
    /// What `kinema inspect` reports for views of the type beyond what it reports for every view.
    let inspect: (View) -> [(key: String, value: JSONValue)]

    init<V: View>(
        _ viewClass: V.Type, phrase: String, plural: String, keys: [String] = [], make: @escaping (ViewSpec, Scene) -> V,
        configure: @escaping (View, ViewSpec, Scene) -> Void = { _, _, _ in },
        finish: @escaping (View, ViewSpec, Scene) -> Void = { _, _, _ in },
        inspect: @escaping (View) -> [(key: String, value: JSONValue)] = { _ in [] }
    ) {
        self.phrase = phrase
        self.plural = plural
        self.keys = keys
        self.make = make
        self.isInstance = { $0 is V }
        self.configure = configure
        self.finish = finish
        self.inspect = inspect
    }
}
