import Foundation
import KinemaGeometry
import KinemaJSON
import KinemaLayers

/// Builds shape layers from a Lottie shape list, with lottie-ios's scoping rules: a fill paints
/// the paths since the previous fill; a stroke or trim reaches every path before it and the paths
/// after it up to the next fill; a path after a trim starts a new group; a group's styles that
/// follow a nested group apply to it too. Index 0 is drawn on top.
struct LottieShapeBuilder {
    let maker: LottieAnimationMaker
    let log: LottieLog
    /// The layer's JSON path, for reports.
    let path: JSONPath
    let layers: LottieLayerBuilder
    /// What the build has spent of ``LottieLimits``.
    var budget: LottieBudget { layers.budget }

    /// A fill or stroke with its place in the list, for stacking.
    struct Style {
        var order: Double
        var item: LottieShapeItem
        /// What a stroke inherited into nested groups divides its width by: the scale of the
        /// groups between it and the paths, so that the width on screen stays its own, as in
        /// lottie-ios.
        var widthDivisor = 1.0
    }

    /// Paths painted by the same styles.
    struct RenderGroup {
        var shapes: [LottieShapeItem] = []
        var fill: Style?
        var strokes: [Style] = []
        var trims: [LottieShapeItem] = []
    }

    /// What a group passes to the groups nested in it: the styles listed after them.
    struct Inherited {
        var fills: [Style] = []
        var strokes: [Style] = []
        var trims: [LottieShapeItem] = []
    }

    func build(_ items: [LottieShapeItem], inherited: Inherited, into holder: Layer) {
        guard !budget.isExhausted else { return }
        let items = Self.roundingCorners(items, log: log, path: path)
        if let k = items.firstIndex(where: { if case .repeater = $0 { true } else { false } }),
            case .repeater(let copies, let transform, let repeaterPath) = items[k]
        {
            buildRepeated(items, at: k, copies: copies, transform: transform, path: repeaterPath, inherited: inherited, into: holder)
            return
        }
        var groups: [RenderGroup] = []
        var current = RenderGroup()
        var nested: [(order: Double, index: Int)] = []
        for (i, item) in items.enumerated() {
            switch item {
            case .rectangle, .ellipse, .star, .path:
                if !current.trims.isEmpty && !current.shapes.isEmpty {
                    groups.append(current)
                    current = RenderGroup()
                }
                current.shapes.append(item)
            case .fill, .gradientFill:
                current.fill = Style(order: Double(i), item: item)
                groups.append(current)
                current = RenderGroup()
            case .stroke, .gradientStroke:
                let style = Style(order: Double(i), item: item)
                for g in groups.indices { groups[g].strokes.append(style) }
                current.strokes.append(style)
            case .trim:
                for g in groups.indices { groups[g].trims.append(item) }
                current.trims.append(item)
            case .group:
                nested.append((Double(i), i))
            case .unsupported, .roundedCorners, .repeater:
                break
            }
        }
        if !current.shapes.isEmpty { groups.append(current) }
        // Styles inherited from enclosing groups sit below this group's own items.
        let base = Double(items.count)
        for g in groups.indices {
            if groups[g].fill == nil, var fill = inherited.fills.first {
                fill.order += base
                groups[g].fill = fill
            }
            groups[g].strokes += inherited.strokes.map { Style(order: $0.order + base, item: $0.item, widthDivisor: $0.widthDivisor) }
            groups[g].trims += inherited.trims
        }
        var layersByOrder: [(order: Double, layer: Layer)] = []
        for group in groups where !group.shapes.isEmpty {
            let drawn = styleLayers(group)
            guard budget.spendShapes(drawn.count, at: path) else { return }
            layersByOrder += drawn
        }
        for (order, index) in nested {
            guard budget.spendShapes(1, at: path) else { return }
            guard let container = nestedGroupLayer(at: index, of: items, inherited: inherited) else { continue }
            layersByOrder.append((order, container))
        }
        // Back to front: the highest order first.
        for (_, layer) in layersByOrder.sorted(by: { $0.order > $1.order }) {
            try? holder.addSublayer(layer)
        }
    }

