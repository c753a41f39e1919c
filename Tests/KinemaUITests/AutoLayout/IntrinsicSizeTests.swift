import KinemaGeometry
import KinemaLayers
import KinemaUI
import Testing

/// Two views of intrinsic widths 100 and 60 in a row between the edges of a container of
/// `width`, with the given hugging and compression priorities (horizontal).
private func row(width: Double, hugging: (Float, Float), compression: (Float, Float) = (750, 750)) -> (View, View) {
    let stage = LayoutStage()
    let container = stage.constrained()
    let a = SizedView(100, 20)
    let b = SizedView(60, 20)
    container.addSubview(a)
    container.addSubview(b)
    a.setContentHuggingPriority(LayoutPriority(hugging.0), for: .horizontal)
    b.setContentHuggingPriority(LayoutPriority(hugging.1), for: .horizontal)
    a.setContentCompressionResistancePriority(LayoutPriority(compression.0), for: .horizontal)
    b.setContentCompressionResistancePriority(LayoutPriority(compression.1), for: .horizontal)
    LayoutConstraint.activate([
        container.leftAnchor.constraint(equalTo: stage.root.leftAnchor),
        container.topAnchor.constraint(equalTo: stage.root.topAnchor),
        container.widthAnchor.constraint(equalToConstant: width),
        container.heightAnchor.constraint(equalToConstant: 20),
        a.leadingAnchor.constraint(equalTo: container.leadingAnchor),
        b.leadingAnchor.constraint(equalTo: a.trailingAnchor),
        b.trailingAnchor.constraint(equalTo: container.trailingAnchor),
        a.topAnchor.constraint(equalTo: container.topAnchor),
        b.topAnchor.constraint(equalTo: container.topAnchor),
    ])
    stage.window.layoutIfNeeded()
    return (a, b)
}

@Suite struct IntrinsicSizeTests {
    @Test(arguments: [(Float(249), Float(250), true), (250, 251, true), (251, 250, false), (250, 249, false)])
    func theViewThatHugsLessStretches(a: Float, b: Float, aStretches: Bool) {
        let (va, vb) = row(width: 300, hugging: (a, b))
        #expect(va.frame.height == 20 && vb.frame.height == 20)
        if aStretches {
            #expect(va.frame.width == 240 && vb.frame.width == 60)
        } else {
            #expect(va.frame.width == 100 && vb.frame.width == 200)
        }
        #expect(vb.frame.maxX == 300)
    }

    @Test(arguments: [(Float(749), Float(750), true), (750, 751, true), (751, 750, false)])
    func theViewThatResistsLessIsCompressed(a: Float, b: Float, aShrinks: Bool) {
        let (va, vb) = row(width: 120, hugging: (250, 250), compression: (a, b))
        if aShrinks {
            #expect(va.frame.width == 60 && vb.frame.width == 60)
        } else {
            #expect(va.frame.width == 100 && vb.frame.width == 20)
        }
    }

    @Test func equalPrioritiesAreStillDecided() {
        // UIKit leaves an equal-hugging row ambiguous and picks one; Kinema picks the same one
        // every run (the solver breaks ties by creation order).
        let first = row(width: 300, hugging: (250, 250))
        let second = row(width: 300, hugging: (250, 250))
        #expect(first.0.frame == second.0.frame && first.1.frame == second.1.frame)
        #expect(first.0.frame.width + first.1.frame.width == 300)
    }

    @Test func defaultsAreUIKitsForViewsMadeInCode() {
        let v = View()
        #expect(v.contentHuggingPriority(for: .horizontal) == 250)
        #expect(v.contentHuggingPriority(for: .vertical) == .defaultLow)
        #expect(v.contentCompressionResistancePriority(for: .horizontal) == 750)
        #expect(v.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
        #expect(v.translatesAutoresizingMaskIntoConstraints)
        #expect(v.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
    }

