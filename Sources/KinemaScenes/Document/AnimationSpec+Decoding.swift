import KinemaLayers
import KinemaTiming

/// One animation type a scene can declare (an animation's `"type"`): its name, the keys it
/// accepts besides ``AnimationSpec/timingKeys``, and its decoder.
///
/// ``allCases`` is the only list of types: the accepted `"type"` values, the "expected one of"
/// message and each type's keys come from it. A new type is one decoder and one row there.
struct SceneAnimationType: RawRepresentable, CaseIterable, Sendable {
    /// The type's name in scene files.
    let rawValue: String
    /// The keys the type accepts besides the timing keys.
    let keys: [String]
    /// Makes the animation (timing not yet set) from the object, for a layer of the given type;
    /// `nil` when something is wrong (reported).
    let decode: @Sendable (ObjectReader, SceneLayerType) -> AnyAnimation?

    /// Every animation type, in the order error messages list them.
    static let allCases: [SceneAnimationType] = [
        SceneAnimationType(name: "basic", keys: AnimationSpec.propertyKeys + AnimationSpec.basicKeys) {
            AnimationSpec.decodeBasic($0, layerType: $1)
        },
        SceneAnimationType(name: "keyframe", keys: AnimationSpec.propertyKeys + AnimationSpec.keyframeKeys) {
            AnimationSpec.decodeKeyframe($0, layerType: $1)
        },
        SceneAnimationType(
            name: "spring", keys: AnimationSpec.propertyKeys + AnimationSpec.basicKeys + AnimationSpec.springKeys
        ) { AnimationSpec.decodeSpring($0, layerType: $1) },
        SceneAnimationType(name: "group", keys: ["animations"]) { AnimationSpec.decodeGroup($0, layerType: $1) },
        SceneAnimationType(name: "transition", keys: ["transitionType", "subtype", "startProgress", "endProgress"]) { o, _ in
            AnimationSpec.decodeTransition(o)
        },
    ]

    /// The type of an animation object without `"type"`: the first row.
    static var basic: SceneAnimationType { allCases[0] }

    private init(name: String, keys: [String], decode: @escaping @Sendable (ObjectReader, SceneLayerType) -> AnyAnimation?) {
        self.rawValue = name
        self.keys = keys
        self.decode = decode
    }

    init?(rawValue: String) {
        guard let type = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = type
    }
}

extension AnimationSpec {
    static let timingKeys = [
        "key", "type", "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
        "autoreverses", "fillMode", "removedOnCompletion", "timingFunction",
    ]
    static let propertyKeys = ["keyPath", "additive", "cumulative", "valueFunction"]
    static let basicKeys = ["fromValue", "toValue", "byValue"]
    static let springKeys = ["mass", "stiffness", "damping", "initialVelocity", "allowsOverdamping", "perceptualDuration", "bounce"]
    static let keyframeKeys = [
        "values", "path", "keyTimes", "timingFunctions", "calculationMode", "rotationMode",
        "tensionValues", "continuityValues", "biasValues",
    ]

    /// Decodes an animation object; reports every problem and returns `nil` if any.
    static func decode(
        _ json: JSONValue, at path: JSONPath, issues: IssueCollector, layerType: SceneLayerType, inGroup: Bool = false
    ) -> AnimationSpec? {
        guard let o = ObjectReader(json, at: path, issues: issues) else { return nil }
        let before = issues.issues.count
        let type = o.has("type") ? o.enumeration("type", SceneAnimationType.self) : .basic
        guard let type else { return nil }
        o.rejectUnknownKeys(allowed: timingKeys + type.keys, context: "a \(type.rawValue) animation")
        let timing = decodeTiming(o)
        let removedOnCompletion = o.bool("removedOnCompletion") ?? true
        let timingFunction = o["timingFunction"].flatMap { decodeCurve($0, at: path.key("timingFunction"), issues: issues) }
        let key = o.string("key")
        guard var animation = type.decode(o, layerType), issues.issues.count == before else { return nil }
        animation.timing = timing
        animation.timingFunction = timingFunction
        animation.setRemovedOnCompletion(removedOnCompletion)
        return AnimationSpec(key: key, animation: animation)
    }