    /// The group at `index` of `items` as a container layer holding its transform layers and
    /// its items. The styles after it in the list, then those `inherited`, reach into it; its
    /// scale would widen the strokes it inherits, so their widths are divided by it.
    private func nestedGroupLayer(at index: Int, of items: [LottieShapeItem], inherited: Inherited) -> Layer? {
        guard case .group(let name, let children, let transform) = items[index] else { return nil }
        // The styles after this group in the list reach into it.
        var passed = Inherited()
        for (j, item) in items.enumerated() where j > index {
            switch item {
            case .fill, .gradientFill: passed.fills.append(Style(order: Double(j - index), item: item))
            case .stroke, .gradientStroke: passed.strokes.append(Style(order: Double(j - index), item: item))
            case .trim: passed.trims.append(item)
            default: break
            }
        }
        passed.fills += inherited.fills
        passed.strokes += inherited.strokes
        passed.trims += inherited.trims
        // The nested group's scale would widen the strokes it inherits.
        let scale = transform.scale.initialValue
        let factor = ((abs(scale.first ?? 100) + abs(scale.count > 1 ? scale[1] : 100)) / 2) / 100
        if factor > 0, factor != 1 {
            for k in passed.strokes.indices { passed.strokes[k].widthDivisor *= factor }
        }
        let container = Layer()
        container.name = name.isEmpty ? nil : name
        container.bounds = .zero
        container.anchorPoint = .zero
        container.position = .zero
        let inner = layers.transformLayers(transform, in: container, withOpacity: true).inner
        build(children, inherited: passed, into: inner)
        return container
    }

    /// A repeater at index `k`, as lottie-ios draws it: the items before it (with the styles
    /// anywhere in the group) drawn `copies` times, copy i moved by i × `p` and turned by i × `r`
    /// about the anchor, every copy scaled by `s` (not compounded), the first copy on top; the
    /// shapes after it once, below. Later repeaters in the group repeat those again.
    ///
    /// Before any copy is built, the copies and groups the repeater would make (multiplied by
    /// the repeaters nested in it) are checked against ``LottieLimits/maximumShapes``.
    private func buildRepeated(
        _ items: [LottieShapeItem], at k: Int, copies: Double, transform: LottieTransform, path repeaterPath: JSONPath,
        inherited: Inherited, into holder: Layer
    ) {
        func isStyle(_ item: LottieShapeItem) -> Bool {
            switch item {
            case .fill, .stroke, .gradientFill, .gradientStroke, .trim: true
            default: false
            }
        }
        let repeated = Array(items[..<k]) + items[(k + 1)...].filter(isStyle)
        let rest = Array(items[(k + 1)...])
        if rest.contains(where: { !isStyle($0) }) {
            let below = Layer()
            below.bounds = .zero
            below.anchorPoint = .zero
            build(rest + items[..<k].filter(isStyle), inherited: inherited, into: below)
            try? holder.addSublayer(below)
        }
        let count = Int(max(0, min(copies.rounded(.down), 1000)))
        let perCopy = 1 + Self.leastShapes(repeated)
        guard budget.affordsShapes(count.saturatingMultiply(perCopy), at: repeaterPath) else { return }
        let a = transform.anchor.initialValue, p = transform.position?.initialValue ?? [0, 0]
        // Back to front: the last copy first.
        for i in stride(from: count - 1, through: 0, by: -1) {
            var t = LottieTransform()
            t.anchor = transform.anchor
            let x = (a.first ?? 0) + Double(i) * (p.first ?? 0), y = (a.count > 1 ? a[1] : 0) + Double(i) * (p.count > 1 ? p[1] : 0)
            t.position = LottieProperty([x, y])
            t.rotation = transform.rotation.map { $0 * Double(i) }
            t.scale = transform.scale
            guard budget.spendShapes(1, at: repeaterPath) else { return }
            let copy = Layer()
            copy.bounds = .zero
            copy.anchorPoint = .zero
            let inner = layers.transformLayers(t, in: copy, withOpacity: false).inner
            build(repeated, inherited: inherited, into: inner)
            try? holder.addSublayer(copy)
        }
    }

