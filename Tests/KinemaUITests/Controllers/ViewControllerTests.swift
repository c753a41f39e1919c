import KinemaGeometry
import KinemaUI
import TestSupport
import Testing
import UITestSupport

@Suite struct ViewControllerLoadingTests {
    @Test func viewLoadsLazilyOnce() {
        let log = EventLog()
        let vc = LoggingViewController("A", log: log)
        #expect(!vc.isViewLoaded)
        #expect(vc.viewIfLoaded == nil)
        #expect(log.entries.isEmpty)
        let view = vc.view
        #expect(vc.isViewLoaded)
        #expect(vc.viewIfLoaded === view)
        #expect(vc.view === view)
        #expect(log.take() == ["A.loadView", "A.viewDidLoad"])
        vc.loadViewIfNeeded()
        #expect(log.entries.isEmpty)
    }

    @Test func loadViewCanAssignItsOwnView() {
        final class Custom: ViewController {
            let made = View(frame: Rect(x: 0, y: 0, width: 10, height: 20))
            override func loadView() { view = made }
        }
        let vc = Custom()
        #expect(vc.view === vc.made)
    }

    @Test func loadViewThatAssignsNothingGetsAPlainView() {
        final class Lazy: ViewController {
            override func loadView() {}
        }
        let vc = Lazy()
        #expect(vc.view.bounds == .zero)
        #expect(vc.isViewLoaded)
    }

    @Test func readingViewInsideLoadViewDoesNotRecurse() {
        final class Reader: ViewController {
            var calls = 0
            override func loadView() {
                calls += 1
                view.tag = 7
            }
        }
        let vc = Reader()
        #expect(vc.view.tag == 7)
        #expect(vc.calls == 1)
    }

    @Test func settingTheViewReplacesItWithoutAnotherViewDidLoad() {
        let log = EventLog()
        let vc = LoggingViewController("A", log: log)
        _ = vc.view
        _ = log.take()
        let replacement = View()
        vc.view = replacement
        #expect(vc.view === replacement)
        #expect(log.entries.isEmpty)
    }

    @Test func preferredContentSizeIgnoresBadValues() {
        let vc = ViewController()
        vc.preferredContentSize = Size(width: 300, height: 200)
        vc.preferredContentSize = Size(width: .nan, height: 1)
        vc.preferredContentSize = Size(width: -1, height: 1)
        #expect(vc.preferredContentSize == Size(width: 300, height: 200))
        vc.title = "Detail"
        #expect(vc.title == "Detail")
    }
}

@Suite struct ViewControllerAppearanceTests {
    @Test func appearanceCallsAreBalanced() {
        let log = EventLog()
        let vc = LoggingViewController("A", log: log)
        vc.endAppearanceTransition()
        vc.beginAppearanceTransition(false, animated: true)
        vc.beginAppearanceTransition(true, animated: true)
        vc.beginAppearanceTransition(true, animated: false)
        vc.endAppearanceTransition()
        vc.endAppearanceTransition()
        vc.beginAppearanceTransition(false, animated: false)
        vc.endAppearanceTransition()
        #expect(
            log.take() == [
                "A.viewWillAppear(true)", "A.viewDidAppear(true)", "A.viewWillDisappear(false)", "A.viewDidDisappear(false)",
            ])
    }

    @Test func childrenInTheViewHearTheParentsAppearanceCalls() {
        let log = EventLog()
        let parent = LoggingViewController("P", log: log)
        let inside = LoggingViewController("C", log: log)
        let outside = LoggingViewController("D", log: log)
        parent.addChild(inside)
        parent.view.addSubview(inside.view)
        inside.didMove(toParent: parent)
        parent.addChild(outside)
        _ = outside.view
        _ = log.take()
        parent.beginAppearanceTransition(true, animated: true)
        parent.endAppearanceTransition()
        #expect(log.take() == ["P.viewWillAppear(true)", "C.viewWillAppear(true)", "P.viewDidAppear(true)", "C.viewDidAppear(true)"])
    }
}

@Suite struct ViewControllerContainmentTests {
    @Test func addAndRemoveChildCallUIKitsHooks() {
        let log = EventLog()
        let parent = LoggingViewController("P", log: log)
        let child = LoggingViewController("C", log: log)
        parent.addChild(child)
        #expect(child.parent === parent)
        #expect(parent.children.count == 1 && parent.children[0] === child)
        child.didMove(toParent: parent)
        child.willMove(toParent: nil)
        child.removeFromParent()
        #expect(child.parent == nil)
        #expect(parent.children.isEmpty)
        #expect(log.take() == ["C.willMove(parent)", "C.didMove(parent)", "C.willMove(nil)", "C.didMove(nil)"])
    }

