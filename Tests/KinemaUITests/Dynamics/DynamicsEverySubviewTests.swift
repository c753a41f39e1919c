import KinemaDynamics
import KinemaGeometry
import KinemaUI
import TestSupport
import Testing

/// Criterion 7 of docs/dynamics-notes.md: "every subview falls" on a 500-view screen with zero-size
/// views, hidden views, a scrolled list of 200 rows (20 of them hidden in a reuse pool) and a
/// navigation-bar-like hierarchy, driven through a window at 60 Hz.
@Suite struct DynamicsEverySubviewTests {
    struct Screen {
        let window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let screen = View(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        let navigationBar = View(frame: Rect(x: 0, y: 0, width: 375, height: 88))
        let barBackground = View(frame: Rect(x: 0, y: 0, width: 375, height: 88))
        let barShadow = View(frame: Rect(x: 0, y: 88, width: 375, height: 0))
        let barEffect = View(frame: Rect(x: 0, y: 0, width: 375, height: 88))
        let barContent = View(frame: Rect(x: 0, y: 44, width: 375, height: 44))
        let backButton = Button(frame: Rect(x: 8, y: 6, width: 70, height: 32))
        let title = Label(frame: Rect(x: 120, y: 10, width: 135, height: 24))
        let rightButton = Button(frame: Rect(x: 310, y: 6, width: 57, height: 32))
        let layoutGuide = View(frame: .zero)
        let largeTitle = View(frame: Rect(x: 0, y: 88, width: 375, height: 52))
        let list = View(frame: Rect(x: 0, y: 88, width: 375, height: 579))
        var rows: [View] = []
        var separators: [View] = []
        let scrollIndicator = View(frame: Rect(x: 369, y: 440, width: 3, height: 100))
        let toolbar = View(frame: Rect(x: 0, y: 623, width: 375, height: 44))

        init() {
            window.addSubview(screen)
            screen.addSubview(navigationBar)
            navigationBar.addSubview(barBackground)
            barBackground.addSubview(barShadow)
            barBackground.addSubview(barEffect)
            navigationBar.addSubview(barContent)
            barContent.addSubview(backButton)
            barContent.addSubview(title)
            barContent.addSubview(rightButton)
            barContent.addSubview(layoutGuide)
            navigationBar.addSubview(largeTitle)
            largeTitle.addSubview(Label(frame: Rect(x: 16, y: 8, width: 200, height: 36)))
            largeTitle.isHidden = true
            screen.addSubview(list)
            list.clipsToBounds = true
            list.bounds.origin = Point(x: 0, y: 440)  // scrolled by ten 44 pt rows
            for i in 0..<200 {
                let row = View(frame: Rect(x: 0, y: Double(i) * 44, width: 375, height: 44))
                row.addSubview(Label(frame: Rect(x: 16, y: 10, width: 300, height: 24)))
                if i < 72 {
                    let separator = View(frame: Rect(x: 16, y: 44, width: 0, height: 0))
                    row.addSubview(separator)
                    separators.append(separator)
                }
                row.isHidden = i >= 180  // the reuse pool
                list.addSubview(row)
                rows.append(row)
            }
            list.addSubview(scrollIndicator)
            scrollIndicator.alpha = 0
            screen.addSubview(toolbar)
            for i in 0..<3 {
                toolbar.addSubview(Button(frame: Rect(x: 20 + Double(i) * 120, y: 6, width: 90, height: 32)))
            }
        }
    }

    @Test func theTreeHas500Views() {
        #expect(Screen().screen.subtree.count == 500)
    }

    /// The items' friction: UIKit's default (0.2, with its default elasticity 0.2 and resistance
    /// 0.1), as in the every-view-falls post, or set by an item behaviour.
    struct Case: CustomTestStringConvertible, Sendable {
        let friction: Double?
        var testDescription: String { friction.map { "friction \($0)" } ?? "UIKit's defaults" }
    }

    /// The criterion's time to rest, s, and how long the test lets a pile run to see it rest.
    static let restsWithin = 10.0
    static let runsAtMost = 40.0

