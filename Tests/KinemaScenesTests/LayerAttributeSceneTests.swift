import KinemaLayers
import Testing

@testable import KinemaScenes

/// Layer settings that are not animatable come from one table (``LayerAttribute``): each is
/// decoded, applied and shown by `kinema inspect` from its row alone.
@Suite("Layer attributes in scenes")
struct LayerAttributeSceneTests {
    /// The layer type that has `attribute`.
    static func type(for attribute: LayerAttribute) -> SceneLayerType {
        switch attribute.owningKind {
        case .shape: .shape
        case .text: .text
        case .gradient: .gradient
        case .layer, .transform, nil: .layer
        }
    }

    /// The layer `x` as `kinema inspect` describes it at time 0.
    static func inspected(_ members: String, type: SceneLayerType) throws -> JSONValue {
        let text = sceneJSON(layers: #"[{"id": "x", "type": "\#(type.rawValue)"\#(members)}]"#)
        let layers = try #require(SceneInspector(document: try SceneDocument.decode(text)).inspect(at: 0)["layers"]?.asArray)
        return try #require(layers.first { $0["id"]?.asString == "x" })
    }

    /// A value in the attribute's form other than the default one, as scene JSON.
    static func otherValue(than old: LayerAttributeValue, format: LayerAttributeFormat) -> JSONValue? {
        switch (format, old) {
        case (.bool, .bool(let b)): .bool(!b)
        case (.string, .string(let s)): .string(s + "-changed")
        case (.name(let names), _): names.first { .string($0) != old }.map(JSONValue.string)
        case (.names(let names, _), .strings(let chosen)): .array((chosen.count == 1 ? names : [names[1], names[3]]).map(JSONValue.string))
        default: nil
        }
    }

    @Test("maskedCorners shows in inspect, in corner order, set or by default")
    func maskedCornersInInspect() throws {
        let set = try Self.inspected(#", "maskedCorners": ["maxXMaxY", "minXMinY"]"#, type: .layer)
        #expect(set["maskedCorners"] == .array([.string("minXMinY"), .string("maxXMaxY")]))
        let unset = try Self.inspected("", type: .shape)
        #expect(unset["maskedCorners"] == .array(["minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY"].map(JSONValue.string)))
    }

    /// Every attribute a scene file writes (but `contents`, which needs an image file): a
    /// non-default value decodes, applies and is inspected back as written; the default shows
    /// when it is not set, and a layer of another kind does not list it.
    @Test(
        "each attribute round-trips through decoding, the layer and inspect",
        arguments: LayerAttribute.allCases.filter { $0.isWritable && $0 != .contents })
    func roundTrip(attribute: LayerAttribute) throws {
        let type = Self.type(for: attribute)
        let plain = try Self.inspected("", type: type)
        let old = try #require(LayerState.default(for: type).value(of: attribute))
        #expect(plain[attribute.rawValue] == SceneEncoding.json(old), "the default is listed")
        let new = try #require(Self.otherValue(than: old, format: attribute.declaration.format))
        let changed = try Self.inspected(", \"\(attribute.rawValue)\": \(JSONWriter.compact(new))", type: type)
        #expect(changed[attribute.rawValue] == new)
        if attribute.owningKind != nil {
            let other: SceneLayerType = type == .text ? .shape : .text
            #expect(try Self.inspected("", type: other)[attribute.rawValue] == nil, "another kind's attribute is not listed")
        }
    }
}

extension LayerState {
    /// The model state of a new layer of `type`.
    static func `default`(for type: SceneLayerType) -> LayerState {
        type.makeLayer().presentation(at: 0)
    }
}
