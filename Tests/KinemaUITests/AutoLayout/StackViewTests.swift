import KinemaGeometry
import KinemaLayers
import KinemaTiming
import KinemaUI
import Testing

/// A stack of three views with intrinsic sizes 40 × 20, 60 × 40 and 80 × 30, 10 points apart,
/// in a fixed 320 × 100 frame (a vertical stack gets 200 × 400).
private final class ThreeStack {
    let stage = LayoutStage()
    let stack: StackView
    let a = SizedView(40, 20)
    let b = SizedView(60, 40)
    let c = SizedView(80, 30)

    init(axis: LayoutConstraint.Axis = .horizontal, _ configure: (StackView) -> Void = { _ in }) {
        stack = StackView(arrangedSubviews: [a, b, c])
        stack.frame = axis == .horizontal ? Rect(x: 0, y: 0, width: 320, height: 100) : Rect(x: 0, y: 0, width: 200, height: 400)
        stack.axis = axis
        stack.spacing = 10
        configure(stack)
        stage.root.addSubview(stack)
        stage.window.advance(to: 0)
    }

    var frames: [Rect] { [a.frame, b.frame, c.frame] }
    var xs: [ClosedRange<Double>] { frames.map { $0.minX...$0.maxX } }
    var ys: [ClosedRange<Double>] { frames.map { $0.minY...$0.maxY } }
}

@Suite struct StackViewTests {
    @Test func defaultsAreUIKits() {
        let stack = StackView()
        #expect(stack.axis == .horizontal && stack.distribution == .fill && stack.alignment == .fill)
        #expect(stack.spacing == 0 && !stack.isLayoutMarginsRelativeArrangement)
        let view = View()
        stack.addArrangedSubview(view)
        #expect(!view.translatesAutoresizingMaskIntoConstraints && view.superview === stack)
        #expect(StackView.Alignment.top == .leading && StackView.Alignment.bottom == .trailing)
    }

    @Test(arguments: [
        (StackView.Distribution.fill, [0.0...40, 50...110, 120...320]),
        (.fillEqually, [0...100, 110...210, 220...320]),
        // 40 : 60 : 80 of the stack's 320 with the spacing counted in the whole (200), at
        // priorities 999, 998, 997: the last view takes what the first two leave.
        (.fillProportionally, [0...64, 74...170, 180...320]),
        (.equalSpacing, [0...40, 110...170, 240...320]),
        (.equalCentering, [0...40, 120...180, 240...320]),
    ])
    func distributions(distribution: StackView.Distribution, expected: [ClosedRange<Double>]) {
        let s = ThreeStack { $0.distribution = distribution }
        #expect(s.xs == expected)
        #expect(s.ys == [0...100, 0...100, 0...100])
        #expect(![s.a, s.b, s.c].contains { $0.hasAmbiguousLayout })
    }

    @Test func fillStretchesTheViewThatHugsLeast() {
        let s = ThreeStack { _ in }
        s.b.setContentHuggingPriority(249, for: .horizontal)
        s.stage.window.layoutIfNeeded()
        #expect(s.xs == [0...40, 50...230, 240...320])
    }

    @Test func fillCompressesTheViewThatResistsLeast() {
        let s = ThreeStack { $0.frame.size.width = 150 }
        #expect(s.xs == [0...40, 50...110, 120...150])
        s.a.setContentCompressionResistancePriority(749, for: .horizontal)
        s.stack.frame.size.width = 170
        s.stage.window.layoutIfNeeded()
        #expect(s.xs == [0...10, 20...80, 90...170])
    }

    @Test(arguments: [
        (StackView.Alignment.fill, [0.0...100, 0...100, 0...100]),
        (.leading, [0...20, 0...40, 0...30]),
        (.top, [0...20, 0...40, 0...30]),
        (.center, [40...60, 30...70, 35...65]),
        (.trailing, [80...100, 60...100, 70...100]),
        (.bottom, [80...100, 60...100, 70...100]),
        // Views without text have their baselines at the bottom; the group sits at the top.
        (.firstBaseline, [20...40, 0...40, 10...40]),
        (.lastBaseline, [20...40, 0...40, 10...40]),
    ])
    func alignments(alignment: StackView.Alignment, expected: [ClosedRange<Double>]) {
        let s = ThreeStack { $0.alignment = alignment }
        #expect(s.ys == expected)
        #expect(s.xs == [0...40, 50...110, 120...320])
    }

    @Test func aVerticalStackSwapsTheAxes() {
        let s = ThreeStack(axis: .vertical) { $0.alignment = .center }
        #expect(s.ys == [0...20, 30...70, 80...400])
        #expect(s.xs == [80...120, 70...130, 60...140])
    }

    @Test func labelsInAFirstBaselineStackShareTheirBaseline() {
        let stage = LayoutStage()
        let big = Label()
        big.font = .systemFont(ofSize: 30)
        big.text = "Big"
        let small = Label()
        small.font = .systemFont(ofSize: 12)
        small.text = "small"
        let stack = StackView(arrangedSubviews: [big, small])
        stack.alignment = .firstBaseline
        stack.spacing = 6
        stack.translatesAutoresizingMaskIntoConstraints = false
        stage.root.addSubview(stack)
        LayoutConstraint.activate([
            stack.leftAnchor.constraint(equalTo: stage.root.leftAnchor), stack.topAnchor.constraint(equalTo: stage.root.topAnchor),
        ])
        stage.window.layoutIfNeeded()
        let baseline = TextLayoutProbe.drawnBaseline(of:)
        #expect(abs(baseline(big) - baseline(small)) <= 0.5)
        #expect(stack.frame.height == big.frame.height && big.frame.minY == 0)
        #expect(stack.frame.width == big.frame.width + 6 + small.frame.width)
    }

