import KinemaGeometry
import KinemaJSON

extension LottieNode {
    /// An animated property `{a, k}` under `key` whose values are read by `read`; `fallback`
    /// when the key is absent. Keyframes are recognised by their shape (a list of objects with
    /// `t`), as lottie-ios does, whatever `a` says.
    func property<V>(_ key: String, fallback: V?, read: (LottieNode) -> V?) -> LottieProperty<V>? {
        guard let node = self[key] else {
            if let fallback { return LottieProperty(fallback) }
            log.error(path.key(key), "missing; expected an animated property {\"a\", \"k\"}")
            return nil
        }
        return node.propertyValue(read: read)
    }

    /// This node read as an animated property `{a, k}` (or a bare value).
    func propertyValue<V>(read: (LottieNode) -> V?) -> LottieProperty<V>? {
        let node = self
        if node["x"] != nil { log.unsupported(node.path.key("x"), "expressions are not evaluated; the keyframed value is used") }
        guard node.isObject else {
            // A bare value where a property belongs: read it as the static value.
            return read(node).map { LottieProperty($0) }
        }
        guard let k = node["k"] else {
            log.error(node.path.key("k"), "missing; expected a value or keyframes")
            return nil
        }
        if let items = k.elements, let first = items.first, first.isObject, first["t"] != nil {
            return node.keyframes(items, read: read)
        }
        return read(k).map { LottieProperty($0) }
    }

    private func keyframes<V>(_ items: [LottieNode], read: (LottieNode) -> V?) -> LottieProperty<V>? {
        var result: [LottieKeyframe<V>] = []
        var previousEnd: V?
        for (i, item) in items.enumerated() {
            guard let t = item.required("t", "the keyframe's frame, a number") else { return nil }
            if let last = result.last, t < last.time {
                log.error(item.path.key("t"), "expected keyframes in ascending time, got \(t) after \(last.time)")
                return nil
            }
            // Bodymovin before 5.0 wrote each segment's end value as `e` and could leave the
            // last keyframe without `s`.
            var value: V?
            if let s = item["s"] {
                value = read(s.unwrappingSingle)
            } else if let end = previousEnd {
                value = end
            } else if i == items.count - 1, let last = result.last {
                value = last.value
            } else {
                log.error(item.path.key("s"), "missing; expected the keyframe's value")
                return nil
            }
            guard let value else { return nil }
            previousEnd = item["e"].flatMap { read($0.unwrappingSingle) }
            var key = LottieKeyframe(time: t, value: value)
            key.isHold = (item.optionalNumber("h") ?? 0) == 1
            if let o = item["o"] { key.outEase = o.easeHandle ?? key.outEase }
            if let ii = item["i"] { key.inEase = ii.easeHandle ?? key.inEase }
            key.spatialOut = item["to"]?.numbers() ?? []
            key.spatialIn = item["ti"]?.numbers() ?? []
            result.append(key)
        }
        guard !result.isEmpty else {
            log.error(path, "expected at least one keyframe")
            return nil
        }
        return LottieProperty(keyframes: result)
    }

    /// A keyframe's `s` holds a list even for shapes (`[{c, v, i, o}]`): the single element.
    private var unwrappingSingle: LottieNode {
        if let items = elements, items.count == 1, items[0].isObject { return items[0] }
        return self
    }

    /// An easing handle `{x, y}`; per-component lists use their first entry, as lottie-ios does.
    private var easeHandle: (x: Double, y: Double)? {
        guard let x = self["x"]?.numbers()?.first, let y = self["y"]?.numbers()?.first else { return nil }
        return (x, y)
    }

    /// This node as a scalar property.
    var scalarValue: LottieProperty<Double>? {
        propertyValue { node in node.numbers()?.first }
    }

    /// This node as a vector property.
    var vectorValue: LottieProperty<[Double]>? {
        propertyValue { $0.numbers() }
    }

    /// A vector property (position, scale, colour…).
    func vector(_ key: String, fallback: [Double]?) -> LottieProperty<[Double]>? {
        property(key, fallback: fallback) { $0.numbers() }
    }

    /// A scalar property (a single-element list counts, as lottie-ios reads it).
    func scalar(_ key: String, fallback: Double?) -> LottieProperty<Double>? {
        property(key, fallback: fallback) { node in
            guard let values = node.numbers() else { return nil }
            guard let first = values.first else {
                node.log.error(node.path, "expected a number, got an empty list")
                return nil
            }
            return first
        }
    }

    /// A bezier shape property.
    func bezier(_ key: String) -> LottieProperty<LottieBezier>? {
        property(key, fallback: nil) { $0.bezierValue }
    }

    /// `{c, v, i, o}`. A missing `c` is closed, as lottie-ios reads it; Bodymovin before 4.4.18
    /// wrote `closed` on the property instead.
    var bezierValue: LottieBezier? {
        guard isObject else {
            log.error(path, "expected a bezier shape {\"c\", \"v\", \"i\", \"o\"}, got \(Self.describe(value))")
            return nil
        }
        func points(_ key: String) -> [Point]? {
            guard let node = self[key] else {
                log.error(path.key(key), "missing; expected a list of [x, y] points")
                return nil
            }
            guard let items = node.elements else {
                log.error(node.path, "expected a list of [x, y] points, got \(Self.describe(node.value))")
                return nil
            }
            var result: [Point] = []
            for item in items {
                guard let xy = item.numbers() else { return nil }
                guard xy.count >= 2 else {
                    log.error(item.path, "expected [x, y], got \(xy.count) number\(xy.count == 1 ? "" : "s")")
                    return nil
                }
                result.append(Point(x: xy[0], y: xy[1]))
            }
            return result
        }
        guard let v = points("v"), let i = points("i"), let o = points("o") else { return nil }
        guard i.count == v.count, o.count == v.count else {
            log.error(
                path, "expected as many in (i) and out (o) tangents as vertices (v): \(v.count) vertices, \(i.count) in, \(o.count) out")
            return nil
        }
        var closed = true
        if let c = self["c"] {
            if case .bool(let b) = c.value { closed = b } else if let n = c.number("true or false") { closed = n != 0 }
        }
        return LottieBezier(isClosed: closed, vertices: v, inTangents: i, outTangents: o)
    }
}
