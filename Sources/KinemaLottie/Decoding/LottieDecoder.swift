import Foundation
import KinemaGeometry
import KinemaJSON

/// Reads the Lottie JSON schema (Bodymovin's export, described by the community specification
/// at lottie.github.io) into Kinema's model of it. Unknown fields are ignored; features Kinema
/// does not draw are reported by JSON path and left out; anything that makes the file
/// unplayable is an error with its JSON path.
struct LottieDecoder {
    let log = LottieLog()
    /// Bodymovin's version (`v`), for its older encodings.
    var version: [Int] = []
    /// Where image files named by the file are (its folder), if known.
    var directory: String?
    /// The images that came with the file (a `.lottie` archive's) and those read so far.
    let imageSources = LottieImageSources()
    /// Image assets by id: a PNG file's path or a `data:` URL.
    var images: [String: LottieImage] = [:]
    /// Fonts by name (`fonts.list`): family and style.
    var fonts: [String: (family: String, style: String)] = [:]
    /// Glyphs by font family and style (`chars`).
    var glyphs: [String: [Character: LottieGlyph]] = [:]

    /// Colours were 0–255 before Bodymovin 4.1.9.
    var colorsAre255: Bool { !version.isEmpty && version.lexicographicallyPrecedes([4, 1, 9]) }

    mutating func decodeRoot(_ root: LottieNode) -> LottieDocument? {
        guard root.isObject else {
            log.error(
                .root,
                "expected a Lottie animation (a JSON object with \"v\", \"fr\", \"ip\", \"op\", \"w\", \"h\" and \"layers\"), got \(LottieNode.describe(root.value))"
            )
            return nil
        }
        if let v = root.string("v") {
            version = v.split(separator: ".").map { Int($0) ?? 0 }
        } else if root["v"] == nil {
            log.error(.root.key("v"), "missing; expected the Bodymovin version that wrote the file, a string such as \"5.7.4\"")
        }
        let fr = root.required("fr", "frames per second, a number above 0")
        let ip = root.required("ip", "the first frame, a number")
        let op = root.required("op", "the frame where playback ends, a number")
        let w = root.required("w", "the width in pixels, a number above 0")
        let h = root.required("h", "the height in pixels, a number above 0")
        if let fr, !(fr > 0 && fr <= 1000) { log.error(.root.key("fr"), "expected frames per second in (0, 1000], got \(fr)") }
        if let ip, let op, !(op > ip) { log.error(.root.key("op"), "expected a frame after ip (\(ip)), got \(op)") }
        for (key, value) in [("w", w), ("h", h)] {
            if let value, !(value > 0 && value <= 16384) { log.error(.root.key(key), "expected a size in (0, 16384] pixels, got \(value)") }
        }
        guard fitsLayerLimit(root) else { return nil }
        decodeFonts(root)
        var assets: [String: LottieComposition] = [:]
        for asset in root["assets"]?.elements ?? [] {
            guard let id = asset.string("id") else {
                log.error(asset.path.key("id"), "missing; expected the asset's id, a string")
                continue
            }
            if let layers = asset["layers"] {
                assets[id] = LottieComposition(layers: decodeLayers(layers))
            } else if let image = decodeImage(asset, id: id) {
                images[id] = image
            }
        }
        guard let layersNode = root["layers"] else {
            log.error(.root.key("layers"), "missing; expected the list of layers")
            return nil
        }
        let layers = decodeLayers(layersNode)
        var markers: [LottieMarker] = []
        for marker in root["markers"]?.elements ?? [] {
            guard let name = marker.string("cm"), let time = marker.required("tm", "the marker's frame") else { continue }
            markers.append(LottieMarker(name: name, frame: time, duration: marker.optionalNumber("dr") ?? 0))
        }
        guard log.errors.problems.isEmpty, let fr, let ip, let op, let w, let h else { return nil }
        return LottieDocument(
            frameRate: fr, inPoint: ip, outPoint: op, width: w, height: h, root: LottieComposition(layers: layers),
            assets: assets, images: images, markers: markers)
    }

