import KinemaGeometry
import KinemaLayers
import KinemaUI
import TestSupport
import Testing

@Suite struct ViewGeometryTests {
    @Test func frameBoundsAndCenterAgree() {
        let v = View(frame: Rect(x: 20, y: 40, width: 100, height: 60))
        #expect(v.bounds == Rect(x: 0, y: 0, width: 100, height: 60))
        #expect(v.center == Point(x: 70, y: 70))
        v.center = Point(x: 100, y: 200)
        #expect(v.frame == Rect(x: 50, y: 170, width: 100, height: 60))
        v.bounds.size = Size(width: 40, height: 80)
        #expect(v.frame == Rect(x: 80, y: 160, width: 40, height: 80))
    }

    @Test func transformScalesTheFrameAboutTheCenter() {
        let v = View(frame: Rect(x: 20, y: 40, width: 100, height: 60))
        v.transform = AffineTransform(scaleX: 2, y: 0.5)
        #expect(isClose(v.frame, Rect(x: -30, y: 55, width: 200, height: 30), 1e-9))
        #expect(v.bounds.size == Size(width: 100, height: 60))
    }

    @Test func nonFiniteGeometryIsIgnored() {
        let v = View(frame: Rect(x: 20, y: 40, width: 100, height: 60))
        v.frame = Rect(x: .nan, y: 0, width: 10, height: 10)
        v.center = Point(x: .infinity, y: 3)
        v.alpha = .nan
        #expect(v.frame == Rect(x: 20, y: 40, width: 100, height: 60))
        #expect(v.alpha == 1)
    }

    struct ConversionCase: CustomTestStringConvertible, Sendable {
        let name: String
        let parentTransform: AffineTransform
        let point: Point
        let expectedInWindow: Point
        var testDescription: String { name }
    }

    static let conversions: [ConversionCase] = [
        // parent frame (10, 20, 200, 100); child frame (5, 7, 50, 30) inside it.
        .init(name: "translation", parentTransform: .identity, point: Point(x: 1, y: 2), expectedInWindow: Point(x: 16, y: 29)),
        // Scale 2 about the parent's center (110, 70): local (6, 9) → (2·6 − 100 + 10, 2·9 − 50 + 20).
        .init(
            name: "scaled parent", parentTransform: AffineTransform(scaleX: 2, y: 2), point: Point(x: 1, y: 2),
            expectedInWindow: Point(x: -78, y: -12)),
        // A quarter turn about (110, 70): parent-local (6, 9) is (−94, −41) from its center → (41, −94) rotated.
        .init(
            name: "rotated parent", parentTransform: AffineTransform(rotationAngle: .pi / 2), point: Point(x: 1, y: 2),
            expectedInWindow: Point(x: 151, y: -24)),
    ]

    @Test(arguments: conversions) func pointsConvertThroughTransforms(_ c: ConversionCase) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let parent = View(frame: Rect(x: 10, y: 20, width: 200, height: 100))
        let child = View(frame: Rect(x: 5, y: 7, width: 50, height: 30))
        window.addSubview(parent)
        parent.addSubview(child)
        parent.transform = c.parentTransform
        let inWindow = child.convert(c.point, to: nil)
        #expect(isClose(inWindow, c.expectedInWindow, 1e-9))
        #expect(isClose(child.convert(inWindow, from: nil), c.point, 1e-9))
        #expect(isClose(window.convert(c.point, from: child), c.expectedInWindow, 1e-9))
    }

    @Test func rectsConvertBetweenSiblings() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 400))
        let a = View(frame: Rect(x: 10, y: 20, width: 50, height: 60))
        let b = View(frame: Rect(x: 100, y: 150, width: 50, height: 60))
        root.addSubview(a)
        root.addSubview(b)
        #expect(a.convert(Rect(x: 1, y: 2, width: 3, height: 4), to: b) == Rect(x: -89, y: -128, width: 3, height: 4))
    }
}

