import KinemaGeometry
import KinemaUI
import Testing

@Suite struct DynamicsItemCollectionTests {
    /// A small screen: a navigation bar (title label, button, zero-size separator), a clipping
    /// list scrolled by 100 pt with eight 50 pt rows of which the first two are out of sight, a hidden banner with a label, a transparent badge, and a view below the screen.
    struct Screen {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let bar = View(frame: Rect(x: 0, y: 0, width: 320, height: 64))
        let title = Label(frame: Rect(x: 100, y: 20, width: 120, height: 30))
        let button = Button(frame: Rect(x: 10, y: 20, width: 60, height: 30))
        let separator = View(frame: Rect(x: 0, y: 64, width: 320, height: 0))
        let list = View(frame: Rect(x: 0, y: 64, width: 320, height: 300))
        var rows: [View] = []
        var rowLabels: [Label] = []
        let banner = View(frame: Rect(x: 0, y: 380, width: 320, height: 40))
        let bannerLabel = Label(frame: Rect(x: 10, y: 5, width: 100, height: 30))
        let badge = View(frame: Rect(x: 280, y: 380, width: 20, height: 20))
        let below = View(frame: Rect(x: 10, y: 500, width: 20, height: 20))
        let empty = View(frame: Rect(x: 200, y: 430, width: 40, height: 40))

        init() {
            root.addSubview(bar)
            bar.addSubview(title)
            bar.addSubview(button)
            bar.addSubview(separator)
            root.addSubview(list)
            list.clipsToBounds = true
            list.bounds.origin = Point(x: 0, y: 100)
            for i in 0..<8 {
                let row = View(frame: Rect(x: 0, y: Double(i) * 50, width: 320, height: 50))
                let label = Label(frame: Rect(x: 16, y: 10, width: 200, height: 30))
                row.addSubview(label)
                list.addSubview(row)
                rows.append(row)
                rowLabels.append(label)
            }
            root.addSubview(banner)
            banner.addSubview(bannerLabel)
            banner.isHidden = true
            root.addSubview(badge)
            badge.alpha = 0
            root.addSubview(below)
            root.addSubview(empty)
        }
    }

    @Test func collectsTheDeepestVisibleViewsWithControlsAndLabelsAsAtoms() {
        let screen = Screen()
        let collection = DynamicItemCollection(collectingSubviewsOf: screen.root)
        // Rows 0 and 1 lie above the scrolled list's visible part (y 100…400 in the list).
        let visibleLabels: [View] = Array(screen.rowLabels[2..<8])
        let expected: [View] = [screen.title, screen.button] + visibleLabels + [screen.empty]
        #expect(collection.items.count == expected.count)
        #expect(zip(collection.items, expected).allSatisfy { $0 === $1 })
        // The button's own title label and image view are not items: the button is an atom.
        #expect(!collection.items.contains { $0 === screen.button.titleLabel })
    }

    @Test func reportsEveryViewItLeavesOut() {
        let screen = Screen()
        let collection = DynamicItemCollection(collectingSubviewsOf: screen.root)
        func reason(of view: View) -> DynamicItemDiagnostic.Reason? {
            collection.skipped.first { $0.view === view }?.reason
        }
        #expect(reason(of: screen.separator) == .zeroSize)
        // Rows scrolled out of the clipping list: one diagnostic each, not one per subview.
        #expect(reason(of: screen.rows[0]) == .clipped)
        #expect(reason(of: screen.rows[1]) == .clipped)
        #expect(reason(of: screen.rowLabels[0]) == nil)
        #expect(reason(of: screen.banner) == .hidden)
        #expect(reason(of: screen.bannerLabel) == nil)  // reported through its hidden ancestor
        #expect(reason(of: screen.badge) == .transparent)
        #expect(reason(of: screen.below) == .outsideReferenceBounds)
        #expect(collection.skipped.count == 6)
        #expect(collection.skipped.allSatisfy { !$0.description.isEmpty })
        #expect("\(collection.skipped[0])".contains("zero size"))
    }

    @Test func neverReturnsAViewWithItsAncestor() {
        let screen = Screen()
        let items = DynamicItemCollection(collectingSubviewsOf: screen.root).items
        for (i, a) in items.enumerated() {
            for b in items[(i + 1)...] {
                #expect(!a.isDescendant(of: b) && !b.isDescendant(of: a))
            }
        }
    }

    @Test func aContainerWhoseSubviewsAreAllUnusableFallsItself() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let card = View(frame: Rect(x: 20, y: 20, width: 100, height: 80))
        let spacer = View(frame: Rect(x: 0, y: 0, width: 0, height: 0))
        root.addSubview(card)
        card.addSubview(spacer)
        let collection = DynamicItemCollection(collectingSubviewsOf: root)
        #expect(collection.items.count == 1 && collection.items.first === card)
        #expect(collection.skipped.map(\.reason) == [.zeroSize])
    }
}