    @Test func customSpacingAndMargins() {
        let s = ThreeStack {
            $0.isLayoutMarginsRelativeArrangement = true
            $0.distribution = .equalSpacing
        }
        s.stack.setCustomSpacing(30, after: s.a)
        #expect(s.stack.customSpacing(after: s.a) == 30)
        #expect(s.stack.customSpacing(after: s.b) == StackView.spacingUseDefault)
        s.stage.window.layoutIfNeeded()
        // Margins of 8 leave 304 × 84; the equal gaps (62 each) are at least 30 and 10.
        #expect(s.xs == [8...48, 110...170, 232...312])
        #expect(s.ys == [8...92, 8...92, 8...92])
        s.stack.setCustomSpacing(StackView.spacingUseDefault, after: s.a)
        #expect(s.stack.customSpacing(after: s.a) == StackView.spacingUseDefault)
    }

    @Test func aStackWithoutASizeHugsItsViews() {
        let stage = LayoutStage()
        let a = SizedView(40, 20)
        let b = SizedView(60, 40)
        let stack = StackView(arrangedSubviews: [a, b])
        stack.spacing = 4
        stack.translatesAutoresizingMaskIntoConstraints = false
        stage.root.addSubview(stack)
        LayoutConstraint.activate([
            stack.leftAnchor.constraint(equalTo: stage.root.leftAnchor, constant: 10),
            stack.topAnchor.constraint(equalTo: stage.root.topAnchor, constant: 10),
        ])
        stage.window.layoutIfNeeded()
        #expect(stack.frame == Rect(x: 10, y: 10, width: 104, height: 40))
        stack.alignment = .center
        stage.window.layoutIfNeeded()
        #expect(stack.frame == Rect(x: 10, y: 10, width: 104, height: 40))
        #expect(a.frame == Rect(x: 0, y: 10, width: 40, height: 20))
    }

    @Test func aHiddenViewCollapsesWithOneGap() {
        let s = ThreeStack { _ in }
        s.b.isHidden = true
        s.stage.window.layoutIfNeeded()
        #expect(s.b.isHidden && s.b.layer.isHidden)
        #expect(s.a.frame.maxX == 40 && s.b.frame.width == 0 && s.c.frame.minX == 50 && s.c.frame.maxX == 320)
        #expect(s.b.superview === s.stack && s.stack.arrangedSubviews.count == 3)
        s.a.isHidden = true
        s.stage.window.layoutIfNeeded()
        #expect(s.c.frame.minX == 0)
        s.a.isHidden = false
        s.b.isHidden = false
        s.stage.window.layoutIfNeeded()
        #expect(s.xs == [0...40, 50...110, 120...320])
    }

    @Test func hidingInsideAnAnimationBlockAnimatesTheCollapse() {
        let s = ThreeStack { $0.distribution = .fillEqually }
        var finished: Bool?
        View.animate(withDuration: 1, animations: { s.b.isHidden = true }, completion: { finished = $0 })
        // isHidden answers at once; the layer stays visible while the row collapses.
        #expect(s.b.isHidden && !s.b.layer.isHidden)
        // Final: two views of 155.
        #expect(s.c.frame.minX == 165)
        let p = TimingFunction.easeInEaseOut.solve(0.5)
        let shownC = s.c.layer.presentation(at: 0.5)
        #expect(abs((shownC.position.x - shownC.bounds.width / 2) - (220 + (165 - 220) * p)) < 1e-9)
        s.stage.window.advance(to: 1.01)
        s.stage.window.advance(to: 1.02)
        #expect(s.b.layer.isHidden && finished == true)
        // Showing again inside a block: visible at once, expanding.
        View.animate(withDuration: 1) { s.b.isHidden = false }
        #expect(!s.b.isHidden && !s.b.layer.isHidden)
        #expect(s.b.frame.width == 100)
    }

    @Test func removingArrangedViews() {
        let s = ThreeStack { _ in }
        s.stack.removeArrangedSubview(s.b)
        s.stage.window.layoutIfNeeded()
        #expect(s.stack.arrangedSubviews.count == 2 && s.b.superview === s.stack)
        #expect(s.a.frame.maxX == 40 && s.c.frame.minX == 50)
        s.c.removeFromSuperview()
        s.stage.window.layoutIfNeeded()
        #expect(s.stack.arrangedSubviews.map { ObjectIdentifier($0) } == [ObjectIdentifier(s.a)])
        #expect(s.a.frame == Rect(x: 0, y: 0, width: 320, height: 100))
        s.stack.insertArrangedSubview(s.c, at: 0)
        s.stage.window.layoutIfNeeded()
        #expect(s.c.frame.minX == 0 && s.a.frame.minX == 90)
    }

    @Test func aChangedSpacingKeepsTheSameConstraints() {
        let s = ThreeStack { _ in }
        let before = Set(s.stack.constraints.map { ObjectIdentifier($0) })
        s.stack.spacing = 20
        let after = Set(s.stack.constraints.map { ObjectIdentifier($0) })
        #expect(before == after)
        s.stage.window.layoutIfNeeded()
        #expect(s.xs == [0...40, 60...120, 140...320])
        #expect(s.stack.constraints.contains { $0.identifier == "UISV-spacing" && $0.constant == 20 })
    }
}
