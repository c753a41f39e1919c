import KinemaLayers

/// What the property animations (basic, spring, keyframe) share: the animated key path, checked
/// against the layer type, its value function, and whether it is additive or cumulative.
struct PropertyAnimationBase {
    let o: ObjectReader
    let keyPath: LayerKeyPath
    let valueFunction: ValueFunction?
    let isAdditive: Bool
    let isCumulative: Bool
    let parser: ValueParser

    /// Reads the shared keys of a `typeName` animation object for a layer of `layerType`;
    /// `nil` (reported) when the key path is missing, unknown or not the layer's.
    init?(_ o: ObjectReader, typeName: String, layerType: SceneLayerType) {
        let issues = o.issues
        let path = o.path
        guard let keyPathText = o.string("keyPath") else {
            if !o.has("keyPath") { issues.add(path, "a \(typeName) animation needs \"keyPath\"") }
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
        self.o = o
        self.keyPath = keyPath
        self.valueFunction = valueFunction
        self.parser = ValueParser(issues: issues)
        self.isAdditive = o.bool("additive") ?? false
        self.isCumulative = o.bool("cumulative") ?? false
    }

    /// The value at `key`, of the key path's kind, or `nil` when absent or wrong (reported).
    func value(_ key: String) -> AnimatableValue? {
        guard let v = o[key] else { return nil }
        return value(v, at: o.path.key(key))
    }

    /// `v` as a value of the key path's kind: with a value function, one number or three.
    func value(_ v: JSONValue, at path: JSONPath) -> AnimatableValue? {
        AnimationSpec.decodeValue(v, keyPath: keyPath, valueFunction: valueFunction, at: path, parser: parser, issues: o.issues)
    }

    /// Sets the shared fields on `animation`.
    func apply(to animation: inout some PropertyAnimation) {
        animation.isAdditive = isAdditive
        animation.isCumulative = isCumulative
        animation.valueFunction = valueFunction
    }
}

extension AnimationSpec {
    /// A `basic` animation: `fromValue`, `toValue`, `byValue`.
    static func decodeBasic(_ o: ObjectReader, layerType: SceneLayerType) -> AnyAnimation? {
        guard let base = PropertyAnimationBase(o, typeName: "basic", layerType: layerType) else { return nil }
        var a = BasicAnimation(keyPath: base.keyPath)
        a.fromValue = base.value("fromValue"); a.toValue = base.value("toValue"); a.byValue = base.value("byValue")
        base.apply(to: &a)
        return .basic(a)
    }

    /// A `spring` animation: a basic animation's values and either perceptual duration and bounce
    /// or mass, stiffness and damping.
    static func decodeSpring(_ o: ObjectReader, layerType: SceneLayerType) -> AnyAnimation? {
        guard let base = PropertyAnimationBase(o, typeName: "spring", layerType: layerType) else { return nil }
        var a = SpringAnimation(keyPath: base.keyPath)
        if o.has("perceptualDuration") || o.has("bounce") {
            if ["mass", "stiffness", "damping"].contains(where: o.has) {
                o.issues.add(o.path, "give either perceptualDuration + bounce or mass/stiffness/damping, not both")
            }
            let d = o.number("perceptualDuration", above: 0) ?? 0.5
            let b = o.number("bounce", min: -1, max: 1) ?? 0
            a = SpringAnimation(keyPath: base.keyPath, perceptualDuration: d, bounce: b)
        } else {
            a.mass = o.number("mass", above: 0) ?? 1
            a.stiffness = o.number("stiffness", above: 0) ?? 100
            a.damping = o.number("damping", min: 0) ?? 10
        }
        a.initialVelocity = o.number("initialVelocity") ?? 0
        if let over = o.bool("allowsOverdamping") { a.allowsOverdamping = over }
        a.fromValue = base.value("fromValue"); a.toValue = base.value("toValue"); a.byValue = base.value("byValue")
        base.apply(to: &a)
        return .spring(a)
    }

    /// A `keyframe` animation: `values` or a `path`, then their key times, timing functions and
    /// Kochanek–Bartels tension, continuity and bias.
    static func decodeKeyframe(_ o: ObjectReader, layerType: SceneLayerType) -> AnyAnimation? {
        guard let base = PropertyAnimationBase(o, typeName: "keyframe", layerType: layerType) else { return nil }
        let path = o.path
        let keyPath = base.keyPath
        var a = KeyframeAnimation(keyPath: keyPath)
        base.apply(to: &a)
        a.calculationMode = o.enumeration("calculationMode", KeyframeAnimation.CalculationMode.self) ?? .linear
        a.rotationMode = o.enumeration("rotationMode", KeyframeAnimation.RotationMode.self)
        if let items = o.array("values") {
            a.values = items.enumerated().compactMap { i, v in base.value(v, at: path.key("values").index(i)) }
        }
        if let p = o["path"] {
            if keyPath.valueKind != .point {
                o.issues.add(path.key("path"), "a keyframe path needs a point key path such as 'position', got '\(keyPath.string)'")
            }
            a.path = base.parser.path(p, at: path.key("path"))
        }
        if a.rotationMode != nil && !o.has("path") {
            o.issues.add(path.key("rotationMode"), "rotationMode needs a \"path\"")
        }
        if !o.has("values") && !o.has("path") {
            o.issues.add(path, "a keyframe animation needs \"values\" or \"path\"")
        }
        decodeKeyframePacing(o, into: &a, parser: base.parser)
        return .keyframe(a)
    }

    /// A keyframe animation's `keyTimes`, `timingFunctions` and tension, continuity and bias
    /// values, checked against its number of keyframes.
    private static func decodeKeyframePacing(_ o: ObjectReader, into a: inout KeyframeAnimation, parser: ValueParser) {
        let path = o.path
        let issues = o.issues
        let n = a.path.map { $0.segments.count + 1 } ?? a.values.count
        if let kt = o["keyTimes"], let times = parser.numbers(kt, at: path.key("keyTimes")) {
            validateKeyTimes(times, count: n, mode: a.calculationMode, usesPath: a.path != nil, at: path.key("keyTimes"), issues: issues)
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
