import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaLottie
import KinemaUI

extension ViewSetting {
    /// Keys every kind of view accepts.
    static let commonKeys = [
        "frame", "center", "bounds", "transform", "alpha", "backgroundColor", "hidden", "clipsToBounds", "cornerRadius", "tag",
        "userInteractionEnabled", "accessibilityLabel", "contentMode", "layer",
    ]
    static let labelKeys = ["text", "font", "fontSize", "textColor", "textAlignment", "numberOfLines", "lineBreakMode"]
    static let imageViewKeys = ["image"]
    static let buttonKeys = ["title", "titleColor", "image", "font", "fontSize", "tintColor", "enabled"]
    static let scrollViewKeys = ScrollSetting.keys
    static let lottieKeys = ["animation", "loopMode", "animationSpeed", "currentProgress", "playing"]

    /// Every setting key a view of `type` accepts.
    static func keys(for type: SceneViewType) -> [String] {
        commonKeys + type.traits.keys
    }

    /// The kinds of view that have `key`, for "is a property of …" messages, or `nil` for a key
    /// no view has.
    static func owners(of key: String) -> String? {
        let types = SceneViewType.allCases.filter { $0 != .view && keys(for: $0).contains(key) }
        guard !types.isEmpty else { return nil }
        return types.map(\.traits.plural).joined(separator: " and ")
    }

    /// Parses every member of `o` other than `structural` as settings of a view of `type`,
    /// reporting unknown keys (with a suggestion among `structural` and the type's keys), keys of
    /// other view types, bad values and a `frame` given with `center` or `bounds`.
    static func parseMembers(
        _ o: ObjectReader, structural: [String], type: SceneViewType, context: String, issues: IssueCollector, directory: String?
    ) -> [ViewSetting] {
        var settings: [ViewSetting] = []
        let allowed = keys(for: type)
        for (key, value) in o.members where !structural.contains(key) {
            let path = o.path.key(key)
            guard allowed.contains(key) else {
                if let owners = owners(of: key) {
                    issues.add(path, "'\(key)' is a property of \(owners), not of \(type.phrase)")
                } else {
                    var message = "unknown key '\(key)' in \(context)"
                    if let s = suggestion(for: key, among: structural + allowed) { message += " (did you mean '\(s)'?)" }
                    issues.add(path, message)
                }
                continue
            }
            settings += parse(key: key, value: value, type: type, at: path, issues: issues, directory: directory)
        }
        if o.has("frame") && (o.has("center") || o.has("bounds")) {
            issues.add(o.path.key("frame"), "give either \"frame\" or \"center\" and \"bounds\", not both")
        }
        if type == .scrollView { ScrollSetting.checkZoomScales(settings, in: o, issues: issues) }
        return settings
    }

    // Over 60 lines: one flat case per setting key; splitting it would only scatter the keys.
    /// Parses one setting a view of `type` accepts; empty (with an issue reported) when the value
    /// is bad. `"layer"` gives one setting per member.
    static func parse(
        key: String, value v: JSONValue, type: SceneViewType, at path: JSONPath, issues: IssueCollector, directory: String?
    ) -> [ViewSetting] {
        let p = ValueParser(issues: issues)
        let single = SingleValue(value: v, path: path, issues: issues)
        let setting: ViewSetting?
        switch key {
        case "frame": setting = p.rect(v, at: path, nonNegative: true).map(ViewSetting.frame)
        case "center": setting = p.point(v, at: path).map(ViewSetting.center)
        case "bounds": setting = p.rect(v, at: path, nonNegative: true).map(ViewSetting.bounds)
        case "transform": setting = p.transform(v, at: path).map(ViewSetting.transform)
        case "alpha": setting = p.number(v, at: path, min: 0, max: 1).map(ViewSetting.alpha)
        case "backgroundColor":
            if case .null = v { setting = .backgroundColor(nil) } else { setting = p.color(v, at: path).map(ViewSetting.backgroundColor) }
        case "hidden": setting = single.bool().map(ViewSetting.hidden)
        case "clipsToBounds": setting = single.bool().map(ViewSetting.clipsToBounds)
        case "cornerRadius": setting = p.number(v, at: path, min: 0).map(ViewSetting.cornerRadius)
        case "tag": setting = wholeNumber(v, at: path, in: -1_000_000_000...1_000_000_000, issues: issues).map(ViewSetting.tag)
        case "userInteractionEnabled": setting = single.bool().map(ViewSetting.userInteractionEnabled)
        case "accessibilityLabel":
            if case .null = v { setting = .accessibilityLabel(nil) } else { setting = single.string().map(ViewSetting.accessibilityLabel) }
        case "contentMode": setting = single.enumeration(ContentMode.self).map(ViewSetting.contentMode)
        case "text":
            if case .null = v { setting = .text(nil) } else { setting = single.string().map(ViewSetting.text) }
        case "title":
            if case .null = v { setting = .title(nil) } else { setting = single.string().map(ViewSetting.title) }
        case "font":
            guard let name = single.string() else { return [] }
            if name.isEmpty {
                issues.add(path, "expected a font family or face name, got an empty string")
                return []
            }
            setting = .fontName(name)
        case "fontSize": setting = p.number(v, at: path, above: 0).map(ViewSetting.fontSize)
        case "textColor": setting = p.color(v, at: path).map(ViewSetting.textColor)
        case "textAlignment": setting = single.enumeration(TextAlignment.self).map(ViewSetting.textAlignment)
        case "numberOfLines": setting = wholeNumber(v, at: path, in: 0...1_000_000, issues: issues).map(ViewSetting.numberOfLines)
        case "lineBreakMode": setting = single.enumeration(LineBreakMode.self).map(ViewSetting.lineBreakMode)
        case "image":
            if case .null = v {
                setting = .image(nil)
            } else {
                guard let file = single.string() else { return [] }
                guard let image = loadImage(file, at: path, issues: issues, directory: directory) else { return [] }
                setting = .image(image)
            }
        case "titleColor":
            if case .null = v { setting = .titleColor(nil) } else { setting = p.color(v, at: path).map(ViewSetting.titleColor) }
        case "tintColor": setting = p.color(v, at: path).map(ViewSetting.tintColor)
        case "enabled": setting = single.bool().map(ViewSetting.enabled)
        case "animation":
            if case .null = v {
                setting = .lottieAnimation(nil)
            } else {
                guard let file = single.string() else { return [] }
                guard let animation = loadLottie(file, at: path, issues: issues, directory: directory) else { return [] }
                setting = .lottieAnimation(animation)
            }
        case "loopMode": setting = loopMode(v, at: path, issues: issues).map(ViewSetting.loopMode)
        case "animationSpeed": setting = p.number(v, at: path, min: -100, max: 100).map(ViewSetting.animationSpeed)
        case "currentProgress": setting = p.number(v, at: path, min: 0, max: 1).map(ViewSetting.currentProgress)
        case "playing": setting = single.bool().map(ViewSetting.playing)
        case _ where ScrollSetting.keys.contains(key):
            setting = ScrollSetting.parse(key: key, value: v, at: path, issues: issues).map(ViewSetting.scroll)
        case "layer":
            guard let o = ObjectReader(v, at: path, issues: issues) else { return [] }
            return o.members.compactMap { member in
                LayerSetting.parseMember(
                    key: member.key, value: member.value, type: .layer, at: path.key(member.key), issues: issues,
                    sceneDirectory: directory, context: "a view's layer", structuralKeys: [])
            }.map(ViewSetting.layer)
        default: setting = nil
        }
        return setting.map { [$0] } ?? []
    }