    /// The fewest shapes (``LottieLimits/maximumShapes``) `items` count when built: their groups
    /// and repeater copies, copies multiplying across nested repeaters (the shape layers, which
    /// depend on the styles that reach them, are counted as they are made). Saturates at
    /// `Int.max`.
    static func leastShapes(_ items: [LottieShapeItem]) -> Int {
        guard let k = items.firstIndex(where: { if case .repeater = $0 { true } else { false } }),
            case .repeater(let copies, _, _) = items[k]
        else {
            return items.reduce(0) { total, item in
                guard case .group(_, let children, _) = item else { return total }
                return total.saturatingAdd(leastShapes(children).saturatingAdd(1))
            }
        }
        let count = Int(max(0, min(copies.rounded(.down), 1000)))
        let repeated = count.saturatingMultiply(leastShapes(Array(items[..<k])).saturatingAdd(1))
        return repeated.saturatingAdd(leastShapes(Array(items[(k + 1)...])))
    }

    /// The items with every rectangle before a rounded-corners item (in nested groups too)
    /// given its radius, as lottie-ios replaces a rectangle's radius; paths before one are
    /// reported, as Kinema does not round them yet.
    static func roundingCorners(_ items: [LottieShapeItem], log: LottieLog, path: JSONPath) -> [LottieShapeItem] {
        guard let last = items.lastIndex(where: { if case .roundedCorners = $0 { true } else { false } }) else { return items }
        var result = items
        for k in 0...last {
            guard case .roundedCorners(let radius) = items[k] else { continue }
            func round(_ item: LottieShapeItem) -> LottieShapeItem {
                switch item {
                case .rectangle(let p, let s, _, let reversed):
                    return .rectangle(position: p, size: s, radius: radius, reversed: reversed)
                case .group(let name, let children, let transform):
                    return .group(name: name, items: children.map(round), transform: transform)
                case .path(let bezier, let reversed):
                    if radius.isAnimated { log.unsupported(path, "animated rounded corners on a path use their first radius") }
                    let r = radius.initialValue
                    return .path(bezier.map { LottieGeometry.roundingCorners(of: $0, radius: r) }, reversed: reversed)
                case .star:
                    log.unsupported(path, "rounded corners do not round stars, as in lottie-ios")
                    return item
                default:
                    return item
                }
            }
            for j in 0..<k { result[j] = round(result[j]) }
        }
        return result
    }

    /// The shape layers of a render group: for each of its outlines, one layer per style.
    /// Outlines are as lottie-ios makes them: the group's paths (`sh`) together as one (so
    /// even-odd fills work across them), each rectangle, ellipse and star on its own (so a
    /// translucent fill doubles where two overlap), and each path on its own when a trim applies
    /// (each is trimmed by itself). Earlier outlines sit above later ones under each style.
    private func styleLayers(_ group: RenderGroup) -> [(order: Double, layer: Layer)] {
        let trimmed = !group.trims.isEmpty
        var outlines: [[LottieShapeItem]] = []
        var paths: [LottieShapeItem] = []
        for shape in group.shapes {
            if case .path = shape, !trimmed {
                if paths.isEmpty { outlines.append([]) }
                paths.append(shape)
            } else {
                outlines.append([shape])
            }
        }
        // The combined paths take the place of the first of them.
        if let slot = outlines.firstIndex(where: \.isEmpty) { outlines[slot] = paths }
        var result: [(order: Double, layer: Layer)] = []
        for (k, outline) in outlines.enumerated() {
            // A small step per outline keeps each style's layers in list order.
            let step = Double(k) / Double(outlines.count + 1) * 1e-3
            result += styleLayers(group, shapes: outline).map { ($0.order + step, $0.layer) }
        }
        return result
    }