    @Test func addingToAnotherParentMovesTheChild() {
        let log = EventLog()
        let first = LoggingViewController("P", log: log)
        let second = LoggingViewController("Q", log: log)
        let child = LoggingViewController("C", log: log)
        first.addChild(child)
        second.addChild(child)
        #expect(first.children.isEmpty)
        #expect(child.parent === second)
        #expect(log.take() == ["C.willMove(parent)", "C.willMove(nil)", "C.didMove(nil)", "C.willMove(parent)"])
    }

    @Test func cyclesAreRefused() {
        let parent = ViewController()
        let child = ViewController()
        parent.addChild(child)
        child.addChild(parent)
        parent.addChild(parent)
        #expect(parent.parent == nil)
        #expect(child.children.isEmpty)
        child.removeFromParent()
        child.removeFromParent()
        #expect(child.parent == nil)
    }
}

@Suite struct WindowRootViewControllerTests {
    @Test func rootAppearsWhenTheWindowBecomesKey() {
        let log = EventLog()
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let root = LoggingViewController("A", log: log)
        window.rootViewController = root
        #expect(log.take() == ["A.loadView", "A.viewDidLoad"])
        #expect(root.view.superview === window)
        #expect(root.view.frame == window.bounds)
        window.advance(to: 0.1)
        #expect(log.entries.isEmpty)
        window.makeKeyAndVisible()
        window.advance(to: 0.2)
        #expect(log.take() == ["A.viewWillAppear(false)", "A.viewDidAppear(false)"])
        window.advance(to: 0.3)
        #expect(log.entries.isEmpty)
    }

    @Test func rootOfAKeyWindowAppearsAtOnceAndDidAppearsNextTurn() {
        let log = EventLog()
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        window.makeKeyAndVisible()
        let root = LoggingViewController("A", log: log)
        window.rootViewController = root
        #expect(log.take() == ["A.loadView", "A.viewDidLoad", "A.viewWillAppear(false)"])
        window.advance(to: 0)
        #expect(log.take() == ["A.viewDidAppear(false)"])
    }

    @Test func replacingTheRootSwapsViewsAndAppearance() {
        let (window, a, log) = makeRootStage()
        let b = LoggingViewController("B", log: log)
        window.rootViewController = b
        #expect(a.viewIfLoaded?.superview == nil)
        #expect(window.subviews.count == 1 && window.subviews[0] === b.view)
        window.advance(to: 0.1)
        #expect(
            log.take() == [
                "A.viewWillDisappear(false)", "A.viewDidDisappear(false)", "B.loadView", "B.viewDidLoad",
                "B.viewWillAppear(false)", "B.viewDidAppear(false)",
            ])
        window.rootViewController = nil
        #expect(window.subviews.isEmpty)
        #expect(log.take() == ["B.viewWillDisappear(false)", "B.viewDidDisappear(false)"])
    }

    @Test func rootViewFollowsTheWindowSize() {
        let (window, a, _) = makeRootStage()
        window.frame = Rect(x: 0, y: 0, width: 667, height: 375)
        #expect(a.view.frame == Rect(x: 0, y: 0, width: 667, height: 375))
    }

    @Test func replacingTheRootWhilePresentingRemovesThePresentedControllers() {
        let (window, a, log) = makeRootStage()
        let b = LoggingViewController("B", log: log)
        a.present(b, animated: true)
        window.advance(to: 0.1)
        window.rootViewController = ViewController()
        window.advance(to: 1)
        #expect(b.presentingViewController == nil)
        #expect(a.presentedViewController == nil)
        #expect(b.viewIfLoaded?.window == nil)
        #expect(window.subviews.count == 1)
    }
}

@Suite struct ViewControllerLayoutTests {
    final class Logging: ViewController {
        var log: [String] = []
        final class Logged: View {
            var onLayout: () -> Void = {}
            override func layoutSubviews() { onLayout() }
        }
        override func loadView() {
            let v = Logged()
            v.onLayout = { [unowned self] in log.append("layoutSubviews") }
            view = v
        }
        override func viewWillLayoutSubviews() { log.append("viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { log.append("viewDidLayoutSubviews") }
    }

    @Test func layoutHooksBracketTheViewsLayout() {
        let controller = Logging()
        controller.view.setNeedsLayout()
        controller.view.layoutIfNeeded()
        #expect(controller.log == ["viewWillLayoutSubviews", "layoutSubviews", "viewDidLayoutSubviews"])
        controller.view.layoutIfNeeded()
        #expect(controller.log.count == 3)
    }
}
