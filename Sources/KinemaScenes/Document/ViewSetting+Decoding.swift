import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaLottie
import KinemaUI

extension ViewSetting {
    /// Keys every kind of view accepts.
    static let commonKeys = ViewSettingKey.allCases.filter { $0.declaration.types == nil }.map(\.rawValue)

    /// Every setting key a view of `type` accepts: the rows of ``ViewSettingKey`` it has, then
    /// the keys of its own settings (a scroll view's ``ScrollSetting``).
    static func keys(for type: SceneViewType) -> [String] {
        ViewSettingKey.allCases.filter { $0.declaration.isAvailable(for: type) }.map(\.rawValue) + type.traits.keys
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

    /// Parses one setting a view of `type` accepts, as its row says; empty (with an issue
    /// reported) when the value is bad. `"layer"` gives one setting per member.
    static func parse(
        key: String, value v: JSONValue, type: SceneViewType, at path: JSONPath, issues: IssueCollector, directory: String?
    ) -> [ViewSetting] {
        if let row = ViewSettingKey(rawValue: key) {
            return row.declaration.parse(v, ViewSettingInput(path: path, issues: issues, directory: directory, value: v))
        }
        if type == .stackView, StackSetting.keys.contains(key) {
            return StackSetting.parse(key: key, value: v, at: path, issues: issues).map { [.stack($0)] } ?? []
        }
        guard ScrollSetting.keys.contains(key) else { return [] }
        return ScrollSetting.parse(key: key, value: v, at: path, issues: issues).map { [.scroll($0)] } ?? []
    }

    /// `"layer": {…}`: one setting per member, as for a plain layer.
    static func parseLayer(_ v: JSONValue, _ input: ViewSettingInput) -> [ViewSetting] {
        guard let o = ObjectReader(v, at: input.path, issues: input.issues) else { return [] }
        return o.members.compactMap { member in
            LayerSetting.parseMember(
                key: member.key, value: member.value, type: .layer, at: input.path.key(member.key), issues: input.issues,
                sceneDirectory: input.directory, context: "a view's layer", structuralKeys: [])
        }.map(ViewSetting.layer)
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
            let animation = try LottieAnimation(data: Data(bytes), imageDirectory: (source as NSString).deletingLastPathComponent)
            // Its images are the scene's inputs too: a render may not replace them, and a live
            // player watches them.
            for image in animation.files { issues.name(file: image) }
            return animation
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
