import KinemaGeometry
import KinemaLayers

/// Writes values in the scene encoding, as `kinema sample` and `kinema inspect` print them:
/// colours always `[r, g, b, a]`, transforms always 16 numbers, paths as SVG path data.
public enum SceneEncoding {
    public static func json(_ value: AnimatableValue) -> JSONValue {
        switch value {
        case .number(let n): .number(n)
        case .point(let p): json(p)
        case .size(let s): .array([.number(s.width), .number(s.height)])
        case .rect(let r): json(r)
        case .color(let c): c.map(json) ?? .null
        case .transform(let t): .array(t.values.map(JSONValue.number))
        case .bool(let b): .bool(b)
        case .path(let p): p.map { .string($0.svgData) } ?? .null
        case .colors(let cs): .array(cs.map(json))
        case .numbers(let ns): .array(ns.map(JSONValue.number))
        }
    }

    /// A non-animatable property's value, as a scene file writes it.
    public static func json(_ value: LayerAttributeValue) -> JSONValue {
        switch value {
        case .bool(let b): .bool(b)
        case .string(let s): .string(s)
        case .strings(let ss): .array(ss.map(JSONValue.string))
        case .null: .null
        }
    }

    public static func json(_ p: Point) -> JSONValue { .array([.number(p.x), .number(p.y)]) }
    public static func json(_ r: Rect) -> JSONValue {
        .array([.number(r.origin.x), .number(r.origin.y), .number(r.width), .number(r.height)])
    }
    public static func json(_ c: Color) -> JSONValue {
        .array([.number(c.red), .number(c.green), .number(c.blue), .number(c.alpha)])
    }
}
