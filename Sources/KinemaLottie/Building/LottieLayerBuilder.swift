import Foundation
import KinemaGeometry
import KinemaLayers
import KinemaTiming

/// Builds a Kinema layer tree with Core Animation animations from a decoded Lottie file.
///
/// Each Lottie layer becomes two layers: an outer one positioned at `p`, turned by `r` and
/// faded by `o` (and shown only from `ip` to `op`), and an inner one scaled by `s` whose bounds
/// origin is the anchor `a`, so that a point q of the layer lands at T(p)·R(r)·S(s)·(q − a), the
/// Lottie transform. Parents are nested around their children as transform-only copies, as
/// lottie-ios does, so the z-order stays the file's and a parent's opacity is not inherited.
/// Precompositions get a time layer whose `beginTime` is `st / fr` and `speed` is `1 / sr`.
final class LottieLayerBuilder {
    let document: LottieDocument
    /// Makes the animations; inside a time-remapped precomposition it samples them.
    var maker: LottieAnimationMaker
    let log: LottieLog
    /// What the build has spent of ``LottieLimits``; building stops once a limit is passed.
    let budget: LottieBudget

    init(document: LottieDocument, log: LottieLog) {
        self.document = document
        self.maker = LottieAnimationMaker(frameRate: document.frameRate)
        self.log = log
        self.budget = LottieBudget(log: log)
    }