    /// One shape layer per style of the group for the outline made of `shapes`.
    private func styleLayers(_ group: RenderGroup, shapes: [LottieShapeItem]) -> [(order: Double, layer: Layer)] {
        let trim = group.trims.first
        if group.trims.count > 1 {
            log.unsupported(path, "several trim paths on one shape use the first")
        }
        let trimPlan = trim.map(LottieTrim.init)
        let geometry = combinedPath(shapes, repeats: trimPlan?.needsRepeat ?? false)
        var result: [(Double, Layer)] = []
        if let fill = group.fill {
            let layer = ShapeLayer()
            setPath(layer, geometry)
            layer.strokeColor = nil
            if trim != nil {
                log.unsupported(path, "a trim path does not trim fills, as in lottie-ios")
            }
            switch fill.item {
            case .fill(let color, let opacity, let evenOdd):
                layer.fillRule = evenOdd ? .evenOdd : .nonZero
                setColor(layer, "fillColor", color)
                setOpacity(layer, opacity)
                result.append((fill.order, layer))
            case .gradientFill(let gradient, let evenOdd):
                layer.fillRule = evenOdd ? .evenOdd : .nonZero
                layer.fillColor = .black
                result.append((fill.order, gradientLayer(gradient, masking: layer, geometry: geometry, strokeWidth: 0)))
            default:
                break
            }
        }
        for stroke in group.strokes {
            let layer = ShapeLayer()
            setPath(layer, geometry)
            layer.fillColor = nil
            switch stroke.item {
            case .stroke(let color, let opacity, var style):
                setColor(layer, "strokeColor", color)
                setOpacity(layer, opacity)
                style.width = style.width.map { $0 / stroke.widthDivisor }
                applyStroke(style, to: layer, trim: trimPlan)
                result.append((stroke.order, layer))
            case .gradientStroke(let gradient, var style):
                style.width = style.width.map { $0 / stroke.widthDivisor }
                layer.strokeColor = .black
                applyStroke(style, to: layer, trim: trimPlan)
                let widest = style.width.keyframes.map(\.value).max() ?? 0
                let reach = widest / 2 * max(1, style.lineJoin == 1 ? style.miterLimit : 1)
                result.append((stroke.order, gradientLayer(gradient, masking: layer, geometry: geometry, strokeWidth: reach)))
            default:
                break
            }
        }
        return result
    }

    /// Width, caps, joins, dashes and trim of a stroke.
    private func applyStroke(_ style: LottieStrokeStyle, to layer: ShapeLayer, trim: LottieTrim?) {
        layer.lineWidth = style.width.initialValue
        if let a = maker.animation("lineWidth", style.width.keyframes { .number($0) }) { layer.add(a, forKey: "lineWidth") }
        layer.lineCap = [1: .butt, 3: .square][style.lineCap] ?? .round
        layer.lineJoin = [1: .miter, 3: .bevel][style.lineJoin] ?? .round
        layer.miterLimit = style.miterLimit
        if !style.dashes.isEmpty, style.dashes.allSatisfy({ $0 >= 0 }), style.dashes.contains(where: { $0 > 0 }) {
            // A zero-length dash still draws its caps (lottie-ios draws 0.01).
            layer.lineDashPattern = style.dashes.map { $0 == 0 ? 0.01 : $0 }
            layer.lineDashPhase = style.dashOffset.initialValue
            if let a = maker.animation("lineDashPhase", style.dashOffset.keyframes { .number($0) }) {
                layer.add(a, forKey: "lineDashPhase")
            }
        }
        trim?.apply(to: layer, maker: maker)
    }

    private func setPath(_ layer: ShapeLayer, _ geometry: LottieCombined<Path>) {
        layer.path = geometry.value(geometry.timelines.first?.times.first ?? 0)
        switch geometry.plan {
        case nil:
            break
        case .keyframes(let keys)?:
            layer.path = keys[0].value
            if let a = maker.animation(
                "path",
                keys.map { key in
                    var k = LottieKeyframe<AnimatableValue>(time: key.time, value: .path(key.value))
                    k.isHold = key.isHold
                    k.outEase = key.outEase
                    k.inEase = key.inEase
                    return k
                })
            {
                layer.add(a, forKey: "path")
            }
        case .sampled(let start, let end)?:
            layer.path = geometry.value(start)
            if let a = maker.sampled("path", from: start, to: end, value: { .path(geometry.value($0)) }) { layer.add(a, forKey: "path") }
        }
    }