    /// Whether the file's layers, its root's and every precomposition asset's, are at most
    /// ``LottieLimits/maximumLayers``: more can never all be drawn, and are refused (naming the
    /// list where the count passes the limit) before any is decoded.
    func fitsLayerLimit(_ root: LottieNode) -> Bool {
        // LottieScan refuses these files before they are parsed; this reads the parsed lists.
        var count = 0
        let lists = [root["layers"]] + (root["assets"]?.elements ?? []).map { $0["layers"] }
        for list in lists.compactMap({ $0 }) {
            guard case .array(let items) = list.value else { continue }
            count += items.count
            guard count <= LottieLimits.maximumLayers else {
                log.error(list.path, Self.tooManyLayers)
                return false
            }
        }
        return true
    }

    /// The problem with a file of more layers than ``LottieLimits/maximumLayers``.
    static let tooManyLayers =
        "the file has more than \(LottieLimits.maximumLayers) layers (counting every precomposition asset's); the limit is LottieLimits.maximumLayers"

    func decodeLayers(_ node: LottieNode) -> [LottieLayerModel] {
        guard let items = node.elements else {
            log.error(node.path, "expected a list of layers, got \(LottieNode.describe(node.value))")
            return []
        }
        return items.compactMap(decodeLayer)
    }

    func decodeLayer(_ node: LottieNode) -> LottieLayerModel? {
        guard node.isObject else {
            log.error(node.path, "expected a layer object, got \(LottieNode.describe(node.value))")
            return nil
        }
        let name = node.string("nm") ?? ""
        let label = name.isEmpty ? "" : " '\(name)'"
        guard let type = node.required("ty", "the layer type, a number") else { return nil }
        let ip = node.required("ip", "the layer's in point, a frame")
        let op = node.required("op", "the layer's out point, a frame")
        let st = node.optionalNumber("st") ?? 0
        var stretch = node.optionalNumber("sr") ?? 1
        if stretch == 0 {
            log.error(node.path.key("sr"), "expected a time stretch other than 0, got 0")
            stretch = 1
        }
        let transform = node["ks"].map { decodeTransform($0, isLayer: true) } ?? LottieTransform()
        let content: LottieLayerContent
        switch type.truncatedInteger ?? -1 {
        case 0:
            guard let ref = node.string("refId") else {
                log.error(node.path.key("refId"), "missing; expected the id of a precomposition asset")
                return nil
            }
            let remap = node["tm"] != nil ? node.scalar("tm", fallback: 0) : nil
            content = .precomposition(
                referenceID: ref, width: node.optionalNumber("w") ?? 0, height: node.optionalNumber("h") ?? 0, timeRemap: remap)
        case 1:
            let color = node.string("sc").flatMap { try? Color(hex: $0) } ?? .black
            content = .solid(color: color, width: node.optionalNumber("sw") ?? 0, height: node.optionalNumber("sh") ?? 0)
        case 3:
            content = .null
        case 4:
            content = .shapes(decodeShapes(node["shapes"], layer: label))
        case 2:
            guard let ref = node.string("refId") else {
                log.error(node.path.key("refId"), "missing; expected the id of an image asset")
                return nil
            }
            content = .image(referenceID: ref)
        case 6, 13, 15:
            // Audio, camera and data layers draw nothing; lottie-ios drops them.
            return nil
        case 5:
            guard let text = decodeText(node, label: label) else { return nil }
            content = .text(text)
        default:
            log.unsupported(node.path.key("ty"), "layer\(label): layers of type \(JSONWriter.number(type)) are not drawn")
            content = .unsupported(type: type.truncatedInteger ?? -1)
        }
        reportUnsupportedLayerFeatures(node, label: label)
        let masks = decodeMasks(node["masksProperties"], label: label)
        let matte = decodeMatte(node, label: label)
        guard let ip, let op else { return nil }
        var layer = LottieLayerModel(
            name: name, index: node.optionalInteger("ind", "a layer index"), parent: node.optionalInteger("parent", "a layer index"),
            inPoint: ip, outPoint: op, startTime: st, stretch: stretch, transform: transform, content: content,
            isHidden: node["hd"].map { $0.value == .bool(true) } ?? false, path: node.path)
        layer.masks = masks
        layer.matteMode = matte
        layer.isMatteSource = (node.optionalNumber("td") ?? 0) != 0
        layer.shadow = decodeShadow(node, label: label)
        layer.blendMode = node.optionalNumber("bm").flatMap(LottieLayerModel.blendMode)
        return layer
    }

