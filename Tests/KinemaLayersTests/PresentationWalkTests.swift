import KinemaGeometry
import KinemaLayers
import Testing

/// `walkPresentation` gives each layer, from its superlayer's values, what the per-layer
/// queries give by walking up the tree: the presentation, local time and quad in the root.
@Suite struct PresentationWalkTests {
    /// A tree with a time-shifted, sped-up branch, a 3D transform layer under a perspective
    /// `sublayerTransform`, siblings reordered by `zPosition`, and a mask with a sublayer.
    private func tree() throws -> (root: Layer, all: [Layer]) {
        func layer(_ name: String, _ frame: Rect) -> Layer {
            let l = Layer()
            l.name = name
            l.frame = frame
            return l
        }
        let root = layer("root", Rect(x: 0, y: 0, width: 200, height: 200))
        root.sublayerTransform = .makePerspective(distance: 400)
        let timed = layer("timed", Rect(x: 10, y: 10, width: 100, height: 100))
        timed.beginTime = 0.5
        timed.speed = 2
        timed.timeOffset = 0.25
        var move = BasicAnimation(keyPath: "position")
        move.fromValue = .point(Point(x: 0, y: 0))
        move.toValue = .point(Point(x: 100, y: 50))
        move.duration = 4
        timed.add(move, forKey: "move")
        let spinner = TransformLayer()
        spinner.name = "spinner"
        spinner.frame = Rect(x: 20, y: 20, width: 50, height: 50)
        spinner.transform = .makeRotation(0.6, 0, 1, 0)
        let face = layer("face", Rect(x: 5, y: 5, width: 20, height: 20))
        face.transform = .makeRotation(0.4, 1, 0, 0)
        let back = layer("back", Rect(x: 0, y: 0, width: 30, height: 30))
        back.zPosition = 5
        let front = layer("front", Rect(x: 40, y: 40, width: 30, height: 30))
        let mask = layer("mask", Rect(x: 2, y: 3, width: 40, height: 40))
        mask.transform = .makeScale(2, 1, 1)
        let maskChild = layer("maskChild", Rect(x: 1, y: 1, width: 5, height: 5))
        try root.addSublayer(timed)
        try timed.addSublayer(spinner)
        try spinner.addSublayer(face)
        try root.addSublayer(back)
        try root.addSublayer(front)
        try mask.addSublayer(maskChild)
        timed.mask = mask
        let context = LayerContext()
        context.addRootLayer(root)
        return (root, [root, timed, spinner, face, back, front, mask, maskChild])
    }

    @Test func eachLayerGetsWhatThePerLayerQueriesGive() throws {
        let (root, all) = try tree()
        for t in [0.0, 1.3, 2.7] {
            var visited: [PresentedLayer] = []
            root.walkPresentation(at: t) { visited.append($0) }
            #expect(visited.count == all.count)
            for presented in visited {
                let layer = presented.layer
                let name = layer.name ?? "?"
                #expect(presented.state == layer.presentation(at: t), "\(name) at \(t)")
                #expect(presented.localTime == layer.localTime(atMediaTime: t), "\(name) at \(t)")
                let quad = layer.quadInRoot(using: .presentation(at: t))
                for (a, b) in zip(presented.quadInRoot, quad) {
                    #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9, "\(name) at \(t): \(presented.quadInRoot) vs \(quad)")
                }
            }
        }
    }

    @Test func layersComeOwnerFirstThenMaskThenSublayersInDrawingOrder() throws {
        let (root, _) = try tree()
        var names: [String] = []
        var owners: [String: String] = [:]
        root.walkPresentation(at: 1) { presented in
            names.append(presented.layer.name ?? "?")
            if let owner = presented.maskOwner { owners[presented.layer.name ?? "?"] = owner.name }
        }
        // `back` has the larger zPosition: drawn after `front`.
        #expect(names == ["root", "timed", "mask", "maskChild", "spinner", "face", "front", "back"])
        #expect(owners == ["mask": "timed"])
    }
}
