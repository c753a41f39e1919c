import KinemaLayers
import KinemaUI

/// A constraint a view of the scene declares, with where: for messages that point into the file.
struct DeclaredConstraint {
    /// Its JSON path (`views[0].constraints[2]`).
    let path: String
    /// The id of the view that declares it.
    let view: String
    let constraint: LayoutConstraint
}

extension Scene {
    /// Makes every constraint the document's views declare, once every view exists (so any view
    /// may be named), activates them all, and lays the window out: the frames are solved before
    /// the first frame. Nothing happens in a scene without constraints.
    func activateConstraints() {
        guard document.views.contains(where: \.usesConstraints) else { return }
        func visit(_ spec: ViewSpec, at path: JSONPath) {
            if let view = views[spec.id] {
                for (i, c) in spec.constraints.enumerated() {
                    guard let made = make(c, declaredBy: view) else { continue }
                    declaredConstraints.append(
                        DeclaredConstraint(path: path.key("constraints").index(i).description, view: spec.id, constraint: made))
                    if let id = c.id { constraints[id] = made }
                }
            }
            for (i, sub) in spec.subviews.enumerated() { visit(sub, at: path.key("subviews").index(i)) }
        }
        for (i, spec) in document.views.enumerated() { visit(spec, at: JSONPath.root.key("views").index(i)) }
        LayoutConstraint.activate(declaredConstraints.map(\.constraint))
        window.layoutIfNeeded()
    }

    /// The ``LayoutConstraint`` for `spec`, declared by `view` (whose superview `superview`,
    /// `safeArea` and `margins` name), inactive; `nil` when an item is missing.
    private func make(_ spec: ConstraintSpec, declaredBy view: View) -> LayoutConstraint? {
        guard let first = item(spec.firstItem, declaredBy: view) else { return nil }
        var second: (any LayoutItem)?
        if let s = spec.secondItem {
            guard let item = item(s, declaredBy: view) else { return nil }
            second = item
        }
        let c = LayoutConstraint(
            item: first, attribute: spec.firstAttribute, relatedBy: spec.relation, toItem: second, attribute: spec.secondAttribute,
            multiplier: spec.multiplier, constant: spec.constant)
        c.priority = spec.priority
        c.identifier = spec.id
        return c
    }

    private func item(_ item: ConstraintSpec.Item, declaredBy view: View) -> (any LayoutItem)? {
        switch item {
        case .view(let id): views[id]
        case .superview: view.superview
        case .safeArea: view.superview?.safeAreaLayoutGuide
        case .margins: view.superview?.layoutMarginsGuide
        }
    }
}

extension SceneDocument {
    /// Whether any view declares constraints.
    public var usesConstraints: Bool { views.contains(where: \.usesConstraints) }
}
