import KinemaGeometry
import KinemaJSON
import KinemaLayers

/// A Lottie composition: the root of a file, or a precomposition asset's layers.
struct LottieComposition {
    /// Layers in file order: index 0 is the front-most.
    var layers: [LottieLayerModel]
}

/// A layer transform (`ks` of a layer, `tr` of a shape group). Units as in the file: anchor and
/// position in composition pixels, scale in percent, rotation in degrees clockwise on screen,
/// opacity 0–100, skew and skew axis in degrees.
struct LottieTransform {
    var anchor = LottieProperty<[Double]>([0, 0])
    /// The position, or `nil` when split into ``positionX`` and ``positionY``.
    var position: LottieProperty<[Double]>? = LottieProperty([0, 0])
    var positionX: LottieProperty<Double>?
    var positionY: LottieProperty<Double>?
    var scale = LottieProperty<[Double]>([100, 100])
    var rotation = LottieProperty<Double>(0)
    /// 3D layers' rotations about x and y (`rx`, `ry`), degrees; `nil` for 2D layers.
    var rotationX: LottieProperty<Double>?
    var rotationY: LottieProperty<Double>?
    var opacity = LottieProperty<Double>(100)
    var skew = LottieProperty<Double>(0)
    var skewAxis = LottieProperty<Double>(0)
}

/// What kind of layer, with the fields of that kind.
enum LottieLayerContent {
    /// `tm`: the time remap, seconds of the precomposition for each frame of its parent.
    case precomposition(referenceID: String, width: Double, height: Double, timeRemap: LottieProperty<Double>?)
    case solid(color: Color, width: Double, height: Double)
    case null
    case shapes([LottieShapeItem])
    case image(referenceID: String)
    case text(LottieText)
    /// A kind Kinema does not draw (image, text, audio, camera, data, or an unknown `ty`): the
    /// layer still moves its children.
    case unsupported(type: Int)
}

/// One layer of a composition.
struct LottieLayerModel {
    var name: String
    var index: Int?
    var parent: Int?
    /// Visible from `inPoint` up to, not including, `outPoint` (frames of the holding composition).
    var inPoint: Double
    var outPoint: Double
    /// Start time (frames): shifts a precomposition's inner timeline.
    var startTime: Double
    /// Time stretch: a precomposition's inner timeline runs `1 / stretch` as fast.
    var stretch: Double
    var transform: LottieTransform
    var content: LottieLayerContent
    /// `hd`: not drawn, still a parent.
    var isHidden: Bool
    /// The layer's masks, in file order.
    var masks: [LottieMask] = []
    /// `tt`: how the layer in front of it mattes this one (1 alpha, 2 alpha inverted, 3 luma,
    /// 4 luma inverted), or `nil`.
    var matteMode: Int?
    /// `td`: this layer is the matte of the layer behind it, and is not drawn itself.
    var isMatteSource = false
    /// A drop shadow (the Drop Shadow effect, or a drop shadow layer style).
    var shadow: LottieShadow?
    /// `bm`: how the layer blends with what is under it, when not normal.
    var blendMode: BlendMode?

    /// Lottie's blend modes 1–15 (After Effects' order), as lottie-ios maps them onto Core
    /// Image's blend-mode filters; `nil` for normal (0) and for add (16) and hard mix (17),
    /// which lottie-ios draws as normal.
    static func blendMode(_ bm: Double) -> BlendMode? {
        let modes: [BlendMode] = [
            .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight, .softLight, .difference,
            .exclusion, .hue, .saturation, .color, .luminosity,
        ]
        guard let i = Int(exactly: bm), (1...15).contains(i) else { return nil }
        return modes[i - 1]
    }
    /// The JSON path of the layer, for reports.
    var path: JSONPath
}

/// A text layer's document (its first keyframe: lottie-ios draws static text) and the glyph
/// outlines the file carries for its font, if any.
struct LottieText {
    /// The text; `\r` (as After Effects writes it) or `\n` starts a line.
    var text: String
    /// The font family and style (`fonts.list` entry named by the document's `f`).
    var family: String
    var style: String
    /// Size in composition pixels.
    var size: Double
    /// 0 left, 1 right, 2 centre (3–6, justified, are drawn left).
    var justify: Int
    /// Tracking in thousandths of an em.
    var tracking: Double
    /// Distance between baselines.
    var lineHeight: Double
    var baselineShift: Double
    var fillColor: [Double]?
    var strokeColor: [Double]?
    var strokeWidth: Double
    /// A paragraph box (`sz`) at `ps`: lines wrap to its width, the first baseline below its top.
    var boxSize: [Double]?
    var boxPosition: [Double]?
    /// Glyphs by character for this font, when the file has them (`chars`).
    var glyphs: [Character: LottieGlyph]
}