    /// The media timing keys of an animation object, each with its default when absent.
    static func decodeTiming(_ o: ObjectReader) -> MediaTimingParameters {
        var timing = MediaTimingParameters()
        timing.beginTime = o.number("beginTime") ?? 0
        timing.duration = o.number("duration", min: 0) ?? 0
        timing.speed = o.number("speed") ?? 1
        timing.timeOffset = o.number("timeOffset") ?? 0
        if let rc = o["repeatCount"] {
            if case .string(let s) = rc, s == "infinity" {
                timing.repeatCount = .infinity
            } else if case .string = rc {
                o.issues.add(o.path.key("repeatCount"), "expected a number ≥ 0 or \"infinity\"")
            } else {
                timing.repeatCount = ValueParser(issues: o.issues).number(rc, at: o.path.key("repeatCount"), min: 0) ?? 0
            }
        }
        timing.repeatDuration = o.number("repeatDuration", min: 0) ?? 0
        timing.autoreverses = o.bool("autoreverses") ?? false
        timing.fillMode = o.enumeration("fillMode", FillMode.self) ?? .removed
        return timing
    }

    /// A `group` animation: its `"animations"`, each decoded for the same layer type.
    static func decodeGroup(_ o: ObjectReader, layerType: SceneLayerType) -> AnyAnimation? {
        var group = AnimationGroup()
        if let items = o.array("animations") {
            for (i, item) in items.enumerated() {
                if let child = decode(item, at: o.path.key("animations").index(i), issues: o.issues, layerType: layerType, inGroup: true) {
                    group.animations.append(child.animation)
                }
            }
        } else {
            o.issues.add(o.path, "a group needs \"animations\"")
        }
        return .group(group)
    }

    /// A `transition` animation: its type, subtype and progress range (0…1).
    static func decodeTransition(_ o: ObjectReader) -> AnyAnimation? {
        var t = Transition()
        t.type = o.enumeration("transitionType", TransitionType.self) ?? .fade
        t.subtype = o.enumeration("subtype", TransitionSubtype.self)
        t.startProgress = o.number("startProgress", min: 0, max: 1) ?? 0
        t.endProgress = o.number("endProgress", min: 0, max: 1) ?? 1
        if t.endProgress < t.startProgress {
            o.issues.add(
                o.path.key("endProgress"),
                "expected endProgress ≥ startProgress (\(JSONWriter.number(t.startProgress))), got \(JSONWriter.number(t.endProgress))")
        }
        return .transition(t)
    }

    static func decodeCurve(_ v: JSONValue, at path: JSONPath, issues: IssueCollector) -> TimingFunction? {
        switch v {
        case .string(let s):
            if let name = TimingFunction.Name(rawValue: s) { return TimingFunction(name: name) }
            let names = TimingFunction.Name.allCases.map(\.rawValue)
            var message = "unknown timing function '\(s)' (expected one of \(names.joined(separator: ", ")) or [c1x, c1y, c2x, c2y])"
            if let g = suggestion(for: s, among: names) { message += "; did you mean '\(g)'?" }
            issues.add(path, message)
            return nil
        case .array:
            guard let n = ValueParser(issues: issues).numbers(v, at: path, count: 4, what: "control-point numbers [c1x, c1y, c2x, c2y]")
            else { return nil }
            do { return try TimingFunction.validated(n[0], n[1], n[2], n[3]) } catch {
                issues.add(path, "\(error)")
                return nil
            }
        default:
            issues.add(path, "expected a timing function name or [c1x, c1y, c2x, c2y], got \(v.typeName)")
            return nil
        }
    }
}

extension AnyAnimation {
    mutating func setRemovedOnCompletion(_ value: Bool) {
        switch self {
        case .basic(var a): a.isRemovedOnCompletion = value; self = .basic(a)
        case .spring(var a): a.isRemovedOnCompletion = value; self = .spring(a)
        case .keyframe(var a): a.isRemovedOnCompletion = value; self = .keyframe(a)
        case .group(var a): a.isRemovedOnCompletion = value; self = .group(a)
        case .transition(var a): a.isRemovedOnCompletion = value; self = .transition(a)
        }
    }
}
