import KinemaGeometry
import KinemaLayers
import KinemaUI
import Testing

/// Records the calls of the layout pass.
private final class Journal {
    var entries: [String] = []
}

private final class PassRecordingView: View {
    let name: String
    let journal: Journal
    var onUpdate: (() -> Void)?
    init(_ name: String, _ journal: Journal) {
        self.name = name
        self.journal = journal
        super.init(frame: .zero)
    }
    override func updateConstraints() {
        journal.entries.append("update \(name)")
        onUpdate?()
    }
    override func layoutSubviews() {
        journal.entries.append("layout \(name) \(Int(bounds.width))")
    }
}

/// Overrides a constrained subview's solved frame by hand, UIKit-style, after the solved frames land.
private final class HandPlacingView: View {
    let journal: Journal
    var child: View?
    init(_ journal: Journal) {
        self.journal = journal
        super.init(frame: .zero)
    }
    override func layoutSubviews() {
        guard let child else { return }
        #expect(child.frame.size == Size(width: 50, height: 50))
        child.frame = Rect(x: 10, y: 10, width: 30, height: 30)
        journal.entries.append("placed")
    }
}

private final class PassRecordingController: ViewController {
    let journal: Journal
    init(_ journal: Journal) {
        self.journal = journal
        super.init()
    }
    override func updateViewConstraints() {
        journal.entries.append("updateViewConstraints")
        super.updateViewConstraints()
    }
    override func viewWillLayoutSubviews() { journal.entries.append("willLayout") }
    override func viewDidLayoutSubviews() { journal.entries.append("didLayout") }
}

@Suite struct LayoutPassTests {
    @Test func constraintsUpdateBottomUpAndLayoutRunsTopDown() {
        let journal = Journal()
        let stage = LayoutStage()
        let outer = PassRecordingView("outer", journal)
        let inner = PassRecordingView("inner", journal)
        outer.translatesAutoresizingMaskIntoConstraints = false
        inner.translatesAutoresizingMaskIntoConstraints = false
        stage.root.addSubview(outer)
        outer.addSubview(inner)
        let width = outer.widthAnchor.constraint(equalToConstant: 100)
        inner.onUpdate = {
            // Constraints made in updateConstraints take effect in the same pass.
            inner.widthAnchor.constraint(equalTo: outer.widthAnchor, multiplier: 0.5).isActive = true
        }
        LayoutConstraint.activate([
            width, outer.heightAnchor.constraint(equalToConstant: 10), outer.leftAnchor.constraint(equalTo: stage.root.leftAnchor),
            outer.topAnchor.constraint(equalTo: stage.root.topAnchor), inner.leftAnchor.constraint(equalTo: outer.leftAnchor),
            inner.topAnchor.constraint(equalTo: outer.topAnchor), inner.heightAnchor.constraint(equalToConstant: 5),
        ])
        outer.setNeedsUpdateConstraints()
        inner.setNeedsUpdateConstraints()
        #expect(inner.needsUpdateConstraints())
        stage.window.layoutIfNeeded()
        #expect(journal.entries == ["update inner", "update outer", "layout outer 100", "layout inner 50"])
        #expect(inner.frame.width == 50 && !inner.needsUpdateConstraints())
        journal.entries = []
        inner.onUpdate = nil
        width.constant = 200
        stage.window.layoutIfNeeded()
        #expect(journal.entries == ["layout outer 200", "layout inner 100"])
    }

    @Test func aViewControllerHearsAroundItsViewsLayout() {
        let journal = Journal()
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let controller = PassRecordingController(journal)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let box = View()
        box.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(box)
        let height = box.heightAnchor.constraint(equalToConstant: 10)
        LayoutConstraint.activate([
            box.topAnchor.constraint(equalTo: controller.view.topAnchor), box.leftAnchor.constraint(equalTo: controller.view.leftAnchor),
            box.widthAnchor.constraint(equalToConstant: 10), height,
        ])
        journal.entries = []
        controller.view.setNeedsUpdateConstraints()
        height.constant = 30
        window.advance(to: 0.1)
        #expect(journal.entries == ["updateViewConstraints", "willLayout", "didLayout"])
        #expect(box.frame.height == 30)
    }

