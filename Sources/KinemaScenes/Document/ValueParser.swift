import KinemaGeometry
import KinemaLayers

/// Parses scene-file values into typed values, reporting problems at their JSON paths.
///
/// Encodings: numbers; points and sizes `[x, y]`; rects `[x, y, w, h]`; colours `"#RRGGBB"`,
/// `"#RRGGBBAA"` or `[r, g, b, a]` in 0…1 (`null` for none where a colour is optional);
/// transforms as 16 numbers (m11…m44) or a CSS transform string; paths as SVG path data or
/// `{"rect": [x, y, w, h], "cornerRadius": r}` / `{"ellipse": [x, y, w, h]}`.
struct ValueParser {
    let issues: IssueCollector

    func number(
        _ v: JSONValue, at path: JSONPath, min lower: Double? = nil, above strictLower: Double? = nil, max upper: Double? = nil
    ) -> Double? {
        guard case .number(let n) = v else {
            issues.add(path, "expected a number, got \(v.typeName)")
            return nil
        }
        guard n.isFinite else {
            issues.add(path, "expected a finite number (NaN and infinity are not allowed)")
            return nil
        }
        if let lower, n < lower {
            issues.add(path, "expected a number ≥ \(JSONWriter.number(lower)), got \(JSONWriter.number(n))")
            return nil
        }
        if let strictLower, n <= strictLower {
            issues.add(path, "expected a number > \(JSONWriter.number(strictLower)), got \(JSONWriter.number(n))")
            return nil
        }
        if let upper, n > upper {
            issues.add(path, "expected a number ≤ \(JSONWriter.number(upper)), got \(JSONWriter.number(n))")
            return nil
        }
        return n
    }

    func numbers(_ v: JSONValue, at path: JSONPath, count: Int? = nil, what: String = "numbers") -> [Double]? {
        guard case .array(let items) = v else {
            issues.add(path, "expected an array of \(count.map { "\($0) " } ?? "")\(what), got \(v.typeName)")
            return nil
        }
        if let count, items.count != count {
            issues.add(path, "expected \(count) \(what), got \(items.count)")
            return nil
        }
        var out: [Double] = []
        var ok = true
        for (i, item) in items.enumerated() {
            if let n = number(item, at: path.index(i)) { out.append(n) } else { ok = false }
        }
        return ok ? out : nil
    }

    func point(_ v: JSONValue, at path: JSONPath) -> Point? {
        numbers(v, at: path, count: 2, what: "numbers [x, y]").map { Point(x: $0[0], y: $0[1]) }
    }

    func size(_ v: JSONValue, at path: JSONPath, nonNegative: Bool = false) -> Size? {
        guard let n = numbers(v, at: path, count: 2, what: "numbers [width, height]") else { return nil }
        if nonNegative && (n[0] < 0 || n[1] < 0) {
            issues.add(path, "expected a non-negative width and height, got [\(JSONWriter.number(n[0])), \(JSONWriter.number(n[1]))]")
            return nil
        }
        return Size(width: n[0], height: n[1])
    }

    /// `[top, left, bottom, right]` in points, each at least 0, leaving some of `size` uncovered
    /// in each direction.
    func safeAreaInsets(_ v: JSONValue, at path: JSONPath, within size: Size) -> EdgeInsets? {
        guard let n = numbers(v, at: path, count: 4, what: "numbers [top, left, bottom, right]") else { return nil }
        var ok = true
        for (i, x) in n.enumerated() where x < 0 {
            issues.add(path.index(i), "expected an inset of 0 or more points, got \(JSONWriter.number(x))")
            ok = false
        }
        guard ok else { return nil }
        let insets = EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
        if size.height > 0, insets.top + insets.bottom >= size.height {
            issues.add(
                path,
                "expected top + bottom under the scene's height \(JSONWriter.number(size.height)), got \(JSONWriter.number(insets.top + insets.bottom))"
            )
            ok = false
        }
        if size.width > 0, insets.left + insets.right >= size.width {
            issues.add(
                path,
                "expected left + right under the scene's width \(JSONWriter.number(size.width)), got \(JSONWriter.number(insets.left + insets.right))"
            )
            ok = false
        }
        return ok ? insets : nil
    }

