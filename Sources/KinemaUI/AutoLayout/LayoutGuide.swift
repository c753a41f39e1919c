import KinemaGeometry

/// An invisible rectangle that takes part in Auto Layout like a view, without drawing or
/// receiving touches: a gap to measure, a region to centre in. Mirrors `UILayoutGuide`.
///
/// ```swift
/// let gap = LayoutGuide()
/// container.addLayoutGuide(gap)
/// gap.leadingAnchor.constraint(equalTo: a.trailingAnchor).isActive = true
/// gap.trailingAnchor.constraint(equalTo: b.leadingAnchor).isActive = true
/// ```
open class LayoutGuide: LayoutAnchoring, CustomStringConvertible {
    /// What made the guide.
    enum Kind { case custom, safeArea, margins }

    let kind: Kind

    /// The view the guide belongs to (its coordinates are the view's), or `nil` before
    /// ``View/addLayoutGuide(_:)``. Mirrors `UILayoutGuide.owningView`.
    public internal(set) weak var owningView: View?

    /// A name for diagnostics. Default `""`. Mirrors `UILayoutGuide.identifier`.
    public var identifier = ""

    /// The guide's rectangle in its owning view's coordinates after the last layout pass,
    /// points. Mirrors `UILayoutGuide.layoutFrame`.
    public internal(set) var layoutFrame: Rect = .zero

    /// A custom guide, to add to a view with ``View/addLayoutGuide(_:)``.
    public init() { kind = .custom }

    init(kind: Kind, owner: View, identifier: String) {
        self.kind = kind
        self.owningView = owner
        self.identifier = identifier
    }

    var debugName: String {
        let owner = owningView?.layoutDebugName ?? "(no view)"
        return identifier.isEmpty ? "LayoutGuide(\(owner))" : "'\(identifier)'(\(owner))"
    }

    public var description: String { "<LayoutGuide \(debugName) frame \(layoutFrame)>" }
}
