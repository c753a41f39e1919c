import KinemaGeometry
import KinemaUI
import TestSupport
import Testing

@Suite("Documentation examples")
struct UIDocumentationExampleTests {
    /// The example on the KinemaUI landing page, as written there.
    @Test func landingPageExample() {
        var log: [String] = []
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let card = View(frame: Rect(x: 20, y: 40, width: 120, height: 80))
        card.backgroundColor = .orange
        window.addSubview(card)

        card.center = Point(x: 80, y: 300)  // outside a block: moves at once
        View.animate(
            withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0,
            animations: { card.center = Point(x: 280, y: 300) },
            completion: { finished in log.append("landed \(finished)") })

        #expect(card.center == Point(x: 280, y: 300))  // the model is already there
        let x = card.layer.presentation(at: 0.25).position.x
        #expect(isClose(x, 288.23, 0.005))  // on screen: 8 points past the target
        window.advance(to: 0.5)
        #expect(log == ["landed true"])
    }
}

@Suite("README examples")
struct UIReadmeExampleTests {
    /// The pan part of the README's "Views, gestures and presentations in Swift", as written there.
    @Test func readmePanExample() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let card = View(frame: Rect(x: 20, y: 40, width: 120, height: 80))
        window.addSubview(card)
        card.center = Point(x: 280, y: 300)
        let pan = PanGestureRecognizer { pan in  // or PanGestureRecognizer(target: self, action: Screen.handlePan)
            if pan.state == .changed { card.transform = AffineTransform(translationX: pan.translation(in: window).x, y: 0) }
        }
        card.addGestureRecognizer(pan)
        window.send(TouchInput(identifier: 1, phase: .began, location: Point(x: 280, y: 300), timestamp: 1))
        // Move 30 pt left in three steps; the pan begins after its 10-point slop.
        for i in 1...3 {
            window.send(
                TouchInput(identifier: 1, phase: .moved, location: Point(x: 280 - 10 * Double(i), y: 301), timestamp: 1 + 0.01 * Double(i)))
        }
        #expect(pan.state == .changed)
        #expect(card.transform.tx < -9 && card.transform.tx > -21)
    }
}
