import KinemaGeometry
import KinemaLayers
import KinemaUI
import Testing

@Suite struct GuidesAndAutoresizingTests {
    @Test func aViewMadeInCodeKeepsItsFrameAndOthersRelateToIt() {
        let stage = LayoutStage()
        let fixed = View(frame: Rect(x: 30, y: 50, width: 100, height: 40))
        stage.root.addSubview(fixed)
        let below = stage.constrained()
        LayoutConstraint.activate([
            below.topAnchor.constraint(equalTo: fixed.bottomAnchor, constant: 10),
            below.leadingAnchor.constraint(equalTo: fixed.leadingAnchor),
            below.widthAnchor.constraint(equalTo: fixed.widthAnchor, multiplier: 2),
            below.heightAnchor.constraint(equalToConstant: 5),
        ])
        stage.window.layoutIfNeeded()
        #expect(fixed.frame == Rect(x: 30, y: 50, width: 100, height: 40))
        #expect(below.frame == Rect(x: 30, y: 100, width: 200, height: 5))
        // Moving the frame-placed view moves what depends on it at the next pass.
        fixed.frame.origin.y = 70
        stage.window.layoutIfNeeded()
        #expect(below.frame.minY == 120)
    }

    @Test func aConstraintFightingAnAutoresizedViewIsBroken() {
        let stage = LayoutStage()
        let fixed = View(frame: Rect(x: 30, y: 50, width: 100, height: 40))
        stage.root.addSubview(fixed)
        let wider = fixed.widthAnchor.constraint(equalToConstant: 300)
        wider.isActive = true
        stage.window.layoutIfNeeded()
        #expect(fixed.frame.width == 100)
        #expect(fixed.brokenLayoutConstraints.first === wider)
        #expect(stage.diagnostics.joined().contains("autoresizing width"))
    }

    static let masks: [(AutoresizingMask, Rect)] = [
        ([], Rect(x: 20, y: 10, width: 60, height: 30)),
        (.flexibleWidth, Rect(x: 20, y: 10, width: 160, height: 30)),
        (.flexibleLeftMargin, Rect(x: 120, y: 10, width: 60, height: 30)),
        ([.flexibleLeftMargin, .flexibleRightMargin], Rect(x: 70, y: 10, width: 60, height: 30)),
        ([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin], Rect(x: 40, y: 10, width: 120, height: 30)),
        ([.flexibleHeight, .flexibleBottomMargin], Rect(x: 20, y: 10, width: 60, height: 30)),
    ]

    @Test(arguments: masks)
    func autoresizingMasksFollowAConstrainedSuperview(mask: AutoresizingMask, expected: Rect) {
        let stage = LayoutStage()
        let box = stage.constrained()
        let width = box.widthAnchor.constraint(equalToConstant: 100)
        LayoutConstraint.activate([
            box.leftAnchor.constraint(equalTo: stage.root.leftAnchor), box.topAnchor.constraint(equalTo: stage.root.topAnchor),
            width, box.heightAnchor.constraint(equalToConstant: 50),
        ])
        stage.window.layoutIfNeeded()
        let child = View(frame: Rect(x: 20, y: 10, width: 60, height: 30))
        child.autoresizingMask = mask
        box.addSubview(child)
        // A constraint on the child's superview brings it into the engine as well.
        let tag = stage.constrained(in: box)
        LayoutConstraint.activate([
            tag.topAnchor.constraint(equalTo: child.bottomAnchor), tag.leftAnchor.constraint(equalTo: child.leftAnchor),
            tag.widthAnchor.constraint(equalTo: child.widthAnchor), tag.heightAnchor.constraint(equalToConstant: 2),
        ])
        width.constant = 200
        stage.window.layoutIfNeeded()
        #expect(box.frame.width == 200)
        #expect(child.frame == expected)
        #expect(tag.frame == Rect(x: expected.minX, y: expected.maxY, width: expected.width, height: 2))
    }

