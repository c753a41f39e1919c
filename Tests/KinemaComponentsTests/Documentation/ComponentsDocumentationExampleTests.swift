import KinemaComponents
import KinemaGeometry
import KinemaUI
import Testing

/// The example on KinemaComponents' landing page (`KinemaComponents.docc/KinemaComponents.md`),
/// line for line, with its comments as expectations.
@Suite struct ComponentsDocumentationExampleTests {
    @Test func theLandingPageTooltipPointsUpAtItsButton() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let button = Button(type: .system)
        button.frame = Rect(x: 20, y: 80, width: 120, height: 44)
        window.addSubview(button)

        let tip = Tooltip()
        tip.show(text: "Tap to start", from: button.frame, in: window, direction: .up)
        window.advance(to: 0.7)
        let placement = try #require(tip.placement)
        #expect(placement.arrowReachesSource)
        #expect(placement.arrowDirection == .up)
        // Below the button: an up arrow's bubble hangs under its source.
        #expect(placement.frame.minY >= button.frame.maxY)
    }
}
