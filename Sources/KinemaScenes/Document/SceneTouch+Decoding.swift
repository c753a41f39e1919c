import KinemaGeometry
import KinemaUI

extension SceneTouch {
    /// The rate at which a drag is sampled: 120 Hz, a ProMotion display's touch rate.
    public static let dragSampleRate = 120.0
    /// The longest drag a scene may script, seconds (it expands to one sample per 1/120 s).
    static let maximumDragDuration = 600.0
    /// The most touch samples a script may expand to (about 2.3 hours of dragging).
    static let maximumSampleCount = 1_000_000
    /// The finger `tap` and `drag` use unless they give an `"id"`.
    static let defaultIdentifier = 1

    /// A touch with the JSON path it was written at, for phase checks.
    struct Located {
        var touch: SceneTouch
        var path: JSONPath
    }

    /// `{"id": 1, "phase": "began", "point": [x, y]}` at `time`.
    static func decodeTouch(_ json: JSONValue, time: Double, at path: JSONPath, issues: IssueCollector) -> [Located] {
        guard let o = ObjectReader(json, at: path, issues: issues) else { return [] }
        o.rejectUnknownKeys(allowed: ["id", "phase", "point"], context: "a touch")
        let id = identifier(o, at: path, issues: issues, required: true)
        let phase = o.enumeration("phase", Touch.Phase.self)
        if !o.has("phase") { issues.add(path, "missing \"phase\" (began, moved, stationary, ended or cancelled)") }
        let point = o["point"].flatMap { ValueParser(issues: issues).point($0, at: path.key("point")) }
        if !o.has("point") { issues.add(path, "missing \"point\" ([x, y] in window points)") }
        guard let id, let phase, let point else { return [] }
        return [Located(touch: SceneTouch(time: time, identifier: id, phase: phase, point: point), path: path.key("phase"))]
    }

    /// `[x, y]`, or `{"point": [x, y], "duration": 0.1, "id": 2}`: a finger down and up at one
    /// point, `duration` seconds apart (default 0).
    static func decodeTap(_ json: JSONValue, time: Double, at path: JSONPath, issues: IssueCollector) -> [Located] {
        let parser = ValueParser(issues: issues)
        var point: Point?
        var duration = 0.0
        var id: Int? = defaultIdentifier
        if case .object = json, let o = ObjectReader(json, at: path, issues: issues) {
            o.rejectUnknownKeys(allowed: ["point", "duration", "id"], context: "a tap")
            point = o["point"].flatMap { parser.point($0, at: path.key("point")) }
            if !o.has("point") { issues.add(path, "missing \"point\" ([x, y] in window points)") }
            duration = o.number("duration", min: 0, max: maximumDragDuration) ?? 0
            if o.has("id") { id = identifier(o, at: path, issues: issues, required: true) }
        } else if case .array = json {
            point = parser.point(json, at: path)
        } else {
            issues.add(path, "expected [x, y] or {\"point\": [x, y], \"duration\": seconds}, got \(json.typeName)")
        }
        guard let point, let id else { return [] }
        return [
            Located(touch: SceneTouch(time: time, identifier: id, phase: .began, point: point), path: path),
            Located(touch: SceneTouch(time: time + duration, identifier: id, phase: .ended, point: point), path: path),
        ]
    }