@Suite struct ViewHierarchyTests {
    @Test func subviewOrderMatchesLayerOrder() {
        let root = View()
        let (a, b, c) = (View(), View(), View())
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, at: 0)
        #expect(root.subviews.map { ObjectIdentifier($0) } == [c, a, b].map { ObjectIdentifier($0) })
        #expect(root.layer.sublayers.map { ObjectIdentifier($0) } == [c, a, b].map { ObjectIdentifier($0.layer) })
        root.bringSubviewToFront(c)
        #expect(root.subviews.last === c)
        #expect(root.layer.sublayers.last === c.layer)
        root.sendSubviewToBack(b)
        #expect(root.subviews.map { ObjectIdentifier($0) } == [b, a, c].map { ObjectIdentifier($0) })
        root.insertSubview(a, aboveSubview: c)
        #expect(root.subviews.last === a)
        root.insertSubview(a, belowSubview: b)
        #expect(root.subviews.first === a)
        root.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(root.subviews.map { ObjectIdentifier($0) } == [c, b, a].map { ObjectIdentifier($0) })
        #expect(root.layer.sublayers.map { ObjectIdentifier($0) } == [c, b, a].map { ObjectIdentifier($0.layer) })
    }

    @Test func addingToADescendantIsRefused() {
        let root = View()
        let child = View()
        root.addSubview(child)
        child.addSubview(root)
        child.addSubview(child)
        #expect(root.superview == nil)
        #expect(child.subviews.isEmpty)
    }

    final class Recorder: View {
        var log: [String] = []
        override func willMove(toSuperview newSuperview: View?) {
            log.append("willMoveToSuperview \(newSuperview == nil ? "nil" : "view")")
        }
        override func didMoveToSuperview() { log.append("didMoveToSuperview") }
        override func willMove(toWindow newWindow: Window?) { log.append("willMoveToWindow \(newWindow == nil ? "nil" : "window")") }
        override func didMoveToWindow() { log.append("didMoveToWindow") }
    }

    @Test func movingCallbacksComeInUIKitOrder() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let v = Recorder()
        window.addSubview(v)
        v.removeFromSuperview()
        #expect(
            v.log == [
                "willMoveToSuperview view", "willMoveToWindow window", "didMoveToSuperview", "didMoveToWindow",
                "willMoveToSuperview nil", "willMoveToWindow nil", "didMoveToSuperview", "didMoveToWindow",
            ])
        #expect(v.window == nil)
    }

    @Test func viewWithTagSearchesDepthFirst() {
        let root = View()
        let a = View()
        let b = View()
        b.tag = 7
        a.addSubview(b)
        root.addSubview(a)
        #expect(root.viewWithTag(7) === b)
        #expect(root.viewWithTag(8) == nil)
    }
}

@Suite struct ViewHitTestTests {
    /// A window with a panel (20, 30, 200, 100) and a button-sized child (150, 60, 80, 30) that
    /// sticks out of the panel on the right.
    func makeTree() -> (Window, View, View) {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let panel = View(frame: Rect(x: 20, y: 30, width: 200, height: 100))
        let child = View(frame: Rect(x: 150, y: 60, width: 80, height: 30))
        window.addSubview(panel)
        panel.addSubview(child)
        return (window, panel, child)
    }

    struct HitCase: CustomTestStringConvertible, Sendable {
        let name: String
        let point: Point
        let expected: String
        var testDescription: String { name }
    }

    static let cases: [HitCase] = [
        .init(name: "child", point: Point(x: 175, y: 95), expected: "child"),
        .init(name: "panel", point: Point(x: 25, y: 125), expected: "panel"),
        .init(name: "outside the panel, inside the child", point: Point(x: 235, y: 100), expected: "window"),
        .init(name: "outside everything", point: Point(x: 300, y: 500), expected: "window"),
        .init(name: "panel max edge excluded", point: Point(x: 220, y: 50), expected: "window"),
    ]

    @Test(arguments: cases) func hitTestFollowsUIKit(_ c: HitCase) {
        let (window, panel, child) = makeTree()
        let names = [ObjectIdentifier(window): "window", ObjectIdentifier(panel): "panel", ObjectIdentifier(child): "child"]
        let hit = window.hitTest(c.point, with: nil)
        #expect(hit.flatMap { names[ObjectIdentifier($0)] } == c.expected)
    }

    @Test func hiddenTransparentAndDisabledViewsAreSkipped() {
        let (window, panel, child) = makeTree()
        let p = Point(x: 175, y: 95)
        child.isHidden = true
        #expect(window.hitTest(p, with: nil) === panel)
        child.isHidden = false
        child.alpha = 0.009
        #expect(window.hitTest(p, with: nil) === panel)
        child.alpha = 0.01
        #expect(window.hitTest(p, with: nil) === child)
        panel.isUserInteractionEnabled = false
        #expect(window.hitTest(p, with: nil) === window)
    }