    /// The root layer: the composition's size, its time 0 at the composition's in point.
    func makeRoot() -> Layer {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: document.width, height: document.height)
        root.anchorPoint = .zero
        root.position = .zero
        root.masksToBounds = true
        root.timeOffset = document.inPoint / document.frameRate
        build(document.root, into: root, depth: 0, treeDepth: 0, startFrame: document.inPoint, endFrame: document.outPoint)
        return root
    }

    /// Adds the layers of `composition` to `container`, back to front.
    /// `startFrame` and `endFrame` are the first and last frames the composition shows, in its
    /// own frames (`nil` when unknown: a precomposition may be shown from any frame). `depth` counts
    /// the precompositions around it; `treeDepth` is how deep `container` will sit in the finished
    /// layer tree (the trees of layers are built apart and put together afterwards).
    ///
    /// A layer with a matte (`tt`) is drawn through the layer in front of it, which is not drawn
    /// itself, as lottie-ios pairs them: the matte becomes the mask of a layer holding the matted
    /// one, letting it through by its alpha, its alpha inverted, or its luminance (plain or
    /// inverted).
    private func build(
        _ composition: LottieComposition, into container: Layer, depth: Int, treeDepth: Int, startFrame: Double?, endFrame: Double
    ) {
        var byIndex: [Int: LottieLayerModel] = [:]
        for layer in composition.layers {
            if let index = layer.index { byIndex[index] = layer }
        }
        let layers = composition.layers
        let frames = (startFrame, endFrame)
        for (i, model) in layers.enumerated().reversed() {
            guard !budget.isExhausted else { return }
            // The layer in front of a matted one is its matte.
            if i + 1 < layers.count, layers[i + 1].matteMode != nil { continue }
            guard !model.isHidden else { continue }
            if case .null = model.content { continue }
            if let mode = model.matteMode, i > 0 {
                // The holder sits one level below the container; the layer and its matte (the
                // holder's mask) one below that.
                guard let node = makeNode(model, byIndex: byIndex, frames: frames, depth: depth, treeDepth: treeDepth + 2),
                    let matte = makeNode(layers[i - 1], byIndex: byIndex, frames: frames, depth: depth, treeDepth: treeDepth + 2)
                else { return }
                let holder = Layer()
                holder.bounds = .zero
                holder.anchorPoint = .zero
                try? holder.addSublayer(node)
                holder.mask = matte
                holder.maskMode = [2: .alphaInverted, 3: .luminance, 4: .luminanceInverted][mode] ?? .alpha
                try? container.addSublayer(holder)
            } else {
                guard let node = makeNode(model, byIndex: byIndex, frames: frames, depth: depth, treeDepth: treeDepth + 1) else { return }
                try? container.addSublayer(node)
            }
        }
    }

    /// One layer with its parents around it (transform-only copies, nearest innermost), its
    /// visibility, masks and content, under a layer of its own that will sit `treeDepth` levels
    /// deep; `nil` once a limit of ``LottieLimits`` is passed (the error is logged).
    private func makeNode(
        _ model: LottieLayerModel, byIndex: [Int: LottieLayerModel], frames: (start: Double?, end: Double), depth: Int, treeDepth: Int
    ) -> Layer? {
        let node = Layer()
        node.bounds = .zero
        node.anchorPoint = .zero
        // Parents, nearest first; a loop or a missing parent ends the chain.
        var ancestors: [LottieLayerModel] = []
        var seen: Set<Int> = model.index.map { [$0] } ?? []
        var next = model.parent
        while let p = next, let parent = byIndex[p], !seen.contains(p), ancestors.count < 64 {
            ancestors.append(parent)
            seen.insert(p)
            next = parent.parent
        }
        if let p = next, byIndex[p] == nil {
            log.unsupported(model.path.key("parent"), "no layer has ind \(p) in this composition; the layer is drawn without that parent")
        }
        guard budget.spendLayers(1 + ancestors.count, at: model.path) else { return nil }
        var holder = node
        for ancestor in ancestors.reversed() {
            holder = transformLayers(ancestor.transform, in: holder, withOpacity: false).inner
        }
        let (outer, inner) = transformLayers(model.transform, in: holder, withOpacity: true)
        outer.name = model.name.isEmpty ? nil : model.name
        addVisibility(to: outer, from: model.inPoint, to: model.outPoint, startFrame: frames.start, endFrame: frames.end)
        if let shadow = model.shadow { addShadow(shadow, to: outer) }
        outer.compositingFilter = model.blendMode
        let contentHolder = masked(inner, by: model.masks, around: contentExtent(of: model))
        guard treeDepth + contentHolder.depth < LottieLimits.maximumTreeDepth else {
            budget.tooDeep(at: model.path)
            return nil
        }
        content(of: model, into: contentHolder, depth: depth, treeDepth: treeDepth + contentHolder.depth)
        guard !budget.isExhausted else { return nil }
        guard treeDepth + node.height <= LottieLimits.maximumTreeDepth else {
            budget.tooDeep(at: model.path)
            return nil
        }
        return node
    }

    /// The layer to put a layer's content in, under `holder`, masked by `masks` as lottie-ios
    /// combines them: the first mask, and every add, joins the current mask; any other mode masks
    /// everything so far again (an intersection). A subtract, or an inverted add, masks with
    /// everything outside its path.
    private func masked(_ holder: Layer, by masks: [LottieMask], around extent: Rect) -> Layer {
        let drawn = masks.filter { $0.mode != "n" }
        guard !drawn.isEmpty else { return holder }
        let content = Layer()
        content.bounds = .zero
        content.anchorPoint = .zero
        var target = content
        var mask: Layer?
        for (i, m) in drawn.enumerated() {
            let outside = (m.mode == "s") != m.isInverted && (m.mode == "s" || m.mode == "a" || m.mode == "l")
            let shape = maskShape(m.path, outside: outside ? area(around: extent, path: m.path) : nil)
            if i == 0 || m.mode == "a" || m.mode == "l", let current = mask {
                try? current.addSublayer(shape)
                continue
            }
            if i > 0 {
                let wrapper = Layer()
                wrapper.bounds = .zero
                wrapper.anchorPoint = .zero
                try? wrapper.addSublayer(target)
                target = wrapper
            }
            let newMask = Layer()
            newMask.bounds = .zero
            newMask.anchorPoint = .zero
            try? newMask.addSublayer(shape)
            target.mask = newMask
            mask = newMask
        }
        try? holder.addSublayer(target)
        return content
    }

    /// Where a layer's content can be, in its own coordinates, as far as its kind tells: a
    /// solid's or precomposition's rectangle, otherwise the composition's.
    private func contentExtent(of model: LottieLayerModel) -> Rect {
        switch model.content {
        case .solid(_, let w, let h): Rect(x: 0, y: 0, width: w, height: h)
        case .precomposition(_, let w, let h, _) where w > 0 && h > 0: Rect(x: 0, y: 0, width: w, height: h)
        default: Rect(x: 0, y: 0, width: document.width, height: document.height)
        }
    }

    /// The rectangle an inverted mask is cut from: the content's extent and every keyframe of
    /// the mask's path, with a margin of a quarter of the composition's larger side. (lottie-ios
    /// uses a rectangle of 20,000 points; drawing that at every frame costs memory for nothing
    /// outside the content.)
    private func area(around extent: Rect, path: LottieProperty<LottieBezier>) -> Rect {
        var r = extent
        for key in path.keyframes {
            for v in key.value.vertices where v.isFinite {
                r = r.union(Rect(x: v.x, y: v.y, width: 0, height: 0))
            }
        }
        let margin = max(document.width, document.height) / 4
        return r.insetBy(dx: -margin, dy: -margin)
    }

    /// A mask's path filled opaque (even-odd, as lottie-ios fills masks); with `outside`, the
    /// area of that rectangle outside it.
    private func maskShape(_ path: LottieProperty<LottieBezier>, outside: Rect?) -> ShapeLayer {
        let shape = ShapeLayer()
        shape.fillColor = .black
        shape.fillRule = .evenOdd
        let animated = path.isAnimated
        func outline(_ b: LottieBezier) -> Path {
            var p = Path()
            if let outside { p.addRect(outside) }
            p.addPath(LottieGeometry.path(b, uniform: animated))
            return p
        }
        shape.path = outline(path.initialValue)
        let keys = path.map { AnimatableValue.path(outline($0)) }.keyframes
        if let a = maker.animation("path", keys) { shape.add(a, forKey: "path") }
        return shape
    }

    /// The outer (position, rotation, opacity), skew and inner (scale, anchor) layers of a
    /// transform under `parent`; the inner one holds the content.
    @discardableResult
    func transformLayers(_ t: LottieTransform, in parent: Layer, withOpacity: Bool) -> (outer: Layer, inner: Layer) {
        let outer = Layer()
        outer.bounds = .zero
        outer.anchorPoint = .zero
        place(outer, t)
        if withOpacity {
            let opacity = t.opacity.map { min(max($0 / 100, 0), 1) }
            outer.opacity = opacity.initialValue
            if let a = animation("opacity", opacity.keyframes { .number($0) }) { outer.add(a, forKey: "opacity") }
        }
        try? parent.addSublayer(outer)
        // Rotations about x, then y, then z (lottie-ios's order for 3D layers, without
        // perspective), each on a layer of its own so that each animates alone.
        var holder = outer
        var turns: [(LottieProperty<Double>, ValueFunction)] = [(t.rotation, .rotateZ)]
        if let ry = t.rotationY { turns.insert((ry, .rotateY), at: 0) }
        if let rx = t.rotationX { turns.insert((rx, .rotateX), at: 0) }
        for (index, (degrees, function)) in turns.enumerated() {
            let layer: Layer
            if index == 0 {
                layer = outer
            } else {
                layer = Layer()
                layer.bounds = .zero
                layer.anchorPoint = .zero
                try? holder.addSublayer(layer)
                holder = layer
            }
            turn(layer, by: degrees, about: function)
        }
        let skew = t.skew.initialValue, axis = t.skewAxis.initialValue
        if skew != 0 {
            if t.skew.isAnimated || t.skewAxis.isAnimated {
                log.unsupported(.root.key("transform"), "animated skew uses its first value")
            }
            let skewLayer = Layer()
            skewLayer.bounds = .zero
            skewLayer.anchorPoint = .zero
            let sa = axis * .pi / 180
            let k = -tan(min(max(skew, -85), 85) * .pi / 180)
            // R(sa) · Shear(k) · R(−sa), column vectors.
            // Row vectors (CGAffineTransform's order): the first transform applies first.
            let shear = AffineTransform(a: 1, b: 0, c: k, d: 1, tx: 0, ty: 0)
            let m = AffineTransform(rotationAngle: -sa).concatenating(shear).concatenating(AffineTransform(rotationAngle: sa))
            skewLayer.transform = Transform3D(affine: m)
            try? holder.addSublayer(skewLayer)
            holder = skewLayer
        }
        let inner = Layer()
        inner.anchorPoint = .zero
        inner.position = .zero
        let anchor = t.anchor.map(Point.init(lottie:))
        inner.bounds = Rect(origin: anchor.initialValue, size: .zero)
        if let a = animation("bounds.origin", anchor.keyframes { .point($0) }) { inner.add(a, forKey: "anchor") }
        let scale = t.scale.map { [($0.first ?? 100) / 100, ($0.count > 1 ? $0[1] : 100) / 100, 1] }
        if var a = animation("transform", scale.keyframes { .numbers($0) }) {
            a.valueFunction = .scale
            inner.add(a, forKey: "scale")
        } else if scale.initialValue != [1, 1, 1] {
            inner.transform = .makeScale(scale.initialValue[0], scale.initialValue[1], 1)
        }
        try? holder.addSublayer(inner)
        return (outer, inner)
    }

    /// Turns `layer` by a rotation in degrees (clockwise on screen for z) through `function`.
    private func turn(_ layer: Layer, by degrees: LottieProperty<Double>, about function: ValueFunction) {
        let radians = degrees.map { $0 * .pi / 180 }
        if var a = animation("transform", radians.keyframes { .number($0) }) {
            a.valueFunction = function
            layer.add(a, forKey: "rotation")
        } else if radians.initialValue != 0 {
            layer.transform = function.transform(for: .number(radians.initialValue))
        }
    }

    /// The outer layer's position: a point, a path with spatial tangents, or split x and y.
    private func place(_ layer: Layer, _ t: LottieTransform) {
        if let p = t.position {
            let point = p.map(Point.init(lottie:))
            layer.position = point.initialValue
            if p.keyframes.dropLast().contains(where: \.hasSpatialTangents) {
                if let a = maker.positionAlongPath("position", p.keyframes) { layer.add(a, forKey: "position") }
            } else if let a = animation("position", point.keyframes { .point($0) }) {
                layer.add(a, forKey: "position")
            }
        } else {
            let x = t.positionX ?? LottieProperty(0), y = t.positionY ?? LottieProperty(0)
            layer.position = Point(x: x.initialValue, y: y.initialValue)
            if let a = animation("position.x", x.keyframes { .number($0) }) { layer.add(a, forKey: "position.x") }
            if let a = animation("position.y", y.keyframes { .number($0) }) { layer.add(a, forKey: "position.y") }
        }
    }

    /// Shows `layer` from frame `start` up to, not including, `end` (frames of its composition):
    /// a discrete `hidden` keyframe over that span, as lottie-ios's visibility animation. A
    /// layer that lasts to the composition's end stays visible at its last frame.
    private func addVisibility(to layer: Layer, from start: Double, to end: Double, startFrame: Double?, endFrame: Double) {
        let lastsToEnd = end >= endFrame
        if let remap = maker.remap {
            // Shown where the mapped frame is in [in, out): hold keyframes at the sampled frames.
            let keys = remap.frames.map { f -> LottieKeyframe<AnimatableValue> in
                let local = remap.map(f)
                var key = LottieKeyframe<AnimatableValue>(time: f, value: .bool(!(local >= start && (local < end || lastsToEnd))))
                key.isHold = true
                return key
            }
            layer.isHidden = keys.first?.value == .bool(true)
            if let a = LottieAnimationMaker(frameRate: document.frameRate).animation("hidden", keys) { layer.add(a, forKey: "visibility") }
            return
        }
        if let startFrame, start <= startFrame, lastsToEnd { return }
        layer.isHidden = true
        guard end > start else { return }
        var a = KeyframeAnimation(keyPath: "hidden")
        a.values = [.bool(false)]
        a.calculationMode = .discrete
        // A begin time of 0 would mean "now"; a nanosecond earlier is still before any frame
        // the layer is shown at, and the span still ends exactly at the out point.
        let begin = start / document.frameRate
        a.beginTime = begin == 0 ? -1e-9 : begin
        a.duration = end / document.frameRate - a.beginTime
        a.fillMode = lastsToEnd ? .forwards : .removed
        a.isRemovedOnCompletion = false
        layer.add(a, forKey: "visibility")
    }

    /// A drop shadow as Core Animation's layer shadow of the whole layer (lottie-ios sets it on
    /// the layer that holds the content): offset `distance` along `angle`.
    private func addShadow(_ shadow: LottieShadow, to layer: Layer) {
        let color = shadow.color.map(LottieShapeBuilder.color)
        layer.shadowColor = color.initialValue
        if let a = maker.animation("shadowColor", color.keyframes { .color($0) }) { layer.add(a, forKey: "shadowColor") }
        let opacity = shadow.opacity.map { min(max($0, 0), 1) }
        layer.shadowOpacity = opacity.initialValue
        if let a = maker.animation("shadowOpacity", opacity.keyframes { .number($0) }) { layer.add(a, forKey: "shadowOpacity") }
        let radius = shadow.radius.map { max($0, 0) }
        layer.shadowRadius = radius.initialValue
        if let a = maker.animation("shadowRadius", radius.keyframes { .number($0) }) { layer.add(a, forKey: "shadowRadius") }
        let (distance, angle) = (shadow.distance, shadow.angle)
        let offset = LottieCombined(timelines: [LottieTimeline(distance), LottieTimeline(angle)]) { f -> Size in
            let d = distance.value(at: f), a = angle.value(at: f) * .pi / 180
            return Size(width: d * cos(a), height: d * sin(a))
        }
        layer.shadowOffset = offset.value(distance.times.first ?? 0)
        switch offset.plan {
        case nil: break
        case .keyframes(let keys)?:
            let values = keys.map { k in
                var c = LottieKeyframe<AnimatableValue>(time: k.time, value: .size(k.value))
                (c.isHold, c.outEase, c.inEase) = (k.isHold, k.outEase, k.inEase)
                return c
            }
            if let a = maker.animation("shadowOffset", values) { layer.add(a, forKey: "shadowOffset") }
        case .sampled(let from, let to)?:
            if let a = maker.sampled("shadowOffset", from: from, to: to, value: { .size(offset.value($0)) }) {
                layer.add(a, forKey: "shadowOffset")
            }
        }
    }

    /// The content of a layer into `holder`, which will sit `treeDepth` levels deep.
    private func content(of model: LottieLayerModel, into holder: Layer, depth: Int, treeDepth: Int) {
        switch model.content {
        case .precomposition(let id, let width, let height, let timeRemap):
            guard let asset = document.assets[id] else {
                log.unsupported(model.path.key("refId"), "no precomposition asset has id '\(id)'; the layer draws nothing")
                return
            }
            guard depth < LottieLimits.maximumPrecompositionDepth else {
                log.unsupported(
                    model.path,
                    "precompositions nested deeper than \(LottieLimits.maximumPrecompositionDepth) (or one that holds itself) are not drawn"
                )
                return
            }
            var parent = holder
            if width > 0 && height > 0 {
                let clip = Layer()
                clip.anchorPoint = .zero
                clip.bounds = Rect(x: 0, y: 0, width: width, height: height)
                clip.position = .zero
                clip.masksToBounds = true
                try? holder.addSublayer(clip)
                parent = clip
            }
            let time = Layer()
            time.anchorPoint = .zero
            time.bounds = .zero
            time.position = .zero
            try? parent.addSublayer(time)
            let timeDepth = treeDepth + time.depth - holder.depth
            guard timeDepth < LottieLimits.maximumTreeDepth else {
                budget.tooDeep(at: model.path)
                return
            }
            // The inner composition ends where the layer's out point falls in its frames.
            let innerEnd = (model.outPoint - model.startTime) / model.stretch
            guard timeRemap != nil || maker.remap != nil else {
                // Start time and stretch are the time layer's beginTime and speed.
                time.beginTime = model.startTime / document.frameRate
                time.speed = 1 / model.stretch
                build(asset, into: time, depth: depth + 1, treeDepth: timeDepth, startFrame: nil, endFrame: innerEnd)
                return
            }
            // A time remap (seconds of the precomposition at each frame of its parent, which
            // replaces start time and stretch, as in lottie-ios and lottie-web), or start time and
            // stretch inside a remapped precomposition: the frames are mapped, and sampled.
            let outer = maker.remap?.map ?? { $0 }
            let frames = maker.remap?.frames ?? Self.wholeFrames(from: model.inPoint, to: model.outPoint)
            let fr = document.frameRate, st = model.startTime, sr = model.stretch
            let map: (Double) -> Double
            if let timeRemap {
                map = { timeRemap.value(at: outer($0)) * fr }
            } else {
                map = { (outer($0) - st) / sr }
            }
            let saved = maker
            maker.remap = LottieRemap(map: map, frames: frames)
            build(
                asset, into: time, depth: depth + 1, treeDepth: timeDepth, startFrame: nil,
                endFrame: timeRemap == nil ? innerEnd : .infinity)
            maker = saved
        case .solid(let color, let width, let height):
            let solid = Layer()
            solid.anchorPoint = .zero
            solid.position = .zero
            solid.bounds = Rect(x: 0, y: 0, width: width, height: height)
            solid.backgroundColor = color
            try? holder.addSublayer(solid)
        case .shapes(let items):
            LottieShapeBuilder(maker: maker, log: log, path: model.path, layers: self).build(items, inherited: .init(), into: holder)
        case .image(let id):
            guard let image = document.images[id] else {
                log.unsupported(model.path.key("refId"), "no image asset has id '\(id)'; the layer draws nothing")
                return
            }
            // lottie-ios: the image layer's bounds are the asset's size, its contents the image.
            let layer = Layer()
            layer.anchorPoint = .zero
            layer.position = .zero
            layer.bounds = Rect(x: 0, y: 0, width: image.width, height: image.height)
            layer.contents = LayerContents(source: image.source, encoded: image.encoded)
            try? holder.addSublayer(layer)
        case .text(let text):
            textContent(text, into: holder, path: model.path)
        case .null, .unsupported:
            break
        }
    }

    /// The whole frames from `start` to `end` (both ends included), at most
    /// ``LottieRemap/maximumFrames`` of them, evenly spread when there would be more.
    static func wholeFrames(from start: Double, to end: Double) -> [Double] {
        let a = start.rounded(.down), b = max(end.rounded(.up), a)
        let count = Int(min(b - a, Double(LottieRemap.maximumFrames))) + 1
        guard count > 1 else { return [a] }
        return (0..<count).map { a + (b - a) * Double($0) / Double(count - 1) }
    }

    private func animation(_ keyPath: LayerKeyPath, _ keyframes: [LottieKeyframe<AnimatableValue>]) -> KeyframeAnimation? {
        maker.animation(keyPath, keyframes)
    }
}