    /// `{"from": [x, y], "to": [x, y], "duration": 0.3, "holdBeforeRelease": 0, "id": 1}`.
    static func decodeDrag(_ json: JSONValue, time: Double, at path: JSONPath, issues: IssueCollector) -> [Located] {
        guard let o = ObjectReader(json, at: path, issues: issues) else { return [] }
        o.rejectUnknownKeys(allowed: ["from", "to", "duration", "holdBeforeRelease", "id"], context: "a drag")
        let parser = ValueParser(issues: issues)
        let from = o["from"].flatMap { parser.point($0, at: path.key("from")) }
        let to = o["to"].flatMap { parser.point($0, at: path.key("to")) }
        for key in ["from", "to"] where !o.has(key) { issues.add(path, "missing \"\(key)\" ([x, y] in window points)") }
        let duration = o.number("duration", above: 0, max: maximumDragDuration)
        if !o.has("duration") { issues.add(path, "missing \"duration\" (seconds, > 0)") }
        let hold = o.number("holdBeforeRelease", min: 0, max: maximumDragDuration) ?? 0
        let id = o.has("id") ? identifier(o, at: path, issues: issues, required: true) : defaultIdentifier
        guard let from, let to, let duration, let id else { return [] }
        return drag(from: from, to: to, at: time, duration: duration, holdBeforeRelease: hold, identifier: id).map {
            Located(touch: $0, path: path)
        }
    }

    /// The samples of a straight drag: `began` at `time` at `from`; `moved` every 1/120 s along
    /// the line, the last at `time + duration` exactly at `to`; `ended` at `to`,
    /// `holdBeforeRelease` seconds after the last move, with nothing in between (a finger that
    /// does not move sends no moves). A duration that is not positive and finite, or longer
    /// than a scene may script (600 s), gives no samples.
    public static func drag(
        from: Point, to: Point, at time: Double, duration: Double, holdBeforeRelease: Double = 0, identifier: Int = 1
    ) -> [SceneTouch] {
        guard duration > 0, duration <= maximumDragDuration, holdBeforeRelease >= 0, holdBeforeRelease.isFinite else { return [] }
        var samples = [SceneTouch(time: time, identifier: identifier, phase: .began, point: from)]
        // Samples at k/120 s; the last one is the end, even when the duration is not a whole
        // number of intervals (a tolerance keeps 0.3 s at 36 samples despite rounding).
        let count = max(1, Int((duration * dragSampleRate - 1e-9).rounded(.up)))
        for k in 1...count {
            let elapsed = k == count ? duration : Double(k) / dragSampleRate
            let f = elapsed / duration
            let point =
                k == count ? to : Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
            samples.append(SceneTouch(time: time + elapsed, identifier: identifier, phase: .moved, point: point))
        }
        samples.append(SceneTouch(time: time + duration + holdBeforeRelease, identifier: identifier, phase: .ended, point: to))
        return samples
    }

    private static func identifier(_ o: ObjectReader, at path: JSONPath, issues: IssueCollector, required: Bool) -> Int? {
        guard let v = o["id"] else {
            if required { issues.add(path, "missing \"id\" (the finger's number)") }
            return nil
        }
        return ViewSetting.wholeNumber(v, at: path.key("id"), in: 0...1_000_000, issues: issues)
    }

    /// Checks that each finger's phases make sense in delivery order: `began` only while the
    /// finger is up, every other phase only while it is down. `touches` must be in delivery order.
    static func validatePhases(_ touches: [Located], issues: IssueCollector) {
        var down: [Int: Double] = [:]
        var reported = Set<String>()
        for located in touches {
            let t = located.touch
            let when = JSONWriter.number(t.time)
            var problem: String?
            switch t.phase {
            case .began:
                if let since = down[t.identifier] {
                    problem =
                        "touch \(t.identifier) begins at \(when) s while it is already down (since \(JSONWriter.number(since)) s); end it first or use another \"id\""
                }
                down[t.identifier] = t.time
            case .moved, .stationary, .ended, .cancelled:
                if down[t.identifier] == nil {
                    let verb =
                        ["moved": "moves", "stationary": "is stationary", "ended": "ends", "cancelled": "is cancelled"][t.phase.rawValue]
                        ?? ""
                    problem = "touch \(t.identifier) \(verb) at \(when) s but is not down (it needs \"began\" first)"
                }
                if t.phase == .ended || t.phase == .cancelled { down[t.identifier] = nil }
            }
            // One report per written step: a drag's samples share a path.
            if let problem, reported.insert(located.path.description).inserted {
                issues.add(located.path, problem)
            }
        }
    }
}
