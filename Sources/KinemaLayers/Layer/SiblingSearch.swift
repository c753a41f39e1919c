/// Finding a child in its parent's list of children (a layer in ``Layer/sublayers``, a view in
/// its superview's subviews) by identity, from where it was last seen.
///
/// The children are an array, back to front, as in UIKit and Core Animation, so inserting or
/// removing one shifts those after it; the index a child was placed at stays right until a
/// sibling before it comes or goes. The search tries that index first, then, one step at a time,
/// the places around it and the places at both ends. Each step compares at most four children,
/// so finding a child takes one step when nothing moved it (appending, moving to the front,
/// inserting next to the sibling placed last, replacing, removing the front-most) or when it is
/// at either end (removing the children one by one from either end), and never more steps than
/// 1 + the children in front of it: what removing it, or inserting next to it, shifts in the
/// array anyway. A search longer than ``renumberingSteps`` means many siblings came or went:
/// the parent then writes every child's index afresh (n steps), so that looking up each child
/// after inserting them all at the back costs O(n) in all, not O(n²). Scanning from the back
/// compared all the children behind it, so building n views in a window, each found again as
/// it was added, compared O(n²).
package enum SiblingSearch {
    /// Past this many steps, a search's parent renumbers its children's hints: 16.
    package static let renumberingSteps = 16

    /// The index of `element` in `children`, or `nil`, kept as `element`'s hint; past
    /// ``renumberingSteps`` every child's hint is written afresh. Adds the steps taken to
    /// `steps` (the renumbering counting one per child).
    package static func find<Child: AnyObject>(
        _ element: Child, in children: [Child], hint: ReferenceWritableKeyPath<Child, Int>, steps: inout Int
    ) -> Int? {
        var taken = 0
        let found = index(of: element, in: children, hint: element[keyPath: hint], steps: &taken)
        if taken > renumberingSteps {
            for (i, child) in children.enumerated() { child[keyPath: hint] = i }
            taken += children.count
        } else if let found {
            element[keyPath: hint] = found
        }
        steps += taken
        return found
    }

    /// The index of `element` in `children` (compared by identity), or `nil`.
    /// - Parameters:
    ///   - hint: where `element` was last placed or found.
    ///   - steps: counts the steps taken beyond trying `hint` (each compares up to four children).
    package static func index<Child: AnyObject>(of element: Child, in children: [Child], hint: Int, steps: inout Int) -> Int? {
        let count = children.count
        guard count > 0 else { return nil }
        let hint = min(max(hint, 0), count - 1)
        if children[hint] === element { return hint }
        for distance in 1...count {
            steps += 1
            let back = distance - 1
            if children[back] === element { return back }
            let front = count - distance
            if children[front] === element { return front }
            let after = hint + distance
            if after < count, children[after] === element { return after }
            let before = hint - distance
            if before >= 0, children[before] === element { return before }
        }
        return nil
    }
}
