import KinemaGeometry
import KinemaLayers
import KinemaUI
import Testing

/// A view whose layer would go past `Layer.maximumDepth` is not added, and the window's context
/// hears why.
@Suite struct ViewDepthTests {
    @Test func aViewPastTheDepthLimitIsNotAddedAndIsReported() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.layerContext.diagnosticHandler = nil
        var leaf: View = window
        var added = 0
        for _ in 0..<(Layer.maximumDepth + 10) {
            let next = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            leaf.addSubview(next)
            guard next.superview === leaf else { break }
            leaf = next
            added += 1
        }
        // The window's layer is the root: views fill the levels below it.
        #expect(added == Layer.maximumDepth)
        #expect(
            window.layerContext.diagnostics.map(\.message) == ["the layer tree would be deeper than 256 levels; the view was not added"])
        window.layoutIfNeeded()
        #expect(window.hitTest(Point(x: 5, y: 5), with: nil) === leaf)
    }
}
