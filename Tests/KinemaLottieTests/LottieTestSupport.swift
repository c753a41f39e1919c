import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLottie
import KinemaRender

/// Hand-written Lottie JSON for the tests: a 100 × 100 composition at 30 fps, frames 0…30
/// unless a test says otherwise.
enum LottieJSON {
    static func animation(
        _ layers: [String], assets: [String] = [], w: Int = 100, h: Int = 100, fr: Double = 30, ip: Double = 0, op: Double = 30
    )
        -> String
    {
        """
        {"v": "5.7.4", "fr": \(fr), "ip": \(ip), "op": \(op), "w": \(w), "h": \(h), "assets": [\(assets.joined(separator: ","))],
         "layers": [\(layers.joined(separator: ","))]}
        """
    }

    /// A layer of type `ty` with the transform `ks` and extra fields.
    static func layer(ty: Int = 4, ind: Int = 1, ks: String = "{}", ip: Double = 0, op: Double = 30, extra: String = "") -> String {
        """
        {"ty": \(ty), "ind": \(ind), "nm": "L\(ind)", "ip": \(ip), "op": \(op), "st": 0, "ks": \(ks)\(extra.isEmpty ? "" : ", " + extra)}
        """
    }

    static func shapeLayer(
        ind: Int = 1, ks: String = "{}", ip: Double = 0, op: Double = 30, _ shapes: [String], extra: String = ""
    ) -> String {
        layer(
            ty: 4, ind: ind, ks: ks, ip: ip, op: op,
            extra: "\"shapes\": [\(shapes.joined(separator: ","))]" + (extra.isEmpty ? "" : ", " + extra))
    }

    static func group(_ items: [String], tr: String = "{\"ty\": \"tr\"}") -> String {
        "{\"ty\": \"gr\", \"it\": [\((items + [tr]).joined(separator: ","))]}"
    }

    static func rect(p: [Double], s: [Double], r: Double = 0) -> String {
        "{\"ty\": \"rc\", \"p\": {\"a\": 0, \"k\": \(p)}, \"s\": {\"a\": 0, \"k\": \(s)}, \"r\": {\"a\": 0, \"k\": \(r)}}"
    }

    static func ellipse(p: [Double], s: [Double]) -> String {
        "{\"ty\": \"el\", \"p\": {\"a\": 0, \"k\": \(p)}, \"s\": {\"a\": 0, \"k\": \(s)}}"
    }

    static func fill(_ rgb: [Double], opacity: Double = 100) -> String {
        "{\"ty\": \"fl\", \"c\": {\"a\": 0, \"k\": \(rgb)}, \"o\": {\"a\": 0, \"k\": \(opacity)}}"
    }

    static func stroke(_ rgb: [Double], width: Double, cap: Int = 1, join: Int = 1, dashes: String = "") -> String {
        "{\"ty\": \"st\", \"c\": {\"a\": 0, \"k\": \(rgb)}, \"o\": {\"a\": 0, \"k\": 100}, \"w\": {\"a\": 0, \"k\": \(width)}, "
            + "\"lc\": \(cap), \"lj\": \(join)\(dashes.isEmpty ? "" : ", \"d\": " + dashes)}"
    }

    /// A static property.
    static func value(_ v: Any) -> String { "{\"a\": 0, \"k\": \(v)}" }
}

/// Renders `json` at `frame` (frames of the root composition) at one pixel per point.
func renderLottie(_ json: String, frame: Double, scale: Double = 1) throws -> Bitmap {
    let animation = try LottieAnimation(data: Data(json.utf8))
    let layer = animation.makeLayer()
    return try Renderer().render(layer.renderTree(at: animation.time(forFrame: frame)), size: animation.size, scale: scale)
}

extension Bitmap {
    /// The colour of the pixel holding point (x, y) at one pixel per point: the pixel whose
    /// centre is (x + 0.5, y + 0.5).
    func probe(_ x: Double, _ y: Double) -> Color { color(x: Int(x), y: Int(y)) }
}
