import TestSupport
import Testing

@testable import KinemaLayers

/// Each layer knows the sublayer in front of it (``Layer/nextSiblingReference``), so that
/// `presentation(at:)` can start loading the next sibling. The link must follow every change to
/// the sublayers, and a layer out of a tree must point at nothing: it is unretained.
@Suite struct SiblingLinkTests {
    /// Checks every sublayer of `parent` points at the one after it, and each of `others` (layers
    /// not in `parent`) at nothing.
    static func expectLinked(_ parent: Layer, others: [Layer], _ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let layers = parent.sublayers
        for (i, layer) in layers.enumerated() {
            let next = layer.nextSiblingReference?.takeUnretainedValue()
            let expected = i + 1 < layers.count ? layers[i + 1] : nil
            #expect(next === expected, "sublayer \(i) of \(layers.count) after \(step)", sourceLocation: sourceLocation)
        }
        for layer in others where layer.superlayer == nil {
            #expect(layer.nextSiblingReference == nil, "a layer out of the tree after \(step)", sourceLocation: sourceLocation)
        }
    }

    @Test("Inserting, moving, replacing and removing sublayers keep each one's link to the next")
    func linksFollowEveryChange() throws {
        var random = SeededGenerator(seed: 19)
        let parent = Layer()
        let other = Layer()
        let pool = (0..<12).map { _ in Layer() }
        for round in 0..<400 {
            let layer = pool.randomElement(using: &random)!
            let sibling = parent.sublayers.randomElement(using: &random)
            let index = Int.random(in: -1...(parent.sublayers.count + 1), using: &random)
            let step: String
            switch Int.random(in: 0..<7, using: &random) {
            case 0:
                step = "insert at \(index)"
                try parent.insertSublayer(layer, at: index)
            case 1: step = "add"; try parent.addSublayer(layer)
            case 2: step = "insert below"; try parent.insertSublayer(layer, below: sibling)
            case 3: step = "insert above"; try parent.insertSublayer(layer, above: sibling)
            case 4:
                step = "replace"
                if let sibling, layer.superlayer !== parent { try parent.replaceSublayer(sibling, with: layer) }
            case 5: step = "move to another parent"; try other.addSublayer(layer)
            default: step = "remove"; layer.removeFromSuperlayer()
            }
            Self.expectLinked(parent, others: pool, "round \(round): \(step)")
            Self.expectLinked(other, others: [], "round \(round): \(step)")
        }
    }

    @Test("Sublayers of a released layer point at nothing")
    func releasedParentUnlinks() throws {
        let children = (0..<3).map { _ in Layer() }
        do {
            let parent = Layer()
            for child in children { try parent.addSublayer(child) }
            #expect(children[0].nextSiblingReference?.takeUnretainedValue() === children[1])
        }
        for child in children { #expect(child.nextSiblingReference == nil) }
    }
}