    func rect(_ v: JSONValue, at path: JSONPath, nonNegative: Bool = false) -> Rect? {
        guard let n = numbers(v, at: path, count: 4, what: "numbers [x, y, width, height]") else { return nil }
        if nonNegative && (n[2] < 0 || n[3] < 0) {
            issues.add(path, "expected a non-negative width and height, got \(JSONWriter.number(n[2])) × \(JSONWriter.number(n[3]))")
            return nil
        }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    func color(_ v: JSONValue, at path: JSONPath) -> Color? {
        switch v {
        case .string(let s):
            do { return try Color(hex: s) } catch {
                issues.add(path, "\(error)")
                return nil
            }
        case .array:
            guard let n = numbers(v, at: path, count: 4, what: "numbers [r, g, b, a]") else { return nil }
            guard n.allSatisfy({ (0...1).contains($0) }) else {
                issues.add(path, "expected colour components in 0…1")
                return nil
            }
            return Color(red: n[0], green: n[1], blue: n[2], alpha: n[3])
        default:
            issues.add(path, "expected a colour (\"#RRGGBB\", \"#RRGGBBAA\" or [r, g, b, a]), got \(v.typeName)")
            return nil
        }
    }

    func transform(_ v: JSONValue, at path: JSONPath) -> Transform3D? {
        switch v {
        case .string(let s):
            do { return try Transform3D(css: s) } catch {
                issues.add(path, "\(error)")
                return nil
            }
        case .array:
            guard let n = numbers(v, at: path, count: 16, what: "numbers (m11…m44)") else { return nil }
            return Transform3D(n)
        default:
            issues.add(path, "expected a transform (16 numbers or a CSS transform string), got \(v.typeName)")
            return nil
        }
    }

    func path(_ v: JSONValue, at jsonPath: JSONPath) -> Path? {
        switch v {
        case .string(let s):
            do { return try Path(svgData: s) } catch {
                issues.add(jsonPath, "\(error)")
                return nil
            }
        case .object:
            guard let o = ObjectReader(v, at: jsonPath, issues: issues) else { return nil }
            o.rejectUnknownKeys(allowed: ["rect", "cornerRadius", "ellipse"], context: "a path")
            if let r = o["rect"] {
                guard let rect = rect(r, at: jsonPath.key("rect"), nonNegative: true) else { return nil }
                let radius = o.number("cornerRadius", min: 0) ?? 0
                return Path(rect: rect, cornerRadius: radius)
            }
            if let e = o["ellipse"] {
                return rect(e, at: jsonPath.key("ellipse"), nonNegative: true).map { Path(ellipseIn: $0) }
            }
            issues.add(jsonPath, "expected \"rect\" or \"ellipse\" in a path object")
            return nil
        default:
            issues.add(jsonPath, "expected SVG path data or a {\"rect\"} / {\"ellipse\"} object, got \(v.typeName)")
            return nil
        }
    }

    /// A value of `kind` (for properties and animation values).
    func value(_ v: JSONValue, kind: ValueKind, at path: JSONPath) -> AnimatableValue? {
        switch kind {
        case .number: return number(v, at: path).map(AnimatableValue.number)
        case .point: return point(v, at: path).map(AnimatableValue.point)
        case .size: return size(v, at: path).map(AnimatableValue.size)
        case .rect: return rect(v, at: path).map(AnimatableValue.rect)
        case .color:
            if case .null = v { return .color(nil) }
            return color(v, at: path).map { .color($0) }
        case .transform: return transform(v, at: path).map(AnimatableValue.transform)
        case .bool:
            guard case .bool(let b) = v else {
                issues.add(path, "expected true or false, got \(v.typeName)")
                return nil
            }
            return .bool(b)
        case .path:
            if case .null = v { return .path(nil) }
            return self.path(v, at: path).map { .path($0) }
        case .colors:
            guard case .array(let items) = v else {
                issues.add(path, "expected an array of colours, got \(v.typeName)")
                return nil
            }
            let colors = items.enumerated().map { color($0.element, at: path.index($0.offset)) }
            return colors.contains(where: { $0 == nil }) ? nil : .colors(colors.compactMap { $0 })
        case .numbers:
            return numbers(v, at: path).map(AnimatableValue.numbers)
        }
    }
}
