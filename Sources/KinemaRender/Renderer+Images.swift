import KinemaLayers

extension Renderer {
    /// Starts decoding, on a background thread, every `contents` image in `tree` (visible or
    /// not, masks and transitions included) that the renderer has not decoded yet, and returns
    /// at once: a frame that later shows one of them finds it ready instead of reading and
    /// decoding the file in the middle of the frame. A frame that needs an image still being
    /// decoded waits for that decode rather than doing it again. The pixels do not change.
    ///
    /// A live window calls this when it loads a scene, so that a photo scrolled into view does
    /// not cost its frame the decode.
    ///
    /// - Parameters:
    ///   - tree: the snapshot whose images to decode.
    ///   - waitUntilDone: decode on the calling thread and return when every image is decoded
    ///     (or has failed, which is reported when it is drawn). Default `false`.
    public func prepareImages(in tree: RenderNode, waitUntilDone: Bool = false) {
        var keys: [ImageStore.Key] = []
        var seen: Set<ImageStore.Key> = []
        func visit(_ node: RenderNode) {
            if let contents = node.state.contents, seen.insert(ImageStore.Key(contents)).inserted { keys.append(ImageStore.Key(contents)) }
            node.sublayers.forEach(visit)
            node.mask.map(visit)
            node.transition.map { visit($0.old) }
        }
        visit(tree)
        if waitUntilDone {
            for key in keys { _ = try? images.image(key) }
        } else {
            images.prepare(keys)
        }
    }
}