    @Test func layoutIfNeededOnASubviewLaysOutTheAncestorsThatNeedIt() {
        let stage = LayoutStage()
        let box = stage.constrained()
        let inner = stage.constrained(in: box)
        let width = box.widthAnchor.constraint(equalToConstant: 100)
        LayoutConstraint.activate([
            width, box.heightAnchor.constraint(equalToConstant: 10), box.leftAnchor.constraint(equalTo: stage.root.leftAnchor),
            box.topAnchor.constraint(equalTo: stage.root.topAnchor), inner.widthAnchor.constraint(equalTo: box.widthAnchor),
            inner.heightAnchor.constraint(equalTo: box.heightAnchor), inner.leftAnchor.constraint(equalTo: box.leftAnchor),
            inner.topAnchor.constraint(equalTo: box.topAnchor),
        ])
        stage.window.layoutIfNeeded()
        width.constant = 150
        // Called on the innermost view: its superview's frame is due from the root's pass.
        inner.layoutIfNeeded()
        #expect(box.frame.width == 150 && inner.frame.width == 150)
    }

    @Test func aFrameSetByHandInLayoutSubviewsWinsWithoutAnotherPass() {
        let journal = Journal()
        let stage = LayoutStage()
        let host = HandPlacingView(journal)
        host.frame = Rect(x: 0, y: 0, width: 200, height: 200)
        stage.root.addSubview(host)
        let child = stage.constrained(in: host)
        host.child = child
        LayoutConstraint.activate([
            child.leftAnchor.constraint(equalTo: host.leftAnchor), child.topAnchor.constraint(equalTo: host.topAnchor),
            child.widthAnchor.constraint(equalToConstant: 50), child.heightAnchor.constraint(equalToConstant: 50),
        ])
        stage.window.layoutIfNeeded()
        #expect(child.frame == Rect(x: 10, y: 10, width: 30, height: 30))
        #expect(journal.entries == ["placed"])
        stage.window.advance(to: 0.1)
        stage.window.layoutIfNeeded()
        #expect(journal.entries == ["placed"])
        #expect(child.frame == Rect(x: 10, y: 10, width: 30, height: 30))
        // When the host lays out again, the solved frame lands first and the hand has the last word.
        host.setNeedsLayout()
        stage.window.layoutIfNeeded()
        #expect(journal.entries == ["placed", "placed"])
    }

    @Test func aTransformIsKeptWhileTheFrameIsSolved() {
        let stage = LayoutStage()
        let box = stage.constrained()
        box.transform = AffineTransform(scaleX: 2, y: 2)
        LayoutConstraint.activate([
            box.widthAnchor.constraint(equalToConstant: 100), box.heightAnchor.constraint(equalToConstant: 50),
            box.leftAnchor.constraint(equalTo: stage.root.leftAnchor, constant: 10),
            box.topAnchor.constraint(equalTo: stage.root.topAnchor, constant: 10),
        ])
        stage.window.layoutIfNeeded()
        #expect(box.bounds.size == Size(width: 100, height: 50))
        #expect(box.center == Point(x: 60, y: 35))
        #expect(box.transform == AffineTransform(scaleX: 2, y: 2))
    }

    @Test func aDetachedTreeLaysOutAndJoinsAWindowWithItsConstraints() {
        let card = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let title = View()
        title.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(title)
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
            title.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -12),
            title.topAnchor.constraint(equalTo: card.topAnchor, constant: 12), title.heightAnchor.constraint(equalToConstant: 20),
        ])
        card.layoutIfNeeded()
        #expect(title.frame == Rect(x: 12, y: 12, width: 176, height: 20))
        let stage = LayoutStage()
        stage.root.addSubview(card)
        card.frame.size.width = 300
        stage.window.layoutIfNeeded()
        #expect(title.frame == Rect(x: 12, y: 12, width: 276, height: 20))
        card.removeFromSuperview()
        card.frame.size.width = 100
        card.layoutIfNeeded()
        #expect(title.frame.width == 76)
    }

    /// The root keeps its tree's engine, so the engine must not keep the tree: a window laid
    /// out by constraints is freed with its views, guides and constraints.
    @Test func aWindowLaidOutByConstraintsIsFreed() {
        weak var window: Window?
        weak var card: View?
        weak var height: LayoutConstraint?
        do {
            let stage = LayoutStage(safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
            let view = stage.constrained()
            let h = view.heightAnchor.constraint(equalToConstant: 80)
            LayoutConstraint.activate([
                view.topAnchor.constraint(equalTo: stage.window.safeAreaLayoutGuide.topAnchor),
                view.leadingAnchor.constraint(equalTo: stage.root.layoutMarginsGuide.leadingAnchor),
                view.widthAnchor.constraint(equalToConstant: 100), h,
            ])
            stage.window.layoutIfNeeded()
            #expect(view.frame == Rect(x: 8, y: 20, width: 100, height: 80))
            window = stage.window
            card = view
            height = h
        }
        #expect(window == nil)
        #expect(card == nil)
        #expect(height == nil)
    }
}
