import KinemaGeometry
import KinemaLayers
import KinemaUI
import Testing

@Suite struct LayoutConstraintTests {
    @Test func anchorsPinAViewInsideItsSuperview() {
        let stage = LayoutStage()
        let card = stage.constrained()
        LayoutConstraint.activate([
            card.leadingAnchor.constraint(equalTo: stage.root.leadingAnchor, constant: 16),
            card.trailingAnchor.constraint(equalTo: stage.root.trailingAnchor, constant: -16),
            card.topAnchor.constraint(equalTo: stage.root.topAnchor, constant: 40),
            card.heightAnchor.constraint(equalToConstant: 80),
        ])
        #expect(card.frame == .zero)
        stage.root.layoutIfNeeded()
        #expect(card.frame == Rect(x: 16, y: 40, width: 343, height: 80))
        // A constraint on one view is installed on it; one between views on their ancestor.
        #expect(card.constraints.count == 1)
        #expect(stage.root.constraints.count == 3)
        #expect(!card.hasAmbiguousLayout)
    }

    @Test func aMultiplierOnACentreIsMeasuredInTheAncestorsOwnCoordinates() {
        let stage = LayoutStage()
        let dot = stage.constrained()
        LayoutConstraint.activate([
            dot.widthAnchor.constraint(equalToConstant: 10), dot.heightAnchor.constraint(equalToConstant: 10),
            NSLike.make(dot, .centerX, .equal, stage.root, .centerX, 0.5, 0),
            dot.centerYAnchor.constraint(equalTo: stage.root.centerYAnchor),
        ])
        stage.root.frame = Rect(x: 100, y: 0, width: 200, height: 400)
        stage.window.layoutIfNeeded()
        // centerX = 0.5 × (200 / 2): a quarter of the superview's width, whatever its origin.
        #expect(dot.center == Point(x: 50, y: 200))
    }

    @Test func cousinsAreRelatedThroughTheirCommonAncestor() {
        let stage = LayoutStage()
        let left = stage.constrained()
        let right = stage.constrained()
        let inner = stage.constrained(in: right)
        LayoutConstraint.activate([
            left.leadingAnchor.constraint(equalTo: stage.root.leadingAnchor, constant: 10),
            left.topAnchor.constraint(equalTo: stage.root.topAnchor, constant: 10),
            left.widthAnchor.constraint(equalToConstant: 100), left.heightAnchor.constraint(equalToConstant: 50),
            right.leadingAnchor.constraint(equalTo: left.trailingAnchor, constant: 20),
            right.topAnchor.constraint(equalTo: left.topAnchor),
            right.widthAnchor.constraint(equalToConstant: 200), right.heightAnchor.constraint(equalToConstant: 200),
            // Inner's left edge lines up with left's right edge, across two coordinate systems.
            inner.leadingAnchor.constraint(equalTo: left.trailingAnchor),
            inner.topAnchor.constraint(equalTo: left.bottomAnchor),
            inner.widthAnchor.constraint(equalTo: left.widthAnchor, multiplier: 0.5),
            inner.heightAnchor.constraint(equalTo: inner.widthAnchor),
        ])
        stage.window.layoutIfNeeded()
        #expect(right.frame == Rect(x: 130, y: 10, width: 200, height: 200))
        #expect(inner.frame == Rect(x: -20, y: 50, width: 50, height: 50))
        #expect(stage.root.constraints.count == 7 && left.constraints.count == 2)
        #expect(right.constraints.count == 2 && inner.constraints.count == 1)
    }

