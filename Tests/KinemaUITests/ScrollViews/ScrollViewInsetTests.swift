import KinemaGeometry
import KinemaUI
import Testing

/// A scroll view that counts `adjustedContentInsetDidChange()` calls.
final class InsetCountingScrollView: ScrollView {
    var changes = 0
    override func adjustedContentInsetDidChange() { changes += 1 }
}

/// `adjustedContentInset` = `contentInset` + the safe area on the edges the behaviour adjusts.
@Suite struct ScrollViewInsetTests {
    static let phone = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
    static let landscape = EdgeInsets(top: 0, left: 44, bottom: 21, right: 44)

    static func stage(
        safeArea: EdgeInsets = phone, contentSize: Size, behavior: ScrollView.ContentInsetAdjustmentBehavior,
        scrollView: ScrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    ) -> (Window, ScrollView) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667), safeAreaInsets: safeArea)
        scrollView.contentSize = contentSize
        scrollView.contentInsetAdjustmentBehavior = behavior
        window.addSubview(scrollView)
        window.advance(to: 0)
        return (window, scrollView)
    }

    struct BehaviorCase: CustomTestStringConvertible, Sendable {
        let behavior: ScrollView.ContentInsetAdjustmentBehavior
        let tallContent: Bool
        let alwaysBounceVertical: Bool
        let adjusted: EdgeInsets
        var testDescription: String { "\(behavior) tall: \(tallContent) bounce: \(alwaysBounceVertical)" }
    }

    static let safeAndOwn = EdgeInsets(top: 54, left: 0, bottom: 54, right: 0)
    static let ownOnly = EdgeInsets(top: 10, left: 0, bottom: 20, right: 0)

    @Test(arguments: [
        BehaviorCase(behavior: .automatic, tallContent: true, alwaysBounceVertical: false, adjusted: safeAndOwn),
        BehaviorCase(behavior: .automatic, tallContent: false, alwaysBounceVertical: false, adjusted: ownOnly),
        BehaviorCase(behavior: .scrollableAxes, tallContent: true, alwaysBounceVertical: false, adjusted: safeAndOwn),
        BehaviorCase(behavior: .scrollableAxes, tallContent: false, alwaysBounceVertical: false, adjusted: ownOnly),
        BehaviorCase(behavior: .scrollableAxes, tallContent: false, alwaysBounceVertical: true, adjusted: safeAndOwn),
        BehaviorCase(behavior: .never, tallContent: true, alwaysBounceVertical: true, adjusted: ownOnly),
        BehaviorCase(behavior: .always, tallContent: false, alwaysBounceVertical: false, adjusted: safeAndOwn),
    ])
    func behaviorsAgainstThePhoneSafeArea(_ c: BehaviorCase) {
        let height = c.tallContent ? 2000.0 : 300
        let (window, scrollView) = Self.stage(contentSize: Size(width: 375, height: height), behavior: c.behavior)
        scrollView.contentInset = EdgeInsets(top: 10, left: 0, bottom: 20, right: 0)
        scrollView.alwaysBounceVertical = c.alwaysBounceVertical
        #expect(scrollView.adjustedContentInset == c.adjusted)
        #expect(scrollView.window === window)
    }

    /// In landscape the left and right safe area is added only along a scrollable axis (or with
    /// `.always`).
    @Test func landscapeSidesFollowTheHorizontalAxis() {
        let narrow = Self.stage(safeArea: Self.landscape, contentSize: Size(width: 375, height: 2000), behavior: .scrollableAxes)
        #expect(narrow.1.adjustedContentInset == EdgeInsets(top: 0, left: 0, bottom: 21, right: 0))
        let wide = Self.stage(safeArea: Self.landscape, contentSize: Size(width: 900, height: 2000), behavior: .automatic)
        #expect(wide.1.adjustedContentInset == Self.landscape)
        let always = Self.stage(safeArea: Self.landscape, contentSize: .zero, behavior: .always)
        #expect(always.1.adjustedContentInset == Self.landscape)
        withExtendedLifetime((narrow, wide, always)) {}
    }

    /// `.automatic` always adjusts top and bottom for a controller's view inside a navigation
    /// controller, scrollable or not.
    @Test func automaticInsideANavigationController() {
        final class ListController: ViewController {
            override func loadView() {
                let scrollView = ScrollView(frame: .zero)
                scrollView.contentSize = Size(width: 375, height: 100)
                view = scrollView
            }
        }
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667), safeAreaInsets: Self.phone)
        let list = ListController()
        window.rootViewController = NavigationController(rootViewController: list)
        window.makeKeyAndVisible()
        window.advance(to: 0)
        let scrollView = list.view as? ScrollView
        #expect(scrollView?.window === window)
        #expect(scrollView?.adjustedContentInset == Self.phone)
        scrollView?.contentInsetAdjustmentBehavior = .scrollableAxes
        #expect(scrollView?.adjustedContentInset == .zero)
    }

    /// The content starts below the top inset, rests between the insets, and the change is
    /// reported to the subclass and the delegate.
    @Test func offsetsRestBetweenTheInsets() {
        let counting = InsetCountingScrollView(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let log = ScrollLog()
        counting.delegate = log
        let (window, scrollView) = Self.stage(contentSize: Size(width: 375, height: 2000), behavior: .automatic, scrollView: counting)
        #expect(scrollView.contentOffset == Point(x: 0, y: -44))
        #expect(counting.changes == 1)
        #expect(log.calls.contains("didScroll"))

        // A flick far down rests at 2000 + 34 − 667 = 1367.
        let lift = window.fling(from: Point(x: 180, y: 600), velocity: Point(x: 0, y: -5000), at: 0.1)
        window.advance(to: lift + 6)
        #expect(scrollView.contentOffset == Point(x: 0, y: 1367))
        // Pulled below the top, it comes back to −44.
        scrollView.contentOffset = Point(x: 0, y: -44)
        window.slowDrag(from: Point(x: 180, y: 200), by: Point(x: 0, y: 112), at: lift + 7)
        #expect(scrollView.contentOffset.y < -44 - 40)
        window.advance(to: lift + 10)
        #expect(scrollView.contentOffset == Point(x: 0, y: -44))

        scrollView.contentInset = EdgeInsets(top: 6, left: 0, bottom: 0, right: 0)
        #expect(counting.changes == 2)
        #expect(scrollView.contentOffset == Point(x: 0, y: -50))  // it was resting at the top
    }
}