    private func reportUnsupportedLayerFeatures(_ node: LottieNode, label: String) {
        let features: [(String, String)] = []
        for (key, what) in features where node[key] != nil {
            if let items = node[key]?.elements, items.isEmpty { continue }
            log.unsupported(node.path.key(key), "layer\(label): \(what) are not supported yet")
        }
        if let bm = node.optionalNumber("bm"), bm != 0, LottieLayerModel.blendMode(bm) == nil {
            let names = [16.0: "add", 17.0: "hard mix"]
            log.unsupported(
                node.path.key("bm"),
                "layer\(label): the \(names[bm] ?? "unknown") blend mode (\(JSONWriter.number(bm))) is drawn as normal, as in lottie-ios")
        }
        if let ao = node.optionalNumber("ao"), ao != 0 {
            log.unsupported(node.path.key("ao"), "layer\(label): auto-orient is ignored, as lottie-ios ignores it")
        }
        if node["tp"] != nil {
            log.unsupported(node.path.key("tp"), "layer\(label): the matte is the layer in front, as in lottie-ios; tp is ignored")
        }
    }

    /// `masksProperties`: each mask's mode and path. Opacity and expansion are reported and
    /// ignored, as lottie-ios's Core Animation engine ignores them.
    private func decodeMasks(_ node: LottieNode?, label: String) -> [LottieMask] {
        guard let items = node?.elements else { return [] }
        var masks: [LottieMask] = []
        for item in items {
            // lottie-ios reads a mask without a mode as an add.
            let mode = item.string("mode") ?? "a"
            guard ["a", "s", "i", "l", "d", "f", "n"].contains(mode) else {
                log.error(item.path.key("mode"), "expected a mask mode (a, s, i, l, d, f or n), got \"\(mode)\"")
                continue
            }
            if ["d", "f"].contains(mode) {
                log.unsupported(item.path.key("mode"), "layer\(label): mask mode '\(mode)' is drawn as intersect, as in lottie-ios")
            }
            if let o = item.scalar("o", fallback: 100), o.isAnimated || o.initialValue != 100 {
                log.unsupported(item.path.key("o"), "layer\(label): mask opacity is ignored, as in lottie-ios")
            }
            if let x = item.scalar("x", fallback: 0), x.isAnimated || x.initialValue != 0 {
                log.unsupported(item.path.key("x"), "layer\(label): mask expansion is ignored, as in lottie-ios")
            }
            guard var path = item.bezier("pt") else { continue }
            // Bodymovin before 4.4.18 wrote the mask's closed flag as `cl`.
            if item["cl"]?.value == .bool(false) {
                path = path.map {
                    var b = $0; b.isClosed = false; return b
                }
            }
            masks.append(LottieMask(mode: mode, path: path, isInverted: item["inv"]?.value == .bool(true)))
        }
        return masks
    }