    @Test func invalidConstraintsAreReportedAndStayInactive() {
        let stage = LayoutStage()
        let a = stage.constrained()
        let b = stage.constrained()
        let positionToSize = NSLike.make(a, .left, .equal, b, .width, 1, 0)
        let positionToConstant = LayoutConstraint(
            item: a, attribute: .top, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1,
            constant: 5)
        let acrossAxes = NSLike.make(a, .left, .equal, b, .top, 1, 0)
        let stranger = View()
        let noAncestor = a.widthAnchor.constraint(equalTo: stranger.widthAnchor)
        for c in [positionToSize, positionToConstant, acrossAxes, noAncestor] {
            c.isActive = true
            #expect(!c.isActive)
        }
        stage.window.advance(to: 0.1)
        let log = stage.diagnostics.joined(separator: "\n")
        #expect(log.contains("a size cannot be related to a position (left and width)"))
        #expect(log.contains("a position (top) cannot equal a constant"))
        #expect(log.contains("positions on different axes cannot be related (left and top)"))
        #expect(log.contains("no common ancestor"))
    }

    @Test func nonFiniteNumbersNeverReachTheEngine() {
        let stage = LayoutStage()
        let a = stage.constrained()
        let w = a.widthAnchor.constraint(equalToConstant: 40)
        w.constant = .nan
        #expect(w.constant == 40)
        let bad = NSLike.make(a, .width, .equal, stage.root, .width, .infinity, 0)
        bad.isActive = true
        #expect(!bad.isActive)
        w.priority = LayoutPriority(.nan)
        #expect(w.priority == .required)
        w.priority = 1001
        #expect(w.priority == .required)
    }

    @Test func changingAConstantMovesTheViewAtTheNextPass() {
        let stage = LayoutStage()
        let card = stage.constrained()
        let height = card.heightAnchor.constraint(equalToConstant: 80)
        LayoutConstraint.activate([
            card.leadingAnchor.constraint(equalTo: stage.root.leadingAnchor),
            card.widthAnchor.constraint(equalToConstant: 100),
            card.topAnchor.constraint(equalTo: stage.root.topAnchor), height,
        ])
        stage.window.advance(to: 0.1)
        #expect(card.frame.height == 80)
        height.constant = 240
        #expect(card.frame.height == 80)
        stage.window.advance(to: 0.2)
        #expect(card.frame.height == 240)
        height.isActive = false
        #expect(!height.isActive && stage.root.constraints.count == 2 && card.constraints.count == 1)
    }

    @Test func aHigherPriorityWinsOverAnyNumberOfLowerOnes() {
        let stage = LayoutStage()
        let a = stage.constrained()
        var low: [LayoutConstraint] = []
        for _ in 0..<5 {
            let c = a.widthAnchor.constraint(equalToConstant: 100)
            c.priority = 750
            low.append(c)
        }
        let high = a.widthAnchor.constraint(equalToConstant: 300)
        high.priority = 751
        LayoutConstraint.activate(low + [high, a.heightAnchor.constraint(equalToConstant: 10)])
        LayoutConstraint.activate([
            a.leftAnchor.constraint(equalTo: stage.root.leftAnchor), a.topAnchor.constraint(equalTo: stage.root.topAnchor),
        ])
        stage.window.layoutIfNeeded()
        #expect(a.frame.width == 300)
        high.priority = 749
        stage.window.layoutIfNeeded()
        #expect(a.frame.width == 100)
        // Optional to required on an active constraint is refused, as UIKit refuses it.
        high.priority = .required
        #expect(high.priority == 749)
    }

    @Test func anUnsatisfiableConstraintIsBrokenAndLayoutGoesOn() {
        let stage = LayoutStage()
        let a = stage.constrained()
        a.accessibilityLabel = "card"
        let first = a.widthAnchor.constraint(equalToConstant: 100)
        let second = a.widthAnchor.constraint(equalToConstant: 200)
        second.identifier = "too-wide"
        LayoutConstraint.activate([
            first, second, a.heightAnchor.constraint(equalToConstant: 10),
            a.leftAnchor.constraint(equalTo: stage.root.leftAnchor), a.topAnchor.constraint(equalTo: stage.root.topAnchor),
        ])
        stage.window.advance(to: 0.1)
        #expect(a.frame == Rect(x: 0, y: 0, width: 100, height: 10))
        #expect(a.brokenLayoutConstraints.count == 1 && a.brokenLayoutConstraints.first === second)
        // The broken constraint stays active, as in UIKit; the engine ignores it.
        #expect(second.isActive)
        let log = stage.diagnostics.joined(separator: "\n")
        #expect(log.contains("Unable to simultaneously satisfy constraints"))
        #expect(log.contains("View:'card'.width == 100"))
        #expect(log.contains("Will attempt to recover by breaking constraint\n    <LayoutConstraint 'too-wide' View:'card'.width == 200>"))
        // Once the conflict goes, the broken constraint holds.
        first.isActive = false
        stage.window.advance(to: 0.2)
        #expect(a.frame.width == 200 && a.brokenLayoutConstraints.isEmpty)
    }

