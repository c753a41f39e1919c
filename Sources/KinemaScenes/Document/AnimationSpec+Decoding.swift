import KinemaGeometry
import KinemaLayers
import KinemaTiming

/// The animation types a scene can declare.
enum SceneAnimationType: String, CaseIterable {
    case basic, keyframe, spring, group, transition
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
        var allowed = timingKeys
        switch type {
        case .basic: allowed += propertyKeys + basicKeys
        case .spring: allowed += propertyKeys + basicKeys + springKeys
        case .keyframe: allowed += propertyKeys + keyframeKeys
        case .group: allowed += ["animations"]
        case .transition: allowed += ["transitionType", "subtype", "startProgress", "endProgress"]
        }
        o.rejectUnknownKeys(allowed: allowed, context: "a \(type.rawValue) animation")

        var timing = MediaTimingParameters()
        timing.beginTime = o.number("beginTime") ?? 0
        timing.duration = o.number("duration", min: 0) ?? 0
        timing.speed = o.number("speed") ?? 1
        timing.timeOffset = o.number("timeOffset") ?? 0
        if let rc = o["repeatCount"] {
            if case .string(let s) = rc, s == "infinity" {
                timing.repeatCount = .infinity
            } else if case .string = rc {
                issues.add(path.key("repeatCount"), "expected a number ≥ 0 or \"infinity\"")
            } else {
                timing.repeatCount = ValueParser(issues: issues).number(rc, at: path.key("repeatCount"), min: 0) ?? 0
            }
        }
        timing.repeatDuration = o.number("repeatDuration", min: 0) ?? 0
        timing.autoreverses = o.bool("autoreverses") ?? false
        timing.fillMode = o.enumeration("fillMode", FillMode.self) ?? .removed
        let removedOnCompletion = o.bool("removedOnCompletion") ?? true
        let timingFunction = o["timingFunction"].flatMap { decodeCurve($0, at: path.key("timingFunction"), issues: issues) }
        let key = o.string("key")

        var animation: AnyAnimation?
        switch type {
        case .basic, .spring, .keyframe:
            animation = decodeProperty(o, type: type, at: path, issues: issues, layerType: layerType)
        case .group:
            var group = AnimationGroup()
            if let items = o.array("animations") {
                for (i, item) in items.enumerated() {
                    if let child = decode(item, at: path.key("animations").index(i), issues: issues, layerType: layerType, inGroup: true) {
                        group.animations.append(child.animation)
                    }
                }
            } else {
                issues.add(path, "a group needs \"animations\"")
            }
            animation = .group(group)
        case .transition:
            var t = Transition()
            t.type = o.enumeration("transitionType", TransitionType.self) ?? .fade
            t.subtype = o.enumeration("subtype", TransitionSubtype.self)
            t.startProgress = o.number("startProgress", min: 0, max: 1) ?? 0
            t.endProgress = o.number("endProgress", min: 0, max: 1) ?? 1
            if t.endProgress < t.startProgress {
                issues.add(
                    path.key("endProgress"),
                    "expected endProgress ≥ startProgress (\(JSONWriter.number(t.startProgress))), got \(JSONWriter.number(t.endProgress))")
            }
            animation = .transition(t)
        }
        guard var animation, issues.issues.count == before else { return nil }
        animation.timing = timing
        animation.timingFunction = timingFunction
        animation.setRemovedOnCompletion(removedOnCompletion)
        return AnimationSpec(key: key, animation: animation)
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