    @Test(arguments: [Case(friction: nil), Case(friction: 0.5)])
    func everythingFallsAndComesToRestWithDiagnosticsInsteadOfCrashes(_ c: Case) throws {
        let s = Screen()
        let collection = DynamicItemCollection(collectingSubviewsOf: s.screen)
        func reasons(_ reason: DynamicItemDiagnostic.Reason) -> [View] {
            collection.skipped.filter { $0.reason == reason }.map(\.view)
        }
        // Zero-size views are reported: the bar's shadow, the layout guide and the separators of
        // the rows in sight (rows 10…23 of the scrolled list; rows below 72 carry one).
        let zero = reasons(.zeroSize)
        #expect(zero.contains { $0 === s.barShadow } && zero.contains { $0 === s.layoutGuide })
        #expect(zero.filter { v in s.separators.contains { $0 === v } }.count == 14)
        #expect(reasons(.hidden).count == 21)  // the large title and the 20 pooled rows
        #expect(reasons(.transparent).count == 1)
        // The list shows y 440…1019 of its content: rows 10…22 whole, row 23 (1012…1056) in
        // part, its label (1022…1046) not at all. Rows 0…9 and 24…179 are clipped whole.
        #expect(reasons(.clipped).count == 10 + 156 + 1)
        // Row 23 has nothing visible inside, and its centre is below the screen.
        #expect(reasons(.outsideReferenceBounds).map { $0 === s.rows[23] } == [true])
        // Items: the bar's effect view, two buttons and a title, 13 row labels, 3 toolbar buttons.
        #expect(collection.items.count == 1 + 3 + 13 + 3)
        #expect(collection.items.allSatisfy { $0.bounds.width > 0 && $0.bounds.height > 0 && !$0.isHidden })

        // Animate them, plus two items the animator must refuse with a diagnostic: the bar's
        // content view (an ancestor of three items) and a zero-size view.
        let animator = DynamicAnimator(referenceView: s.screen)
        let items: [any DynamicItem] = collection.items + [s.barContent, s.layoutGuide]
        animator.addBehavior(GravityBehavior(items: items))
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        if let friction = c.friction {
            let properties = DynamicItemBehavior(items: items)
            properties.friction = friction
            animator.addBehavior(properties)
        }
        let frameLimit = Int(Self.runsAtMost * 60)
        var frame = 0
        repeat {
            frame += 1
            s.window.advance(to: Double(frame) / 60)
        } while animator.isRunning && frame < frameLimit
        #expect(!animator.isRunning, "still running after \(Self.runsAtMost) s")
        let restTime = Double(frame) / 60
        #expect(restTime <= Self.restsWithin, "rested at \(restTime) s")

        let diagnostics = animator.diagnostics
        for nested in [s.title, s.backButton, s.rightButton] as [View] {
            #expect(animator.dynamicState(of: nested) == nil)
        }
        #expect(diagnostics.filter { $0.contains("also animated") }.count == 3, "\(diagnostics)")
        #expect(diagnostics.contains { $0.contains("size must be finite and greater than zero") }, "\(diagnostics)")
        #expect(animator.dynamicState(of: s.layoutGuide) == nil)

        // Everything that falls rests inside the screen, drawn where it was simulated.
        let falling: [View] = collection.items.filter { !$0.isDescendant(of: s.barContent) } + [s.barContent]
        for view in falling {
            let state = try #require(animator.dynamicState(of: view))
            #expect(state.isAtRest)
            let drawn = view.convert(view.bounds, to: s.screen)
            #expect(drawn.maxY <= 667.5 && drawn.minY >= -0.5 && drawn.minX >= -0.5 && drawn.maxX <= 375.5, "\(drawn)")
            #expect(isClose(drawnPose(of: view).center, state.center, 1e-6))
        }
        // The containers stay.
        #expect(s.list.frame == Rect(x: 0, y: 88, width: 375, height: 579))
        #expect(s.rows[12].frame == Rect(x: 0, y: 12 * 44, width: 375, height: 44))
        #expect(s.navigationBar.frame == Rect(x: 0, y: 0, width: 375, height: 88))
    }
}
