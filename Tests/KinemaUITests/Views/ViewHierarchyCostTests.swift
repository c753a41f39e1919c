import KinemaLayers
import KinemaUI
import TestSupport
import Testing

/// Building, reordering and taking apart a view tree finds each view from where it was placed
/// instead of scanning the siblings: the search steps (``View/subviewSearchSteps``,
/// ``Layer/sublayerSearchSteps``) stay linear in the views, and UIKit's order rules hold.
@Suite("View hierarchy: linear in the number of views")
struct ViewHierarchyCostTests {
    static let count = 20_000

    @Test("adding n views compares none, and removing them in either order takes O(n) steps")
    func addingAndRemovingIsLinear() {
        let parent = View()
        let views = (0..<Self.count).map { _ in View() }
        for view in views { parent.addSubview(view) }
        #expect(parent.subviews.count == Self.count)
        #expect(parent.subviewSearchSteps == 0)
        #expect(parent.layer.sublayerSearchSteps == 0)
        // Moving the back-most to the front, as UIKit does on re-adding a subview.
        parent.addSubview(views[0])
        #expect(parent.subviews.last === views[0] && parent.layer.sublayers.last === views[0].layer)
        // Back to front: each is the back-most when it goes.
        for view in views.dropFirst().prefix(Self.count / 2) { view.removeFromSuperview() }
        // Front to back for the rest.
        for view in parent.subviews.reversed() { view.removeFromSuperview() }
        #expect(parent.subviews.isEmpty && parent.layer.sublayers.isEmpty)
        // Scanning for each view compared about n²/2 = 2 × 10⁸ views.
        #expect(parent.subviewSearchSteps <= 4 * Self.count, "\(parent.subviewSearchSteps)")
        #expect(parent.layer.sublayerSearchSteps <= 4 * Self.count, "\(parent.layer.sublayerSearchSteps)")
    }

    @Test("inserting each view below the last one added takes O(1) steps each")
    func insertingBelowASiblingIsLinear() {
        let parent = View()
        var previous = View()
        parent.addSubview(previous)
        for _ in 1..<Self.count {
            let view = View()
            parent.insertSubview(view, belowSubview: previous)
            previous = view
        }
        #expect(parent.subviews.first === previous)
        #expect(parent.subviewSearchSteps <= 4 * Self.count, "\(parent.subviewSearchSteps)")
        #expect(parent.layer.sublayerSearchSteps <= 4 * Self.count, "\(parent.layer.sublayerSearchSteps)")
    }

    /// One random change of a view's subviews, done to the view and to a plain array that
    /// follows UIKit's documented rules.
    enum Change: CaseIterable {
        case add, insertAt, insertAbove, insertBelow, bringToFront, sendToBack, remove, exchange, moveFromOtherParent
    }

    @Test("random changes keep UIKit's order in the subviews and the layers", arguments: [1, 2, 3] as [UInt64])
    func randomChangesKeepUIKitOrder(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let parent = View(), other = View()
        let pool = (0..<40).map { _ in View() }
        var model: [View] = []
        for _ in 0..<3000 {
            let view = pool.randomElement(using: &random)!
            let sibling = pool.randomElement(using: &random)!
            let index = Int.random(in: -2...(model.count + 2), using: &random)
            func place(_ view: View, at i: Int) {
                model.removeAll { $0 === view }
                model.insert(view, at: min(max(i, 0), model.count))
            }
            switch Change.allCases.randomElement(using: &random)! {
            case .add:
                parent.addSubview(view)
                place(view, at: Int.max)
            case .insertAt:
                parent.insertSubview(view, at: index)
                // UIKit inserts at the index of the array without the view in it.
                model.removeAll { $0 === view }
                model.insert(view, at: min(max(index, 0), model.count))
            case .insertAbove:
                let target = model.firstIndex { $0 === sibling }.map { $0 + 1 } ?? model.count
                let adjusted = model.firstIndex { $0 === view }.map { $0 < target ? target - 1 : target } ?? target
                parent.insertSubview(view, aboveSubview: sibling)
                place(view, at: adjusted)
            case .insertBelow:
                let target = model.firstIndex { $0 === sibling } ?? 0
                let adjusted = model.firstIndex { $0 === view }.map { $0 < target ? target - 1 : target } ?? target
                parent.insertSubview(view, belowSubview: sibling)
                place(view, at: adjusted)
            case .bringToFront:
                parent.bringSubviewToFront(view)
                if model.contains(where: { $0 === view }) { place(view, at: Int.max) }
            case .sendToBack:
                parent.sendSubviewToBack(view)
                if model.contains(where: { $0 === view }) { place(view, at: 0) }
            case .remove:
                view.removeFromSuperview()
                model.removeAll { $0 === view }
            case .exchange:
                let j = Int.random(in: 0...max(model.count, 1), using: &random)
                parent.exchangeSubview(at: index, withSubviewAt: j)
                if model.indices.contains(index), model.indices.contains(j) { model.swapAt(index, j) }
            case .moveFromOtherParent:
                other.addSubview(view)
                model.removeAll { $0 === view }
            }
            guard parent.subviews.count == model.count, zip(parent.subviews, model).allSatisfy({ $0 === $1 }) else {
                Issue.record("the subviews differ from UIKit's order after \(model.count) changes")
                return
            }
            #expect(parent.layer.sublayers.count == model.count)
            #expect(zip(parent.layer.sublayers, model).allSatisfy { $0 === $1.layer })
            #expect(model.allSatisfy { $0.superview === parent })
        }
    }
}
