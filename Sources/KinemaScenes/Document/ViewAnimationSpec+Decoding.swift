import KinemaGeometry
import KinemaUI

extension ViewAnimationSpec {
    static let keys = [
        "duration", "delay", "curve", "options", "damping", "velocity", "springDuration", "bounce", "changes", "keyframes",
        "calculationMode", "then",
    ]

    /// The option names a scene accepts, with their bits, in `ViewAnimationOptions` order.
    static let optionNames: [(name: String, option: ViewAnimationOptions)] = [
        ("layoutSubviews", .layoutSubviews), ("allowUserInteraction", .allowUserInteraction),
        ("beginFromCurrentState", .beginFromCurrentState), ("repeat", .repeat), ("autoreverse", .autoreverse),
        ("overrideInheritedDuration", .overrideInheritedDuration), ("overrideInheritedCurve", .overrideInheritedCurve),
        ("allowAnimatedContent", .allowAnimatedContent), ("overrideInheritedOptions", .overrideInheritedOptions),
    ]

    /// The options `animateKeyframes` has (`KeyframeAnimationOptions`).
    static let keyframeOptionNames: Set<String> = [
        "layoutSubviews", "allowUserInteraction", "beginFromCurrentState", "repeat", "autoreverse", "overrideInheritedDuration",
        "overrideInheritedOptions",
    ]

    /// Decodes an ANIMATE object; reports every problem and returns `nil` if any.
    static func decode(_ json: JSONValue, at path: JSONPath, catalog: ViewCatalog) -> ViewAnimationSpec? {
        let issues = catalog.issues
        guard let o = ObjectReader(json, at: path, issues: issues) else { return nil }
        let before = issues.issues.count
        o.rejectUnknownKeys(allowed: keys, context: "an animation")
        let isPerceptual = o.has("springDuration") || o.has("bounce")
        let isSpring = o.has("damping")
        let isKeyframes = o.has("keyframes")

        let delay = o.number("delay", min: 0) ?? 0
        let duration = decodeDuration(o, isPerceptual: isPerceptual, isSpring: isSpring)
        checkTimingConflicts(o, isPerceptual: isPerceptual, isSpring: isSpring, isKeyframes: isKeyframes)
        let timing = decodeTiming(o, isPerceptual: isPerceptual, isSpring: isSpring)
        let options = decodeOptions(o, at: path, keyframes: isKeyframes, issues: issues)
        let calculationMode = o.enumeration("calculationMode", KeyframeCalculationMode.self) ?? .linear

        var changes: [ViewChange] = []
        if let v = o["changes"] { changes = decodeChanges(v, at: path.key("changes"), catalog: catalog) }
        var keyframes: [KeyframeSpec]?
        if isKeyframes, let items = o.array("keyframes") {
            keyframes = items.enumerated().compactMap { i, item in
                decodeKeyframe(item, at: path.key("keyframes").index(i), catalog: catalog)
            }
        }
        if !o.has("changes") && !isKeyframes {
            issues.add(path, "an animation needs \"changes\" (or \"keyframes\")")
        }
        let then = o["then"].flatMap { decode($0, at: path.key("then"), catalog: catalog) }
        guard issues.issues.count == before else { return nil }
        return ViewAnimationSpec(
            duration: duration, delay: delay, timing: timing, options: options, changes: changes, keyframes: keyframes,
            calculationMode: calculationMode, then: then)
    }

    /// The `"duration"` in seconds: required unless the spring is given by `springDuration` or
    /// `bounce` (then it is 0, and a duration is a problem).
    private static func decodeDuration(_ o: ObjectReader, isPerceptual: Bool, isSpring: Bool) -> Double {
        let issues = o.issues
        if isPerceptual {
            if o.has("duration") {
                issues.add(
                    o.path.key("duration"),
                    "a springDuration/bounce spring lasts until it settles; give either \"duration\" or \"springDuration\", not both")
            }
            if isSpring {
                issues.add(o.path.key("damping"), "give either \"damping\" (with \"duration\") or \"springDuration\"/\"bounce\", not both")
            }
        } else if let d = o.number("duration", min: 0) {
            return d
        } else if !o.has("duration") {
            issues.add(o.path, "missing \"duration\" (seconds)")
        }
        return 0
    }

    /// Reports keys that do not go together: a curve with a spring, a velocity without one, a
    /// spring with keyframes, a calculation mode without keyframes.
    private static func checkTimingConflicts(_ o: ObjectReader, isPerceptual: Bool, isSpring: Bool, isKeyframes: Bool) {
        let issues = o.issues
        let path = o.path
        if (isPerceptual || isSpring) && o.has("curve") {
            issues.add(
                path.key("curve"), "a spring has no curve; give either \"curve\" or a spring (\"damping\" or \"springDuration\"), not both")
        }
        if o.has("velocity") && !isPerceptual && !isSpring {
            issues.add(path.key("velocity"), "\"velocity\" needs a spring (\"damping\" or \"springDuration\")")
        }
        if isKeyframes && (isPerceptual || isSpring) {
            issues.add(
                path.key("keyframes"), "keyframes run on a curve; a keyframe animation has no \"damping\", \"springDuration\" or \"bounce\""
            )
        }
        if o.has("calculationMode") && !isKeyframes {
            issues.add(path.key("calculationMode"), "\"calculationMode\" needs \"keyframes\"")
        }
    }