    /// A drop shadow, as lottie-ios reads it: the Drop Shadow effect (`ef` item of type 25,
    /// values found by name: opacity 0–255, softness ÷ 5 as the blur radius, direction in
    /// degrees clockwise from up) wins over a drop shadow layer style (`sy` item of type 1:
    /// opacity 0–100, size ÷ 2 as the radius, angle clockwise from the x axis). Other effects
    /// and styles are reported.
    private func decodeShadow(_ node: LottieNode, label: String) -> LottieShadow? {
        var effectShadow: LottieShadow?
        for effect in node["ef"]?.elements ?? [] {
            guard effect.optionalNumber("ty") == 25 else {
                let name = effect.string("nm").map { " '\($0)'" } ?? ""
                log.unsupported(effect.path, "layer\(label): effect\(name) is not supported (only Drop Shadow is)")
                continue
            }
            var values: [String: LottieNode] = [:]
            for value in effect["ef"]?.elements ?? [] {
                if let name = value.string("nm"), let v = value["v"] { values[name] = v }
            }
            func scalar(_ name: String, _ fallback: Double) -> LottieProperty<Double> {
                values[name]?.scalarValue ?? LottieProperty(fallback)
            }
            let color = values["Shadow Color"]?.vectorValue ?? LottieProperty([0, 0, 0])
            effectShadow = LottieShadow(
                color: colorsAre255 ? color.map { $0.map { $0 / 255 } } : color, opacity: scalar("Opacity", 127.5).map { $0 / 255 },
                radius: scalar("Softness", 0).map { $0 / 5 }, distance: scalar("Distance", 0),
                angle: scalar("Direction", 180).map { $0 - 90 })
        }
        var styleShadow: LottieShadow?
        for style in node["sy"]?.elements ?? [] {
            guard style.optionalNumber("ty") == 1 else {
                log.unsupported(style.path, "layer\(label): layer styles other than drop shadow are not supported")
                continue
            }
            guard let c = style.vector("c", fallback: [0, 0, 0]), let o = style.scalar("o", fallback: 75),
                let s = style.scalar("s", fallback: 0), let d = style.scalar("d", fallback: 0), let a = style.scalar("a", fallback: 0)
            else { continue }
            styleShadow = LottieShadow(color: c, opacity: o.map { $0 / 100 }, radius: s.map { $0 / 2 }, distance: d, angle: a)
        }
        return effectShadow ?? styleShadow
    }

    /// `tt`: the matte mode, with the modes not drawn yet reported.
    private func decodeMatte(_ node: LottieNode, label: String) -> Int? {
        guard let tt = node.optionalNumber("tt"), tt != 0 else { return nil }
        guard let mode = tt.truncatedInteger, (1...4).contains(mode) else {
            log.error(node.path.key("tt"), "expected a matte mode from 1 to 4, got \(JSONWriter.number(tt))")
            return nil
        }
        return mode
    }

    func decodeTransform(_ node: LottieNode, isLayer: Bool) -> LottieTransform {
        var t = LottieTransform()
        t.anchor = node.vector("a", fallback: [0, 0]) ?? t.anchor
        if let p = node["p"], p.isObject, p["s"].map({ $0.value == .bool(true) }) ?? false {
            t.position = nil
            t.positionX = p.scalar("x", fallback: 0)
            t.positionY = p.scalar("y", fallback: 0)
        } else {
            t.position = node.vector("p", fallback: [0, 0]) ?? t.position
        }
        t.scale = node.vector("s", fallback: [100, 100]) ?? t.scale
        // 2D layers turn with `r`; 3D layers write `rz`.
        t.rotation = node["r"] != nil ? node.scalar("r", fallback: 0) ?? t.rotation : node.scalar("rz", fallback: 0) ?? t.rotation
        t.opacity = node.scalar("o", fallback: 100) ?? t.opacity
        t.skew = node.scalar("sk", fallback: 0) ?? t.skew
        t.skewAxis = node.scalar("sa", fallback: 0) ?? t.skewAxis
        if node["rx"] != nil { t.rotationX = node.scalar("rx", fallback: 0) }
        if node["ry"] != nil { t.rotationY = node.scalar("ry", fallback: 0) }
        if node["or"] != nil {
            log.unsupported(node.path.key("or"), "3D orientation is ignored, as lottie-ios ignores it (rx, ry and rz turn the layer)")
        }
        if isLayer, t.skew.isAnimated || t.skew.initialValue != 0 {
            log.unsupported(node.path.key("sk"), "skew on layers is ignored, as lottie-ios ignores it (group transforms skew)")
            t.skew = LottieProperty(0)
        }
        return t
    }
}

/// A named time in the animation (`markers`).
public struct LottieMarker: Hashable, Sendable {
    /// The marker's name (`cm`).
    public var name: String
    /// Its frame (`tm`).
    public var frame: Double
    /// Its length in frames (`dr`), 0 when absent.
    public var duration: Double
}

/// A decoded Lottie file.
struct LottieDocument {
    var frameRate: Double
    var inPoint: Double
    var outPoint: Double
    var width: Double
    var height: Double
    var root: LottieComposition
    var assets: [String: LottieComposition]
    var images: [String: LottieImage]
    var markers: [LottieMarker]
}