    static func decodeProperty(
        _ o: ObjectReader, type: SceneAnimationType, at path: JSONPath, issues: IssueCollector, layerType: SceneLayerType
    ) -> AnyAnimation? {
        guard let keyPathText = o.string("keyPath") else {
            if !o.has("keyPath") { issues.add(path, "a \(type.rawValue) animation needs \"keyPath\"") }
            return nil
        }
        let keyPath: LayerKeyPath
        do { keyPath = try LayerKeyPath(parsing: keyPathText) } catch {
            var message = error.message
            let all = LayerProperty.allCases.map(\.rawValue)
            if !keyPathText.contains("."), let g = suggestion(for: keyPathText, among: all) { message += " (did you mean '\(g)'?)" }
            issues.add(path.key("keyPath"), message)
            return nil
        }
        if let owner = keyPath.property.owningKind, owner != layerType.layerKind {
            issues.add(
                path.key("keyPath"), "'\(keyPath.string)' is a property of \(owner.rawValue) layers, not of a \(layerType.rawValue) layer")
            return nil
        }
        let valueFunction = o.enumeration("valueFunction", ValueFunction.self)
        if valueFunction != nil && keyPath.valueKind != .transform {
            issues.add(
                path.key("valueFunction"),
                "a value function needs a transform key path (transform or sublayerTransform), got '\(keyPath.string)'")
        }
        let parser = ValueParser(issues: issues)
        func value(_ key: String) -> AnimatableValue? {
            guard let v = o[key] else { return nil }
            return decodeValue(v, keyPath: keyPath, valueFunction: valueFunction, at: path.key(key), parser: parser, issues: issues)
        }
        let additive = o.bool("additive") ?? false
        let cumulative = o.bool("cumulative") ?? false
        switch type {
        case .basic:
            var a = BasicAnimation(keyPath: keyPath)
            a.fromValue = value("fromValue"); a.toValue = value("toValue"); a.byValue = value("byValue")
            a.isAdditive = additive; a.isCumulative = cumulative; a.valueFunction = valueFunction
            return .basic(a)
        case .spring:
            var a = SpringAnimation(keyPath: keyPath)
            if o.has("perceptualDuration") || o.has("bounce") {
                if ["mass", "stiffness", "damping"].contains(where: o.has) {
                    issues.add(path, "give either perceptualDuration + bounce or mass/stiffness/damping, not both")
                }
                let d = o.number("perceptualDuration", above: 0) ?? 0.5
                let b = o.number("bounce", min: -1, max: 1) ?? 0
                a = SpringAnimation(keyPath: keyPath, perceptualDuration: d, bounce: b)
            } else {
                a.mass = o.number("mass", above: 0) ?? 1
                a.stiffness = o.number("stiffness", above: 0) ?? 100
                a.damping = o.number("damping", min: 0) ?? 10
            }
            a.initialVelocity = o.number("initialVelocity") ?? 0
            if let over = o.bool("allowsOverdamping") { a.allowsOverdamping = over }
            a.fromValue = value("fromValue"); a.toValue = value("toValue"); a.byValue = value("byValue")
            a.isAdditive = additive; a.isCumulative = cumulative; a.valueFunction = valueFunction
            return .spring(a)
        case .keyframe:
            var a = KeyframeAnimation(keyPath: keyPath)
            a.isAdditive = additive; a.isCumulative = cumulative; a.valueFunction = valueFunction
            a.calculationMode = o.enumeration("calculationMode", KeyframeAnimation.CalculationMode.self) ?? .linear
            a.rotationMode = o.enumeration("rotationMode", KeyframeAnimation.RotationMode.self)
            if let items = o.array("values") {
                a.values = items.enumerated().compactMap { i, v in
                    decodeValue(
                        v, keyPath: keyPath, valueFunction: valueFunction, at: path.key("values").index(i), parser: parser, issues: issues)
                }
            }
            if let p = o["path"] {
                if keyPath.valueKind != .point {
                    issues.add(path.key("path"), "a keyframe path needs a point key path such as 'position', got '\(keyPath.string)'")
                }
                a.path = parser.path(p, at: path.key("path"))
            }
            if a.rotationMode != nil && !o.has("path") {
                issues.add(path.key("rotationMode"), "rotationMode needs a \"path\"")
            }
            if !o.has("values") && !o.has("path") {
                issues.add(path, "a keyframe animation needs \"values\" or \"path\"")
            }
            let n = a.path.map { $0.segments.count + 1 } ?? a.values.count
            if let kt = o["keyTimes"], let times = parser.numbers(kt, at: path.key("keyTimes")) {
                validateKeyTimes(
                    times, count: n, mode: a.calculationMode, usesPath: a.path != nil, at: path.key("keyTimes"), issues: issues)
                a.keyTimes = times
            }
            if let tf = o.array("timingFunctions") {
                let curves = tf.enumerated().compactMap { decodeCurve($1, at: path.key("timingFunctions").index($0), issues: issues) }
                if n >= 1 && tf.count != max(n - 1, 0) {
                    issues.add(path.key("timingFunctions"), "\(max(n - 1, 0)) timing functions expected (one per segment), got \(tf.count)")
                }
                a.timingFunctions = curves
            }
            for (key, keyPathSetter) in [
                ("tensionValues", \KeyframeAnimation.tensionValues), ("continuityValues", \.continuityValues), ("biasValues", \.biasValues),
            ] {
                if let v = o[key], let numbers = parser.numbers(v, at: path.key(key)) {
                    if let bad = numbers.firstIndex(where: { !(-1...1).contains($0) }) {
                        issues.add(path.key(key).index(bad), "expected a number in −1…1")
                    }
                    a[keyPath: keyPathSetter] = numbers
                }
            }
            return .keyframe(a)
        default:
            return nil
        }
    }

    static func validateKeyTimes(
        _ times: [Double], count n: Int, mode: KeyframeAnimation.CalculationMode, usesPath: Bool, at path: JSONPath, issues: IssueCollector
    ) {
        if mode == .paced || mode == .cubicPaced { return }
        let expected = mode == .discrete && !usesPath ? n + 1 : n
        let what =
            usesPath ? "(one per path point)" : (mode == .discrete ? "(one more than the values, for discrete mode)" : "(one per value)")
        if times.count != expected {
            issues.add(path, "\(expected) values expected \(what), got \(times.count)")
            return
        }
        if let bad = times.firstIndex(where: { !(0...1).contains($0) }) {
            issues.add(path.index(bad), "expected a key time in 0…1")
        } else if zip(times, times.dropFirst()).contains(where: { $0 > $1 }) {
            issues.add(path, "key times must not decrease")
        } else if times.first != 0 || times.last != 1 {
            issues.add(path, "key times must start at 0 and end at 1")
        }
    }

    static func decodeValue(
        _ v: JSONValue, keyPath: LayerKeyPath, valueFunction: ValueFunction?, at path: JSONPath, parser: ValueParser, issues: IssueCollector
    ) -> AnimatableValue? {
        if let f = valueFunction {
            if f.arity == 1 { return parser.number(v, at: path).map(AnimatableValue.number) }
            // A single number means a uniform scale; a translation needs all three offsets.
            if f == .scale, case .number(let n) = v, n.isFinite { return .numbers([n, n, n]) }
            return parser.numbers(
                v, at: path, count: 3, what: f == .scale ? "numbers [sx, sy, sz] (or one number)" : "numbers [tx, ty, tz]"
            ).map(AnimatableValue.numbers)
        }
        return parser.value(v, kind: keyPath.valueKind, at: path)
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