    private func setColor(_ layer: ShapeLayer, _ key: LayerKeyPath, _ color: LottieProperty<[Double]>) {
        let colors = color.map(Self.color)
        if key.property == .fillColor { layer.fillColor = colors.initialValue } else { layer.strokeColor = colors.initialValue }
        if let a = maker.animation(key, colors.keyframes { .color($0) }) { layer.add(a, forKey: key.string) }
    }

    private func setOpacity(_ layer: Layer, _ opacity: LottieProperty<Double>) {
        let o = opacity.map { min(max($0 / 100, 0), 1) }
        layer.opacity = o.initialValue
        if let a = maker.animation("opacity", o.keyframes { .number($0) }) { layer.add(a, forKey: "opacity") }
    }

    /// A colour from `[r, g, b]` in 0…1 (a fourth component is ignored, as players do).
    static func color(_ c: [Double]) -> Color {
        func unit(_ i: Int) -> Double { i < c.count ? min(max(c[i], 0), 1) : 0 }
        return Color(red: unit(0), green: unit(1), blue: unit(2))
    }

    /// The paths of `shapes` as one path over time (twice over when a trim wraps past its end).
    private func combinedPath(_ shapes: [LottieShapeItem], repeats: Bool) -> LottieCombined<Path> {
        var timelines: [LottieTimeline] = []
        var parts: [(Double) -> Path] = []
        for shape in shapes {
            switch shape {
            case .rectangle(let p, let s, let r, let reversed):
                let animated = p.isAnimated || s.isAnimated || r.isAnimated
                timelines += [LottieTimeline(p), LottieTimeline(s), LottieTimeline(r)]
                parts.append { f in
                    let c = p.value(at: f), size = s.value(at: f)
                    return LottieGeometry.rectangle(
                        centre: Point(lottie: c),
                        size: Size(width: size.first ?? 0, height: size.count > 1 ? size[1] : 0), radius: r.value(at: f),
                        reversed: reversed, uniform: animated)
                }
            case .ellipse(let p, let s, let reversed):
                timelines += [LottieTimeline(p), LottieTimeline(s)]
                parts.append { f in
                    let c = p.value(at: f), size = s.value(at: f)
                    return LottieGeometry.ellipse(
                        centre: Point(lottie: c),
                        size: Size(width: size.first ?? 0, height: size.count > 1 ? size[1] : 0), reversed: reversed)
                }
            case .star(let star):
                timelines += [
                    LottieTimeline(star.position), LottieTimeline(star.outerRadius), LottieTimeline(star.innerRadius),
                    LottieTimeline(star.outerRoundness), LottieTimeline(star.innerRoundness), LottieTimeline(star.rotation),
                    LottieTimeline(star.points),
                ]
                parts.append { f in
                    let c = star.position.value(at: f)
                    return LottieGeometry.star(
                        centre: Point(lottie: c), points: star.points.value(at: f),
                        outerRadius: star.outerRadius.value(at: f), innerRadius: star.innerRadius.value(at: f),
                        outerRoundness: star.outerRoundness.value(at: f), innerRoundness: star.innerRoundness.value(at: f),
                        rotation: star.rotation.value(at: f), isPolygon: star.isPolygon, reversed: star.reversed)
                }
            case .path(let bezier, _):
                timelines.append(LottieTimeline(bezier))
                let animated = bezier.isAnimated
                parts.append { f in LottieGeometry.path(bezier.value(at: f), uniform: animated) }
            default:
                break
            }
        }
        return LottieCombined(timelines: timelines) { f in
            var path = Path()
            for part in parts { path.addPath(part(f)) }
            if repeats { path.addPath(path) }
            return path
        }
    }
}
