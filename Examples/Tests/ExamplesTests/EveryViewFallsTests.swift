import Foundation
import Kinema
import Testing

@testable import EveryViewFalls

/// The every-view-falls port behaves as on iOS: every view of the screen, nested ones included,
/// falls and comes to rest inside the screen.
@Suite struct EveryViewFallsTests {
    @Test func everyViewFallsAndRestsInsideTheScreen() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let screen = EveryViewFalls.ViewController()
        window.rootViewController = screen
        window.makeKeyAndVisible()
        let views = allSubviews(of: screen.view)
        // The post collects every subview, a button's title label and a card's badge included.
        #expect(views.count > screen.view.subviews.count)
        let start = views.map { $0.convert($0.bounds, to: window) }
        for i in 0...(6 * 60) { window.advance(to: Double(i) / 60) }
        var lowest = 0.0
        for (view, before) in zip(views, start) {
            let after = view.convert(view.bounds, to: window)
            #expect(after.midY > before.midY + 20, "\(view) did not fall: \(before) → \(after)")
            #expect(after.minX > -1 && after.maxX < 376 && after.maxY < 668, "\(view) left the screen: \(after)")
            lowest = max(lowest, after.maxY)
        }
        #expect(lowest > 660, "the pile lies on the bottom of the screen")
        #expect(screen.animator != nil)
    }

    private func allSubviews(of view: View) -> [View] {
        view.subviews.flatMap { [$0] + allSubviews(of: $0) }
    }
}