/// One glyph of `chars`: its outline (shape items) at `size`, and its advance `width`.
struct LottieGlyph {
    var size: Double
    var width: Double
    var shapes: [LottieShapeItem]
}

/// An image asset: its size in composition pixels and where its PNG or JPEG is (a file path,
/// or its bytes in memory, which ``source`` then names), which the renderer decodes.
struct LottieImage {
    var width: Double
    var height: Double
    var source: String
    /// The image file's bytes when it came in the animation or its archive, shared by every asset
    /// that names the same image.
    var encoded: EncodedImage?
}

/// A drop shadow in Core Animation's terms: colour, opacity 0…1, blur radius, and the offset's
/// length and direction (degrees clockwise from the x axis).
struct LottieShadow {
    var color: LottieProperty<[Double]>
    var opacity: LottieProperty<Double>
    var radius: LottieProperty<Double>
    var distance: LottieProperty<Double>
    var angle: LottieProperty<Double>
}

/// A mask (`masksProperties` item): a closed path in the layer's coordinates.
struct LottieMask {
    /// `mode`: `a` add, `s` subtract, `i` intersect, `l` lighten, `d` darken, `f` difference,
    /// `n` none.
    var mode: String
    var path: LottieProperty<LottieBezier>
    var isInverted: Bool
}

/// A bezier shape (`{c, v, i, o}`): vertices with in and out tangents relative to each vertex.
struct LottieBezier: Equatable {
    var isClosed: Bool
    var vertices: [Point]
    var inTangents: [Point]
    var outTangents: [Point]
}

/// Stroke and fill settings shared by solid and gradient styles.
struct LottieStrokeStyle {
    var width: LottieProperty<Double>
    /// 1 butt, 2 round, 3 square.
    var lineCap: Int
    /// 1 miter, 2 round, 3 bevel.
    var lineJoin: Int
    var miterLimit: Double
    /// Dash and gap lengths in file order, and the offset; empty when solid.
    var dashes: [Double]
    var dashOffset: LottieProperty<Double>
}

/// One shape item (`ty` in a shape layer's `shapes` or a group's `it`).
enum LottieShapeItem {
    case group(name: String, items: [LottieShapeItem], transform: LottieTransform)
    case rectangle(position: LottieProperty<[Double]>, size: LottieProperty<[Double]>, radius: LottieProperty<Double>, reversed: Bool)
    case ellipse(position: LottieProperty<[Double]>, size: LottieProperty<[Double]>, reversed: Bool)
    case star(LottieStar)
    case path(LottieProperty<LottieBezier>, reversed: Bool)
    case fill(color: LottieProperty<[Double]>, opacity: LottieProperty<Double>, evenOdd: Bool)
    case stroke(color: LottieProperty<[Double]>, opacity: LottieProperty<Double>, style: LottieStrokeStyle)
    case trim(start: LottieProperty<Double>, end: LottieProperty<Double>, offset: LottieProperty<Double>)
    case gradientFill(LottieGradient, evenOdd: Bool)
    /// `rp`: copies of the items before it, each moved and turned once more than the last;
    /// `path` is where it is in the file, for reports.
    case repeater(copies: Double, transform: LottieTransform, path: JSONPath)
    /// `rd`: rounds the corners of the rectangles before it (lottie-ios replaces their radius).
    case roundedCorners(radius: LottieProperty<Double>)
    case gradientStroke(LottieGradient, style: LottieStrokeStyle)
    /// A kind not drawn (reported while decoding).
    case unsupported
}

/// A gradient (`gf`, `gs`): stops, geometry and opacity.
struct LottieGradient {
    /// 1 linear, 2 radial, 3 conic.
    var type: Int
    /// How many colour stops lead the data (`g.p`).
    var colorStops: Int
    /// `g.k`: `colorStops × [offset, r, g, b]`, then `[offset, alpha]` pairs.
    var data: LottieProperty<[Double]>
    /// Linear: where offset 0 and 1 lie; radial: the centre and a point on the last circle;
    /// conic: the centre.
    var start: LottieProperty<[Double]>
    var end: LottieProperty<[Double]>
    /// Conic: the start angle, degrees clockwise.
    var angle: LottieProperty<Double>
    var opacity: LottieProperty<Double>
}

/// A polystar (`sr`).
struct LottieStar {
    var position: LottieProperty<[Double]>
    var outerRadius: LottieProperty<Double>
    var innerRadius: LottieProperty<Double>
    var outerRoundness: LottieProperty<Double>
    var innerRoundness: LottieProperty<Double>
    var rotation: LottieProperty<Double>
    var points: LottieProperty<Double>
    /// 1 star, 2 polygon.
    var isPolygon: Bool
    var reversed: Bool
}

extension Point {
    /// A Lottie vector (`[x, y]`, or more components) as a point; missing components are 0.
    init(lottie v: [Double]) {
        self.init(x: v.first ?? 0, y: v.count > 1 ? v[1] : 0)
    }
}
