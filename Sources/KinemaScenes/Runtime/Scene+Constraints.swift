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
            for child in spec.children { visit(child.spec, at: path.key(child.key).index(child.index)) }
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

    /// The declared constraints the layout engine could not satisfy and ignores, in document
    /// order, after a layout pass.
    var brokenConstraints: [DeclaredConstraint] {
        window.layoutIfNeeded()
        let broken = Set(window.brokenLayoutConstraints.map(ObjectIdentifier.init))
        return declaredConstraints.filter { broken.contains(ObjectIdentifier($0.constraint)) }
    }

    /// The ids of the views that declare constraints and whose layout is ambiguous (more than one
    /// frame satisfies their constraints equally well), with the path of their constraints, in
    /// document order.
    var ambiguousViews: [(id: String, path: String)] {
        var seen = Set<String>()
        var out: [(id: String, path: String)] = []
        for declared in declaredConstraints where seen.insert(declared.view).inserted {
            guard let view = views[declared.view], view.hasAmbiguousLayout else { continue }
            // `views[0].constraints[2]` → `views[0].constraints`.
            let path = declared.path.lastIndex(of: "[").map { String(declared.path[..<$0]) } ?? declared.path
            out.append((declared.view, path))
        }
        return out
    }

    /// The layout's problems as warnings: each broken constraint at its path, each ambiguous
    /// view at its constraints.
    var layoutWarnings: [SceneIssue] {
        var warnings = brokenConstraints.map { declared in
            SceneIssue(
                path: declared.path,
                message:
                    "unsatisfiable: \(declared.constraint) conflicts with other required constraints; the layout breaks it (ignores it)"
            )
        }
        for view in ambiguousViews {
            warnings.append(
                SceneIssue(
                    path: view.path,
                    message: "ambiguous layout: the constraints of '\(view.id)' leave its frame undetermined "
                        + "(they need to fix its position and size on both axes)"))
        }
        return warnings
    }
}

extension SceneDocument {
    /// Whether any view declares constraints.
    public var usesConstraints: Bool { views.contains(where: \.usesConstraints) }

    /// What is wrong with the views' Auto Layout as the scene starts, without stopping it from
    /// playing: each constraint the layout cannot satisfy with the others (it is broken, that
    /// is ignored, as UIKit does), and each view whose constraints leave its frame
    /// undetermined. Each names its JSON path. Empty for a scene without constraints. What
    /// `kinema validate` prints as warnings.
    public func layoutWarnings() -> [SceneIssue] {
        guard usesConstraints else { return [] }
        return Scene(document: self, diagnosticHandler: nil).layoutWarnings
    }
}
