import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaUI

/// A view setting's key in scene files, each declared once in ``declaration``: the view types
/// that have it and how its value is read. The keys a type accepts, the "is a property of …"
/// messages and parsing all follow from the rows; a new setting is a case here with its row, and
/// its ``ViewSetting`` case with its `apply` (`Scene+Views.swift`).
///
/// The order of the cases is the order keys are listed in (and suggested from): the keys every
/// view has first.
enum ViewSettingKey: String, CaseIterable {
    // Every view
    case frame, center, bounds, transform, alpha, backgroundColor, hidden, clipsToBounds, cornerRadius, tag
    case userInteractionEnabled, accessibilityLabel, contentMode, layer
    // Labels, buttons and image views
    case text, title, titleColor, image, font, fontSize, textColor, textAlignment, numberOfLines, lineBreakMode
    case tintColor, enabled
    // Lottie views
    case animation, loopMode, animationSpeed, currentProgress, playing

    /// The one declaration of each key (the compiler asks for a row for a new case).
    var declaration: ViewSettingDeclaration {
        typealias Row = ViewSettingDeclaration
        switch self {
        case .frame: return .one { v, i in i.parser.rect(v, at: i.path, nonNegative: true).map(ViewSetting.frame) }
        case .center: return .one { v, i in i.parser.point(v, at: i.path).map(ViewSetting.center) }
        case .bounds: return .one { v, i in i.parser.rect(v, at: i.path, nonNegative: true).map(ViewSetting.bounds) }
        case .transform: return .one { v, i in i.parser.transform(v, at: i.path).map(ViewSetting.transform) }
        case .alpha: return .one { v, i in i.parser.number(v, at: i.path, min: 0, max: 1).map(ViewSetting.alpha) }
        case .backgroundColor: return .nullable(ViewSetting.backgroundColor) { v, i in i.parser.color(v, at: i.path) }
        case .hidden: return .one { _, i in i.single.bool().map(ViewSetting.hidden) }
        case .clipsToBounds: return .one { _, i in i.single.bool().map(ViewSetting.clipsToBounds) }
        case .cornerRadius: return .one { v, i in i.parser.number(v, at: i.path, min: 0).map(ViewSetting.cornerRadius) }
        case .tag: return .one { v, i in i.wholeNumber(v, in: -1_000_000_000...1_000_000_000).map(ViewSetting.tag) }
        case .userInteractionEnabled: return .one { _, i in i.single.bool().map(ViewSetting.userInteractionEnabled) }
        case .accessibilityLabel: return .nullable(ViewSetting.accessibilityLabel) { _, i in i.single.string() }
        case .contentMode: return .one { _, i in i.single.enumeration(ContentMode.self).map(ViewSetting.contentMode) }
        case .layer: return Row(types: nil, parse: ViewSetting.parseLayer)
        case .text: return .nullable(for: [.label], ViewSetting.text) { _, i in i.single.string() }
        case .title: return .nullable(for: [.button], ViewSetting.title) { _, i in i.single.string() }
        case .titleColor: return .nullable(for: [.button], ViewSetting.titleColor) { v, i in i.parser.color(v, at: i.path) }
        case .image:
            return .nullable(for: [.imageView, .button], ViewSetting.image) { _, i in
                i.single.string().flatMap { ViewSetting.loadImage($0, at: i.path, issues: i.issues, directory: i.directory) }
            }
        case .font:
            return .one(for: [.label, .button]) { _, i in
                guard let name = i.single.string() else { return nil }
                if name.isEmpty {
                    i.issues.add(i.path, "expected a font family or face name, got an empty string")
                    return nil
                }
                return .fontName(name)
            }
        case .fontSize: return .one(for: [.label, .button]) { v, i in i.parser.number(v, at: i.path, above: 0).map(ViewSetting.fontSize) }
        case .textColor: return .one(for: [.label]) { v, i in i.parser.color(v, at: i.path).map(ViewSetting.textColor) }
        case .textAlignment: return .one(for: [.label]) { _, i in i.single.enumeration(TextAlignment.self).map(ViewSetting.textAlignment) }
        case .numberOfLines: return .one(for: [.label]) { v, i in i.wholeNumber(v, in: 0...1_000_000).map(ViewSetting.numberOfLines) }
        case .lineBreakMode: return .one(for: [.label]) { _, i in i.single.enumeration(LineBreakMode.self).map(ViewSetting.lineBreakMode) }
        case .tintColor: return .one(for: [.button]) { v, i in i.parser.color(v, at: i.path).map(ViewSetting.tintColor) }
        case .enabled: return .one(for: [.button]) { _, i in i.single.bool().map(ViewSetting.enabled) }
        case .animation:
            return .nullable(for: [.lottie], ViewSetting.lottieAnimation) { _, i in
                i.single.string().flatMap { ViewSetting.loadLottie($0, at: i.path, issues: i.issues, directory: i.directory) }
            }
        case .loopMode:
            return .one(for: [.lottie]) { v, i in ViewSetting.loopMode(v, at: i.path, issues: i.issues).map(ViewSetting.loopMode) }
        case .animationSpeed:
            return .one(for: [.lottie]) { v, i in i.parser.number(v, at: i.path, min: -100, max: 100).map(ViewSetting.animationSpeed) }
        case .currentProgress:
            return .one(for: [.lottie]) { v, i in i.parser.number(v, at: i.path, min: 0, max: 1).map(ViewSetting.currentProgress) }
        case .playing: return .one(for: [.lottie]) { _, i in i.single.bool().map(ViewSetting.playing) }
        }
    }
}

/// One row of ``ViewSettingKey/declaration``.
struct ViewSettingDeclaration {
    /// The view types that have the setting, or `nil` for every view.
    let types: [SceneViewType]?
    /// The settings the value gives (empty, with an issue reported, when it is bad).
    let parse: (JSONValue, ViewSettingInput) -> [ViewSetting]

    /// Whether a view of `type` has the setting.
    func isAvailable(for type: SceneViewType) -> Bool { types.map { $0.contains(type) } ?? true }

    /// A setting with one value, read by `parse` (`nil` with an issue when it is bad).
    static func one(
        for types: [SceneViewType]? = nil, _ parse: @escaping (JSONValue, ViewSettingInput) -> ViewSetting?
    ) -> Self {
        Self(types: types) { v, input in parse(v, input).map { [$0] } ?? [] }
    }

    /// A setting whose value may be `null` (none), else read by `parse`.
    static func nullable<T>(
        for types: [SceneViewType]? = nil, _ make: @escaping (T?) -> ViewSetting, _ parse: @escaping (JSONValue, ViewSettingInput) -> T?
    ) -> Self {
        Self(types: types) { v, input in
            if case .null = v { return [make(nil)] }
            return parse(v, input).map { [make($0)] } ?? []
        }
    }
}

/// What a row's parser reads a value with: where it is, where problems go and the scene's folder.
struct ViewSettingInput {
    let path: JSONPath
    let issues: IssueCollector
    let directory: String?
    let value: JSONValue

    var parser: ValueParser { ValueParser(issues: issues) }
    var single: SingleValue { SingleValue(value: value, path: path, issues: issues) }

    /// A whole number in `range`, or `nil` with an issue.
    func wholeNumber(_ v: JSONValue, in range: ClosedRange<Int>) -> Int? {
        ViewSetting.wholeNumber(v, at: path, in: range, issues: issues)
    }
}