    @Test func ambiguityIsDetected() {
        let stage = LayoutStage()
        let a = stage.constrained()
        a.leftAnchor.constraint(equalTo: stage.root.leftAnchor).isActive = true
        a.topAnchor.constraint(equalTo: stage.root.topAnchor).isActive = true
        #expect(a.hasAmbiguousLayout)
        a.widthAnchor.constraint(equalToConstant: 10).isActive = true
        #expect(a.hasAmbiguousLayout)
        a.heightAnchor.constraint(equalToConstant: 10).isActive = true
        #expect(!a.hasAmbiguousLayout)
        #expect(!stage.root.hasAmbiguousLayout)
    }

    @Test func removingAViewDeactivatesTheConstraintsThatReachIt() {
        let stage = LayoutStage()
        let a = stage.constrained()
        let b = stage.constrained()
        let inner = stage.constrained(in: a)
        let between = b.topAnchor.constraint(equalTo: a.bottomAnchor)
        let own = inner.widthAnchor.constraint(equalTo: a.widthAnchor)
        LayoutConstraint.activate([between, own])
        a.removeFromSuperview()
        #expect(!between.isActive)
        #expect(own.isActive)
        stage.root.addSubview(a)
        #expect(own.isActive && !between.isActive)
    }

    @Test func systemSpacingIsEightPoints() {
        let stage = LayoutStage()
        let a = stage.constrained()
        let b = stage.constrained()
        LayoutConstraint.activate([
            a.leftAnchor.constraint(equalTo: stage.root.leftAnchor), a.topAnchor.constraint(equalTo: stage.root.topAnchor),
            a.widthAnchor.constraint(equalToConstant: 50), a.heightAnchor.constraint(equalToConstant: 20),
            b.leadingAnchor.constraint(equalToSystemSpacingAfter: a.trailingAnchor, multiplier: 2),
            b.topAnchor.constraint(equalToSystemSpacingBelow: a.bottomAnchor, multiplier: 1),
            b.widthAnchor.constraint(equalTo: a.widthAnchor), b.heightAnchor.constraint(equalTo: a.heightAnchor),
        ])
        stage.window.layoutIfNeeded()
        #expect(b.frame.origin == Point(x: 66, y: 28))
    }

    @Test func descriptionsReadLikeUIKits() {
        let stage = LayoutStage()
        let a = stage.constrained()
        a.accessibilityLabel = "a"
        stage.root.accessibilityLabel = "root"
        let c = NSLike.make(a, .width, .lessThanOrEqual, stage.root, .width, 0.5, -8)
        c.priority = 750
        c.identifier = "half"
        #expect(c.description == "<LayoutConstraint 'half' View:'a'.width <= 0.5*View:'root'.width - 8 @750 (inactive)>")
    }
}

/// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`, short.
enum NSLike {
    static func make(
        _ a: View, _ a1: LayoutConstraint.Attribute, _ r: LayoutConstraint.Relation, _ b: View?,
        _ a2: LayoutConstraint.Attribute, _ m: Double, _ c: Double
    ) -> LayoutConstraint {
        LayoutConstraint(item: a, attribute: a1, relatedBy: r, toItem: b, attribute: a2, multiplier: m, constant: c)
    }
}