    /// The timing: a perceptual spring, a damped spring, or a curve (default ease-in-out).
    private static func decodeTiming(_ o: ObjectReader, isPerceptual: Bool, isSpring: Bool) -> Timing {
        let velocity = o.number("velocity") ?? 0
        if isPerceptual {
            return .perceptualSpring(
                duration: o.number("springDuration", above: 0) ?? 0.5, bounce: o.number("bounce", min: -1, max: 1) ?? 0,
                velocity: velocity)
        } else if isSpring {
            return .spring(dampingRatio: o.number("damping", above: 0, max: 1) ?? 1, velocity: velocity)
        } else {
            return .curve(o.enumeration("curve", SceneCurve.self)?.curve ?? .easeInOut)
        }
    }

    /// A list of ANIMATE objects (`onTap`, `onRecognized`, `onEnded`).
    static func decodeList(_ json: JSONValue, at path: JSONPath, catalog: ViewCatalog) -> [ViewAnimationSpec] {
        guard case .array(let items) = json else {
            catalog.issues.add(path, "expected an array of animations, got \(json.typeName)")
            return []
        }
        return items.enumerated().compactMap { decode($1, at: path.index($0), catalog: catalog) }
    }

    static func decodeOptions(_ o: ObjectReader, at path: JSONPath, keyframes: Bool, issues: IssueCollector) -> ViewAnimationOptions {
        guard let items = o.array("options") else { return [] }
        var options: ViewAnimationOptions = []
        let names = optionNames.map(\.name)
        for (i, item) in items.enumerated() {
            let p = path.key("options").index(i)
            guard case .string(let name) = item else {
                issues.add(p, "expected an option name, got \(item.typeName)")
                continue
            }
            if name.hasPrefix("curve") {
                issues.add(p, "'\(name)' is a curve: give it as \"curve\" (easeInOut, easeIn, easeOut or linear)")
                continue
            }
            guard let option = optionNames.first(where: { $0.name == name })?.option else {
                var message = "unknown option '\(name)' (expected one of \(names.joined(separator: ", ")))"
                if let s = suggestion(for: name, among: names) { message += "; did you mean '\(s)'?" }
                issues.add(p, message)
                continue
            }
            if keyframes && !keyframeOptionNames.contains(name) {
                issues.add(p, "'\(name)' is not an option of keyframe animations")
                continue
            }
            options.insert(option)
        }
        return options
    }

    /// `[{"view": id, …settings} or {"constraint": id, "constant": points}, …]`.
    static func decodeChanges(_ json: JSONValue, at path: JSONPath, catalog: ViewCatalog) -> [ViewChange] {
        guard case .array(let items) = json else {
            catalog.issues.add(path, "expected an array of changes ({\"view\": id, …}), got \(json.typeName)")
            return []
        }
        return items.enumerated().compactMap { i, item in decodeChange(item, at: path.index(i), catalog: catalog, context: "a change") }
    }

    /// `{"view": id, …settings}` or `{"constraint": id, "constant": points}`.
    static func decodeChange(_ json: JSONValue, at path: JSONPath, catalog: ViewCatalog, context: String) -> ViewChange? {
        guard let o = ObjectReader(json, at: path, issues: catalog.issues) else { return nil }
        if o.has("constraint") {
            guard !o.has("view") else {
                catalog.issues.add(path, "give either \"view\" or \"constraint\", not both")
                return nil
            }
            return decodeConstraintChange(o, catalog: catalog)
        }
        guard let idValue = o["view"] else {
            catalog.issues.add(
                path, "missing \"view\" (the id of the view to change) or \"constraint\" (the id of a constraint whose constant changes)")
            return nil
        }
        guard let id = catalog.viewID(idValue, at: path.key("view")) else { return nil }
        let settings = ViewSetting.parseMembers(
            o, structural: ["view"], type: catalog.type(of: id), context: context, issues: catalog.issues, directory: catalog.directory)
        return .view(id: id, settings: settings)
    }

    /// `{"constraint": id, "constant": points}`.
    private static func decodeConstraintChange(_ o: ObjectReader, catalog: ViewCatalog) -> ViewChange? {
        o.rejectUnknownKeys(allowed: ["constraint", "constant"], context: "a constraint change")
        let id = o["constraint"].flatMap { catalog.constraintID($0, at: o.path.key("constraint")) }
        let constant = o.number("constant")
        if !o.has("constant") { catalog.issues.add(o.path, "missing \"constant\" (the constraint's new constant, points)") }
        guard let id, let constant else { return nil }
        return .constraint(id: id, constant: constant)
    }

    static func decodeKeyframe(_ json: JSONValue, at path: JSONPath, catalog: ViewCatalog) -> KeyframeSpec? {
        let issues = catalog.issues
        guard let o = ObjectReader(json, at: path, issues: issues) else { return nil }
        o.rejectUnknownKeys(allowed: ["start", "duration", "changes"], context: "a keyframe")
        let start = o.number("start", min: 0, max: 1)
        let duration = o.number("duration", min: 0, max: 1)
        if !o.has("start") { issues.add(path, "missing \"start\" (a fraction of the animation's duration, 0…1)") }
        if !o.has("duration") { issues.add(path, "missing \"duration\" (a fraction of the animation's duration, 0…1)") }
        if let start, let duration, start + duration > 1 + 1e-9 {
            issues.add(
                path.key("duration"),
                "a keyframe must end by the animation's end: start + duration ≤ 1, got \(JSONWriter.number(start + duration))")
        }
        let changes = o["changes"].map { decodeChanges($0, at: path.key("changes"), catalog: catalog) } ?? []
        if !o.has("changes") { issues.add(path, "missing \"changes\"") }
        return KeyframeSpec(start: start ?? 0, duration: duration ?? 0, changes: changes)
    }
}

/// The curve names a scene accepts (`UIView.AnimationCurve`).
enum SceneCurve: String, CaseIterable {
    case easeInOut, easeIn, easeOut, linear

    var curve: ViewAnimationCurve {
        switch self {
        case .easeInOut: .easeInOut
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .linear: .linear
        }
    }
}
