import KinemaGeometry
import KinemaUI
import TestSupport
import Testing

@Suite struct NavigationControllerTests {
    final class Page: ViewController {
        let name: String
        var log: [String]
        init(_ name: String, log: [String] = []) {
            self.name = name
            self.log = log
            super.init()
        }
        override func viewWillAppear(_ animated: Bool) { log.append("\(name) willAppear") }
        override func viewDidAppear(_ animated: Bool) { log.append("\(name) didAppear") }
        override func viewWillDisappear(_ animated: Bool) { log.append("\(name) willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { log.append("\(name) didDisappear") }
    }

    func makeWindow(root: ViewController) -> Window {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        window.rootViewController = root
        window.makeKeyAndVisible()
        window.advance(to: 0)
        return window
    }

    @Test func pushSlidesInFromTheRightAndPopSlidesBack() {
        let first = Page("first")
        let second = Page("second")
        let nav = NavigationController(rootViewController: first)
        let window = makeWindow(root: nav)
        #expect(first.view.frame == Rect(x: 0, y: 0, width: 375, height: 667))
        first.log.removeAll()
        nav.pushViewController(second, animated: true)
        #expect(nav.topViewController === second)
        #expect(nav.viewControllers.count == 2)
        #expect(second.parent === nav)
        // Halfway through the ease-in-ease-out slide the new view has covered half the width.
        let mid = second.view.layer.presentation(at: 0.175).frame.midX
        #expect(isClose(mid, 187.5 + 375 / 2, 1e-6))
        #expect(isClose(first.view.layer.presentation(at: 0.175).frame.midX, 187.5 - 125 / 2, 1e-6))
        window.advance(to: 0.35)
        window.advance(to: 0.4)
        #expect(first.view.superview == nil)
        #expect(second.view.frame == Rect(x: 0, y: 0, width: 375, height: 667))
        #expect(first.log == ["first willDisappear", "first didDisappear"])
        #expect(second.log == ["second willAppear", "second didAppear"])

        let popped = nav.popViewController(animated: true)
        #expect(popped === second)
        window.advance(to: 1)
        window.advance(to: 1.1)
        #expect(second.view.superview == nil)
        #expect(second.parent == nil)
        #expect(first.view.superview === nav.view)
        #expect(first.view.frame == Rect(x: 0, y: 0, width: 375, height: 667))
        #expect(nav.popViewController(animated: true) == nil)
    }

    @Test func unanimatedChangesAreImmediate() {
        let nav = NavigationController(rootViewController: Page("a"))
        let window = makeWindow(root: nav)
        let b = Page("b")
        let c = Page("c")
        nav.pushViewController(b, animated: false)
        nav.pushViewController(c, animated: false)
        nav.pushViewController(c, animated: false)  // already in the stack: ignored
        #expect(nav.viewControllers.count == 3)
        #expect(nav.view.subviews.count == 1 && nav.view.subviews[0] === c.view)
        let popped = nav.popToRootViewController(animated: false)
        #expect(popped?.count == 2)
        #expect(nav.viewControllers.count == 1)
        #expect(b.parent == nil && c.parent == nil)
        _ = window
    }

    @Test func visibleControllerIsThePresentedOne() {
        let top = Page("top")
        let nav = NavigationController(rootViewController: top)
        nav.isNavigationBarHidden = true
        let window = makeWindow(root: nav)
        #expect(nav.visibleViewController === top)
        let sheet = Page("sheet")
        nav.present(sheet, animated: false)
        window.advance(to: 0.1)
        #expect(nav.visibleViewController === sheet)
    }
}
