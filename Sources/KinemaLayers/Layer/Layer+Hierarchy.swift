extension Layer {
    /// Appends `layer` as the front-most sublayer. Mirrors `addSublayer(_:)`.
    ///
    /// - Throws: ``LayerHierarchyError/cycle`` when `layer` is this layer or one of its ancestors.
    public func addSublayer(_ layer: Layer) throws(LayerHierarchyError) {
        try insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts `layer` at `index` (clamped to the valid range). Mirrors `insertSublayer(_:at:)`.
    public func insertSublayer(_ layer: Layer, at index: Int) throws(LayerHierarchyError) {
        guard !isSelfOrAncestor(layer) else { throw .cycle }
        guard canHold(layer) else { throw .tooDeep(limit: Layer.maximumDepth) }
        if let i = indexOfSublayer(layer) {
            recordHierarchyChange()
            sublayers.remove(at: i)
            let j = min(max(index, 0), sublayers.count)
            sublayers.insert(layer, at: j)
            layer.sublayerIndexHint = j
            linkSiblings(min(i, j) - 1...max(i, j))
            return
        }
        layer.removeFromSuperlayer()
        if let context = layer.context, context.rootLayers.contains(where: { $0 === layer }) {
            context.removeRootLayer(layer)
        }
        recordHierarchyChange()
        let j = min(max(index, 0), sublayers.count)
        sublayers.insert(layer, at: j)
        layer.sublayerIndexHint = j
        linkSiblings(j - 1...j)
        layer.superlayer = self
        layer.attach(to: context)
        layer.post(Layer.onOrderIn)
    }

    /// Inserts `layer` just below `sibling` (or at the back when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: Layer, below sibling: Layer?) throws(LayerHierarchyError) {
        let index = sibling.flatMap(indexOfSublayer) ?? 0
        try insertSublayer(layer, at: indexWithout(layer, index))
    }

    /// Inserts `layer` just above `sibling` (or at the front when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: Layer, above sibling: Layer?) throws(LayerHierarchyError) {
        let index = sibling.flatMap(indexOfSublayer).map { $0 + 1 } ?? sublayers.count
        try insertSublayer(layer, at: indexWithout(layer, index))
    }

    /// `index` among the sublayers once `layer` is taken out of them: one less when `layer` is
    /// a sublayer behind it. ``insertSublayer(_:at:)`` counts its index without the layer, so
    /// without this a sublayer behind `sibling` landed one place in front of where it belongs
    /// (in front of `sibling` instead of below it), as `View.insertSubview(_:belowSubview:)`
    /// already allowed for.
    private func indexWithout(_ layer: Layer, _ index: Int) -> Int {
        indexOfSublayer(layer).map { $0 < index ? index - 1 : index } ?? index
    }

    /// Replaces the sublayer `old` with `new`. Mirrors `replaceSublayer(_:with:)`.
    /// - Throws: ``LayerHierarchyError/notASublayer`` when `old` is not a sublayer, or `.cycle`.
    public func replaceSublayer(_ old: Layer, with new: Layer) throws(LayerHierarchyError) {
        guard let index = indexOfSublayer(old) else { throw .notASublayer }
        guard old !== new else { return }
        guard !isSelfOrAncestor(new) else { throw .cycle }
        old.removeFromSuperlayer()
        try insertSublayer(new, at: index)
    }

    /// Detaches the layer from its superlayer (or from being a mask). Its animations are removed
    /// (their delegates hear `finished: false`). Mirrors `removeFromSuperlayer()`.
    public func removeFromSuperlayer() {
        if let owner = maskOwner {
            owner.mask = nil
            return
        }
        guard let parent = superlayer else { return }
        post(Layer.onOrderOut)
        parent.recordHierarchyChange()
        if let i = parent.indexOfSublayer(self) {
            parent.sublayers.remove(at: i)
            parent.linkSiblings(i - 1...i - 1)
        }
        superlayer = nil
        nextSiblingReference = nil
        removeAnimationsInSubtree()
        attach(to: nil)
    }

    /// Where `layer` is in ``sublayers``, or `nil` when it is not a sublayer: where it was
    /// last placed or found (``sublayerIndexHint``) unless siblings before it came or went since
    /// (``SiblingSearch``). Building a tree of n layers compares O(n) layers, where scanning
    /// ``sublayers`` for every insertion compared O(n²): 20,000 views under one window took
    /// 40 s to build.
    package func indexOfSublayer(_ layer: Layer) -> Int? {
        guard layer.superlayer === self else { return nil }
        return SiblingSearch.find(layer, in: sublayers, hint: \.sublayerIndexHint, steps: &sublayerSearchSteps)
    }

    /// Points each sublayer at `indices` (those out of range are skipped) at the one in front of
    /// it (``nextSiblingReference``), after the sublayers there changed.
    private func linkSiblings(_ indices: ClosedRange<Int>) {
        for i in indices where sublayers.indices.contains(i) {
            sublayers[i].nextSiblingReference = i + 1 < sublayers.count ? Unmanaged.passUnretained(sublayers[i + 1]) : nil
        }
    }

    /// Whether `layer` is this layer or one of its ancestors (adding it here would make a cycle).
    func isSelfOrAncestor(_ layer: Layer) -> Bool {
        var node: Layer? = self
        while let n = node {
            if n === layer { return true }
            node = n.superlayer ?? n.maskOwner
        }
        return false
    }

    /// Whether `layer` is this layer or below it.
    public func isDescendant(of layer: Layer) -> Bool {
        var node: Layer? = self
        while let n = node {
            if n === layer { return true }
            node = n.superlayer ?? n.maskOwner
        }
        return false
    }

    /// The root of this layer's tree.
    public var rootLayer: Layer {
        var node = self
        while let parent = node.superlayer ?? node.maskOwner { node = parent }
        return node
    }

    /// Every layer in the subtree, depth first, this layer first (masks after their owner).
    public var subtree: [Layer] {
        var result: [Layer] = []
        func visit(_ l: Layer) {
            result.append(l)
            if let m = l.mask { visit(m) }
            for s in l.sublayers { visit(s) }
        }
        visit(self)
        return result
    }

    func recordHierarchyChange() {
        context?.transaction.ensureOpen()
        context?.transaction.recordBefore(self)
    }

    /// Sets the context of the subtree, starts pending animations, then runs the subtree's
    /// attach handlers (once the whole subtree has its context).
    func attach(to newContext: LayerContext?) {
        var handlers: [(LayerContext) -> Void] = []
        for layer in subtree {
            let isNewContext = layer.context !== newContext
            layer.context = newContext
            if let newContext {
                layer.resolvePendingBeginTimes(now: newContext.currentTime)
                // Marked before it joined this context: display at the context's next turn.
                if isNewContext && layer.needsDisplay { newContext.scheduleDisplay(layer) }
                handlers += layer.attachHandlers
                layer.attachHandlers = []
            }
        }
        if let newContext {
            for handler in handlers { handler(newContext) }
        }
    }

    /// Runs `body` once, with the context, when the layer next joins one (at once when it has
    /// one now). For clocks that wait for a layer to be on screen, such as a property animator
    /// started on a view that is not in a window yet.
    package func whenAttached(_ body: @escaping (LayerContext) -> Void) {
        if let context {
            body(context)
        } else {
            attachHandlers.append(body)
        }
    }

    func removeAnimationsInSubtree() {
        for layer in subtree { layer.removeAllAnimations() }
    }
}

