import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import KinemaRender
import Testing

/// The deepest tree the layer model allows renders, on the test's own thread.
@Suite struct DeepTreeRenderTests {
    @Test func aTreeAtTheDepthLimitRenders() throws {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 8, height: 8)
        root.position = Point(x: 4, y: 4)
        var leaf = root
        for _ in 0..<Layer.maximumDepth {
            let next = Layer()
            next.bounds = root.bounds
            next.position = Point(x: 4, y: 4)
            try leaf.addSublayer(next)
            leaf = next
        }
        leaf.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        let bitmap = try Renderer().render(root.renderTree(at: 0), size: Size(width: 8, height: 8))
        #expect(bitmap.pixel(x: 4, y: 4) == 0xFFFF_0000)
    }
}