    @Test func theSafeAreaGuideAvoidsTheScreensInsets() {
        let stage = LayoutStage(safeArea: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        let bar = stage.constrained()
        LayoutConstraint.activate([
            bar.topAnchor.constraint(equalTo: stage.root.safeAreaLayoutGuide.topAnchor),
            bar.bottomAnchor.constraint(equalTo: stage.root.safeAreaLayoutGuide.bottomAnchor),
            bar.leadingAnchor.constraint(equalTo: stage.root.safeAreaLayoutGuide.leadingAnchor),
            bar.widthAnchor.constraint(equalToConstant: 10),
        ])
        stage.window.layoutIfNeeded()
        #expect(bar.frame == Rect(x: 0, y: 47, width: 10, height: 586))
        #expect(stage.root.safeAreaLayoutGuide.layoutFrame == Rect(x: 0, y: 47, width: 375, height: 586))
    }

    @Test func marginsAreEightPointsPlusTheSafeArea() {
        let stage = LayoutStage(safeArea: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        let text = stage.constrained()
        LayoutConstraint.activate([
            text.topAnchor.constraint(equalTo: stage.root.layoutMarginsGuide.topAnchor),
            text.leadingAnchor.constraint(equalTo: stage.root.layoutMarginsGuide.leadingAnchor),
            text.trailingAnchor.constraint(equalTo: stage.root.layoutMarginsGuide.trailingAnchor),
            text.heightAnchor.constraint(equalToConstant: 10),
        ])
        stage.window.layoutIfNeeded()
        #expect(stage.root.layoutMargins == EdgeInsets(top: 55, left: 8, bottom: 42, right: 8))
        #expect(text.frame == Rect(x: 8, y: 55, width: 359, height: 10))
        stage.root.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 30)
        stage.window.layoutIfNeeded()
        #expect(text.frame == Rect(x: 20, y: 47, width: 325, height: 10))
        stage.root.insetsLayoutMarginsFromSafeArea = false
        stage.window.layoutIfNeeded()
        #expect(text.frame.minY == 0)
    }

    @Test func aViewControllersRootViewHasTheSystemMinimumMargins() {
        let window = Window(
            frame: Rect(x: 0, y: 0, width: 375, height: 667), scale: 3, safeAreaInsets: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        let controller = ViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        #expect(controller.view.layoutMargins == EdgeInsets(top: 47, left: 16, bottom: 34, right: 16))
        let wide = Window(frame: Rect(x: 0, y: 0, width: 430, height: 932))
        let other = ViewController()
        wide.rootViewController = other
        wide.makeKeyAndVisible()
        #expect(other.view.layoutMargins == EdgeInsets(top: 0, left: 20, bottom: 0, right: 20))
        // The margin attributes are the margins guide's edges.
        let label = View()
        label.translatesAutoresizingMaskIntoConstraints = false
        other.view.addSubview(label)
        LayoutConstraint.activate([
            NSLike.make(label, .leading, .equal, other.view, .leadingMargin, 1, 0),
            NSLike.make(label, .trailing, .equal, other.view, .trailingMargin, 1, 0),
            label.topAnchor.constraint(equalTo: other.view.topAnchor), label.heightAnchor.constraint(equalToConstant: 1),
        ])
        wide.layoutIfNeeded()
        #expect(label.frame == Rect(x: 20, y: 0, width: 390, height: 1))
    }

    @Test func customGuidesTakePartLikeViews() {
        let stage = LayoutStage()
        let gap = LayoutGuide()
        gap.identifier = "gap"
        stage.root.addLayoutGuide(gap)
        let a = stage.constrained()
        let b = stage.constrained()
        LayoutConstraint.activate([
            a.leftAnchor.constraint(equalTo: stage.root.leftAnchor), a.widthAnchor.constraint(equalToConstant: 50),
            b.rightAnchor.constraint(equalTo: stage.root.rightAnchor), b.widthAnchor.constraint(equalToConstant: 75),
            gap.leftAnchor.constraint(equalTo: a.rightAnchor), gap.rightAnchor.constraint(equalTo: b.leftAnchor),
            gap.topAnchor.constraint(equalTo: stage.root.topAnchor), gap.heightAnchor.constraint(equalToConstant: 30),
            a.centerYAnchor.constraint(equalTo: gap.centerYAnchor), b.centerYAnchor.constraint(equalTo: gap.centerYAnchor),
            a.heightAnchor.constraint(equalToConstant: 10), b.heightAnchor.constraint(equalToConstant: 10),
        ])
        stage.window.layoutIfNeeded()
        #expect(gap.layoutFrame == Rect(x: 50, y: 0, width: 250, height: 30))
        #expect(a.frame.minY == 10 && b.frame.minY == 10)
        #expect(stage.root.layoutGuides.count == 1)
        stage.root.removeLayoutGuide(gap)
        #expect(stage.root.layoutGuides.isEmpty && gap.owningView == nil)
        #expect(stage.root.constraints.filter { $0.firstItem === gap }.isEmpty)
    }

    @Test(arguments: [(2.0, 950.25, 950.5), (2.0, 950.2, 950.0), (3.0, 10.2, 10 + 1.0 / 3), (1.0, 10.5, 11.0)])
    func solvedFramesAreRoundedToThePixelGrid(scale: Double, x: Double, expected: Double) {
        let stage = LayoutStage(scale: scale)
        let a = stage.constrained()
        LayoutConstraint.activate([
            a.leftAnchor.constraint(equalTo: stage.root.leftAnchor, constant: x),
            a.topAnchor.constraint(equalTo: stage.root.topAnchor), a.widthAnchor.constraint(equalToConstant: 10),
            a.heightAnchor.constraint(equalToConstant: 10),
        ])
        stage.window.layoutIfNeeded()
        #expect(abs(a.frame.minX - expected) < 1e-9)
        #expect(abs(a.frame.maxX - (expected + 10)) < 1e-9)
    }
}