    @Test func aLabelSizesItselfAndFollowsItsText() {
        let stage = LayoutStage()
        let label = Label()
        label.translatesAutoresizingMaskIntoConstraints = false
        label.text = "Hi"
        stage.root.addSubview(label)
        LayoutConstraint.activate([
            label.leftAnchor.constraint(equalTo: stage.root.leftAnchor, constant: 10),
            label.topAnchor.constraint(equalTo: stage.root.topAnchor, constant: 10),
        ])
        stage.window.layoutIfNeeded()
        #expect(label.frame.size == label.intrinsicContentSize)
        let short = label.frame.width
        label.text = "Hello, constraints"
        stage.window.layoutIfNeeded()
        #expect(label.frame.size == label.intrinsicContentSize)
        #expect(label.frame.width > 3 * short)
    }

    @Test func anInvalidatedIntrinsicSizeIsReadAgain() {
        let stage = LayoutStage()
        let v = SizedView(40, 40)
        stage.root.addSubview(v)
        LayoutConstraint.activate([
            v.leftAnchor.constraint(equalTo: stage.root.leftAnchor), v.topAnchor.constraint(equalTo: stage.root.topAnchor),
        ])
        stage.window.layoutIfNeeded()
        #expect(v.frame.size == Size(width: 40, height: 40))
        v.size = Size(width: 90, height: 10)
        stage.window.layoutIfNeeded()
        // Cached until invalidated, as UIKit caches it.
        #expect(v.frame.size == Size(width: 40, height: 40))
        v.invalidateIntrinsicContentSize()
        stage.window.layoutIfNeeded()
        #expect(v.frame.size == Size(width: 90, height: 10))
    }

    @Test func systemLayoutSizeFittingMeasuresWithoutMoving() {
        let cell = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let content = SizedView(120, 30)
        cell.addSubview(content)
        LayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 16),
            content.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -16),
            content.topAnchor.constraint(equalTo: cell.topAnchor, constant: 8),
            content.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -8),
        ])
        #expect(cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 152, height: 46))
        // A required width is kept; the height follows from the content.
        let fixed = cell.systemLayoutSizeFitting(
            Size(width: 300, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        #expect(fixed == Size(width: 300, height: 46))
        #expect(cell.frame == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func aLabelOfSeveralLinesWrapsAtTheWidthLayoutGivesIt() {
        let stage = LayoutStage()
        let label = Label()
        label.translatesAutoresizingMaskIntoConstraints = false
        label.numberOfLines = 0
        label.text = String(repeating: "wrap me ", count: 12)
        stage.root.addSubview(label)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: stage.root.leadingAnchor, constant: 20),
            label.widthAnchor.constraint(equalToConstant: 150),
            label.topAnchor.constraint(equalTo: stage.root.topAnchor),
        ])
        stage.window.layoutIfNeeded()
        let oneLine = label.font.pointSize * 1.5
        #expect(label.frame.width == 150)
        #expect(label.frame.height > 3 * oneLine, "wrapped at 150 points: \(label.frame)")
        #expect(label.frame.size.height == label.sizeThatFits(Size(width: 150, height: 0)).height)
        label.preferredMaxLayoutWidth = 300
        stage.window.layoutIfNeeded()
        #expect(label.frame.height == label.sizeThatFits(Size(width: 300, height: 0)).height)
    }

    @Test func aLabelMeasuredAloneFitsItsText() {
        let label = Label()
        label.text = "Fits its text"
        #expect(label.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == label.intrinsicContentSize)
        #expect(label.frame.size == .zero)
    }

    @Test func firstBaselinesOfDifferentFontsLineUp() {
        let stage = LayoutStage()
        let big = Label()
        big.font = .systemFont(ofSize: 34)
        big.text = "Title"
        let small = Label()
        small.font = .systemFont(ofSize: 13)
        small.text = "caption"
        for l in [big, small] {
            l.translatesAutoresizingMaskIntoConstraints = false
            stage.root.addSubview(l)
        }
        LayoutConstraint.activate([
            big.leftAnchor.constraint(equalTo: stage.root.leftAnchor),
            big.topAnchor.constraint(equalTo: stage.root.topAnchor, constant: 50),
            small.leftAnchor.constraint(equalTo: big.rightAnchor, constant: 8),
            small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor),
        ])
        stage.window.layoutIfNeeded()
        // Each label draws its text centred vertically; its baseline is where the text's is.
        let baseline = TextLayoutProbe.drawnBaseline(of:)
        #expect(abs(baseline(big) - baseline(small)) <= 0.5)
        #expect(small.frame.minY > big.frame.minY + 10)
    }
}