    /// A whole number in `range`, or `nil` with an issue.
    static func wholeNumber(_ v: JSONValue, at path: JSONPath, in range: ClosedRange<Int>, issues: IssueCollector) -> Int? {
        guard let n = ValueParser(issues: issues).number(v, at: path) else { return nil }
        guard let i = Int(exactly: n), range.contains(i) else {
            issues.add(path, "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(JSONWriter.number(n))")
            return nil
        }
        return i
    }

    /// A Lottie view's loop mode: `"playOnce"`, `"loop"`, `"autoReverse"`, `{"repeat": N}` or
    /// `{"repeatBackwards": N}`.
    static func loopMode(_ v: JSONValue, at path: JSONPath, issues: IssueCollector) -> LottieLoopMode? {
        let expected = "\"playOnce\", \"loop\", \"autoReverse\", {\"repeat\": N} or {\"repeatBackwards\": N}"
        switch v {
        case .string("playOnce"): return .playOnce
        case .string("loop"): return .loop
        case .string("autoReverse"): return .autoReverse
        case .object(let members) where members.count == 1 && ["repeat", "repeatBackwards"].contains(members[0].key):
            guard case .number(let n) = members[0].value, n.isFinite, n >= 0, n <= 1_000_000 else {
                issues.add(path.key(members[0].key), "expected a number of times from 0 to 1000000, got \(members[0].value.typeName)")
                return nil
            }
            return members[0].key == "repeat" ? .repeat(Float(n)) : .repeatBackwards(Float(n))
        default:
            issues.add(path, "expected \(expected), got \(v.typeName == "string" ? JSONWriter.compact(v) : v.typeName)")
            return nil
        }
    }

    /// The Lottie animation in `file` (relative to the scene's folder): a problem when it cannot
    /// be read or decoded and the collector checks files; otherwise `nil` silently, as for images.
    static func loadLottie(_ file: String, at path: JSONPath, issues: IssueCollector, directory: String?) -> LottieAnimation? {
        let source = LayerSetting.resolve(file, against: directory)
        issues.name(file: source)
        let bytes: [UInt8]
        do { bytes = try InputFile.read(source, limit: InputFile.sceneSizeLimit) } catch {
            if issues.checksFiles { issues.add(path, "cannot read the Lottie file '\(file)' (resolved to '\(source)'): \(error.reason)") }
            return nil
        }
        do {
            return try LottieAnimation(data: Data(bytes), imageDirectory: (source as NSString).deletingLastPathComponent)
        } catch {
            let first = error.problems.first.map { "\($0)" } ?? "not a Lottie animation"
            let more = error.problems.count > 1 ? " (and \(error.problems.count - 1) more; `kinema validate '\(file)'` lists them)" : ""
            issues.add(path, "'\(file)' is not a playable Lottie file: \(first)\(more)")
            return nil
        }
    }

    /// The PNG image at `file` (relative to the scene's folder). A file that is missing or not
    /// a PNG is a problem when the collector checks files; otherwise it gives `nil` silently (the
    /// view shows no image), as a scene decoded from text alone cannot see its files.
    static func loadImage(_ file: String, at path: JSONPath, issues: IssueCollector, directory: String?) -> Image? {
        let source = LayerSetting.resolve(file, against: directory)
        issues.name(file: source)
        if let image = Image(contentsOfFile: source) { return image }
        guard issues.checksFiles else { return nil }
        issues.add(
            path,
            LayerSetting.problem(withImage: file, resolvedTo: source) ?? "cannot read '\(file)' as a PNG image (resolved to '\(source)')")
        return nil
    }
}