    @Test func transformedViewsAreHitWhereTheyAre() {
        let (window, _, child) = makeTree()
        child.transform = AffineTransform(translationX: -100, y: 0)
        #expect(window.hitTest(Point(x: 75, y: 95), with: nil) === child)
        #expect(window.hitTest(Point(x: 175, y: 95), with: nil) !== child)
    }
}

@Suite struct ViewLayoutTests {
    final class Counting: View {
        var layouts = 0
        override func layoutSubviews() { layouts += 1 }
    }

    @Test func layoutRunsOnceWhenNeeded() {
        let v = Counting(frame: Rect(x: 0, y: 0, width: 10, height: 20))
        v.layoutIfNeeded()
        #expect(v.layouts == 1)
        v.layoutIfNeeded()
        #expect(v.layouts == 1)
        v.setNeedsLayout()
        v.setNeedsLayout()
        v.layoutIfNeeded()
        #expect(v.layouts == 2)
        v.bounds.size = Size(width: 30, height: 40)
        v.layoutIfNeeded()
        #expect(v.layouts == 3)
        v.center = Point(x: 5, y: 6)
        v.layoutIfNeeded()
        #expect(v.layouts == 3)
    }

    @Test func windowTurnLaysOut() {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 200))
        let v = Counting(frame: Rect(x: 0, y: 0, width: 10, height: 20))
        window.addSubview(v)
        v.setNeedsLayout()
        window.advance(to: 0.1)
        #expect(v.layouts == 1)
    }

    struct ResizeCase: CustomTestStringConvertible, Sendable {
        let name: String
        let mask: AutoresizingMask
        let expected: Rect
        var testDescription: String { name }
    }

    // Superview 300 × 200 → 400 × 260; child frame (30, 40, 100, 60), so margins are
    // left 30, right 170, top 40, bottom 100.
    static let resizes: [ResizeCase] = [
        .init(name: "none", mask: [], expected: Rect(x: 30, y: 40, width: 100, height: 60)),
        .init(name: "flexible width", mask: .flexibleWidth, expected: Rect(x: 30, y: 40, width: 200, height: 60)),
        .init(name: "flexible left", mask: .flexibleLeftMargin, expected: Rect(x: 130, y: 40, width: 100, height: 60)),
        .init(
            name: "flexible height and bottom", mask: [.flexibleHeight, .flexibleBottomMargin],
            expected: Rect(x: 30, y: 40, width: 100, height: 60 + 60 * 60 / 160)),
        .init(
            name: "all margins", mask: [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin],
            expected: Rect(x: 30 + 100 * 30 / 200, y: 40 + 60 * 40 / 140, width: 100, height: 60)),
    ]

    @Test(arguments: resizes) func autoresizingMasksShareTheChange(_ c: ResizeCase) {
        let parent = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let child = View(frame: Rect(x: 30, y: 40, width: 100, height: 60))
        child.autoresizingMask = c.mask
        parent.addSubview(child)
        parent.frame = Rect(x: 0, y: 0, width: 400, height: 260)
        #expect(isClose(child.frame, c.expected, 1e-9))
    }

    @Test func sizeToFitKeepsTheOrigin() {
        final class Fixed: View {
            override func sizeThatFits(_ size: Size) -> Size { Size(width: 33, height: 44) }
        }
        let v = Fixed(frame: Rect(x: 5, y: 6, width: 10, height: 10))
        v.sizeToFit()
        #expect(v.frame == Rect(x: 5, y: 6, width: 33, height: 44))
    }
}

@Suite struct SafeAreaTests {
    @Test func insetsReachOnlyAsFarAsTheView() {
        let window = Window(
            frame: Rect(x: 0, y: 0, width: 375, height: 812), scale: 3,
            safeAreaInsets: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        let full = View(frame: window.bounds)
        let low = View(frame: Rect(x: 10, y: 30, width: 100, height: 760))
        let middle = View(frame: Rect(x: 0, y: 100, width: 375, height: 500))
        for v in [full, low, middle] { window.addSubview(v) }
        #expect(window.safeAreaInsets == EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        #expect(full.safeAreaInsets == EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        #expect(low.safeAreaInsets == EdgeInsets(top: 14, left: 0, bottom: 12, right: 0))
        #expect(middle.safeAreaInsets == .zero)
        #expect(View(frame: window.bounds).safeAreaInsets == .zero)
    }
}