extension Layer {
    /// The deepest a layer may sit below the root of its tree: 256 levels. A scene file, whose
    /// JSON nests at most 512 levels, reaches about 255; UIKit view trees are rarely 50 deep.
    ///
    /// Core Animation documents no limit, but walks a tree recursively and so has one, the
    /// thread's stack. Kinema's walks (the presentation, render and hit-test trees, and releasing
    /// a tree) are recursive too; checking the depth when a layer is inserted keeps them within
    /// an 8 MiB stack even in a debug build, where rendering takes about 13 KiB of stack per level
    /// (600 levels overflowed, 400 did not): ``insertSublayer(_:at:)`` throws
    /// ``LayerHierarchyError/tooDeep(limit:)`` instead, and a ``mask`` that would sit deeper is
    /// not set. A mask is walked as a level below the layer it masks, so it counts as one.
    /// Listed in `DifferencesFromApple`.
    public static let maximumDepth = 256

    /// How many levels lie above the layer: its superlayers, a mask counting its owner as one.
    package var depth: Int {
        var count = 0
        var node = superlayer ?? maskOwner
        while let n = node {
            count += 1
            node = n.superlayer ?? n.maskOwner
        }
        return count
    }

    /// How many levels lie below the layer, a mask counting as one below its owner: 0 without
    /// sublayers or mask. Walks without recursion.
    package var height: Int {
        var deepest = 0
        var stack: [(Layer, Int)] = [(self, 0)]
        while let (layer, level) = stack.popLast() {
            deepest = max(deepest, level)
            if let mask = layer.mask { stack.append((mask, level + 1)) }
            for sub in layer.sublayers { stack.append((sub, level + 1)) }
        }
        return deepest
    }

    /// Whether `layer` (with its sublayers and mask) can become a sublayer or the mask of this
    /// layer within ``maximumDepth``.
    package func canHold(_ layer: Layer) -> Bool {
        depth + 1 + layer.height <= Layer.maximumDepth
    }
}

/// A change to the layer tree that would break it.
public enum LayerHierarchyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Adding the layer would make it its own ancestor.
    case cycle
    /// The layer to replace is not a sublayer.
    case notASublayer
    /// Adding the layer would put a layer more than `limit` levels below its root
    /// (``Layer/maximumDepth``).
    case tooDeep(limit: Int)

    public var description: String {
        switch self {
        case .cycle: "a layer cannot be added to its own subtree"
        case .notASublayer: "the layer to replace is not a sublayer of this layer"
        case .tooDeep(let limit): "the layer tree would be deeper than \(limit) levels"
        }
    }
}
