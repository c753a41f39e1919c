import KinemaGeometry

/// A relation between two layout attributes that Auto Layout keeps true:
/// `firstItem.firstAttribute  relation  multiplier × secondItem.secondAttribute + constant`
/// (or `… relation constant` without a second item). Mirrors `NSLayoutConstraint`.
///
/// A new constraint is inactive and required (priority 1000). Activating it installs it on the
/// nearest common ancestor of its items; the next layout pass (``View/layoutIfNeeded()``, or the
/// window's run-loop turn) solves the constraints and sets the frames of the views whose
/// ``View/translatesAutoresizingMaskIntoConstraints`` is `false`.
///
/// ```swift
/// card.translatesAutoresizingMaskIntoConstraints = false
/// let height = card.heightAnchor.constraint(equalToConstant: 80)
/// LayoutConstraint.activate([
///     card.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 20),
///     card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
///     card.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
///     height,
/// ])
/// height.constant = 240
/// View.animate(withDuration: 0.4) { root.layoutIfNeeded() }   // the card grows, animated
/// ```
///
/// Changing ``constant`` re-solves incrementally at the next pass. Lengths are in points.
/// A constraint that cannot be made (a position related to a size, a position equal to a
/// constant, items without a common ancestor, a non-finite number) is reported to the layer
/// context's diagnostics when activated and stays inactive; UIKit raises an exception instead.
open class LayoutConstraint: CustomStringConvertible {
    /// The first item, held weakly (the items' common ancestor holds the constraint).
    public private(set) weak var firstItem: (any LayoutItem)?
    /// The first item's attribute.
    public let firstAttribute: Attribute
    /// How the two sides compare.
    public let relation: Relation
    /// The second item, or `nil` for a constraint against a constant.
    public private(set) weak var secondItem: (any LayoutItem)?
    /// The second item's attribute, ``Attribute/notAnAttribute`` without a second item.
    public let secondAttribute: Attribute
    /// The factor on the second attribute. Default 1.
    public let multiplier: Double

    /// Whether the constraint was made with a second item (to tell a released item from none).
    let hasSecondItem: Bool

    /// Why the constraint cannot be activated, or `nil`.
    let problem: String?

    /// Where the constraint is installed: the common ancestor of its items while active.
    weak var installedOn: View?

    /// The constant added to the right-hand side, points. Default 0. A non-finite value is
    /// ignored. Changing it on an active constraint takes effect at the next layout pass.
    public var constant: Double {
        didSet { if !constant.isFinite { constant = oldValue } }
    }

    /// The priority, 1...1000. Default ``LayoutPriority/required``. As in UIKit, an active
    /// constraint cannot change between required and optional (the change is ignored and
    /// reported); a value outside 1...1000 is ignored and reported.
    public var priority: LayoutPriority = .required {
        didSet {
            if !priority.isValid {
                report("priority \(priority.rawValue) is outside 1...1000; it stays \(oldValue)")
                priority = oldValue
            } else if isActive, (priority == .required) != (oldValue == .required) {
                report(
                    "an active constraint cannot change between required and optional "
                        + "(\(oldValue) to \(priority)); deactivate it first; it stays \(oldValue)")
                priority = oldValue
            }
        }
    }

    /// A name shown in diagnostics and in ``description``. Default `nil`. Mirrors
    /// `NSLayoutConstraint.identifier`.
    public var identifier: String?

    /// Whether the constraint takes part in layout. Setting it `true` installs it on the common
    /// ancestor of its items; setting it `false` removes it. Mirrors `NSLayoutConstraint.isActive`.
    public var isActive: Bool {
        get { installedOn != nil }
        set {
            if newValue { activateNow() } else { deactivateNow() }
        }
    }

    /// A constraint `view1.attr1 relation multiplier × view2.attr2 + c`. Mirrors
    /// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`.
    public init(
        item view1: any LayoutItem, attribute attr1: Attribute, relatedBy relation: Relation,
        toItem view2: (any LayoutItem)?, attribute attr2: Attribute, multiplier: Double, constant c: Double
    ) {
        firstItem = view1
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2
        hasSecondItem = view2 != nil
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier
        constant = c.isFinite ? c : 0
        problem =
            Self.problem(attr1, view2 == nil ? nil : attr2, multiplier: multiplier, constant: c)
            ?? Self.guideProblem(view1, attr1) ?? view2.flatMap { Self.guideProblem($0, attr2) }
    }

    /// Activates every constraint in `constraints`. Mirrors `NSLayoutConstraint.activate(_:)`.
    public class func activate(_ constraints: [LayoutConstraint]) {
        for c in constraints { c.isActive = true }
    }

    /// Deactivates every constraint in `constraints`. Mirrors `NSLayoutConstraint.deactivate(_:)`.
    public class func deactivate(_ constraints: [LayoutConstraint]) {
        for c in constraints { c.isActive = false }
    }

    /// `<LayoutConstraint 'id' Label:'Title'.top == View:0x….top + 20 @750>`: UIKit's log form.
    public var description: String {
        var s = "<LayoutConstraint"
        if let identifier { s += " '\(identifier)'" }
        s += " " + equationDescription
        if priority != .required { s += " @\(priority)" }
        if !isActive { s += " (inactive)" }
        return s + ">"
    }

    /// `first.attr == m * second.attr + c` with the items' names.
    var equationDescription: String {
        let first = (firstItem?.layoutName ?? "(released)") + "." + firstAttribute.rawValue
        var rhs = ""
        if hasSecondItem {
            if multiplier != 1 { rhs += Self.format(multiplier) + "*" }
            rhs += (secondItem?.layoutName ?? "(released)") + "." + secondAttribute.rawValue
            if constant != 0 { rhs += (constant < 0 ? " - " : " + ") + Self.format(abs(constant)) }
        } else {
            rhs = Self.format(constant)
        }
        return "\(first) \(relation) \(rhs)"
    }

    static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }

    // MARK: Activation

    private func activateNow() {
        guard installedOn == nil else { return }
        if let problem {
            report(problem + "; the constraint was not activated")
            return
        }
        guard let first = firstItem, let firstOwner = first.layoutOwner else {
            report("its first item was released or is a guide outside any view; the constraint was not activated")
            return
        }
        var host = firstOwner
        if hasSecondItem {
            guard let second = secondItem, let secondOwner = second.layoutOwner else {
                report("its second item was released or is a guide outside any view; the constraint was not activated")
                return
            }
            guard let common = View.nearestCommonAncestor(firstOwner, secondOwner) else {
                report("its items have no common ancestor; the constraint was not activated")
                return
            }
            host = common
            secondOwner.makeLayoutState()
        }
        firstOwner.makeLayoutState()
        host.makeLayoutState().constraints.append(self)
        installedOn = host
        host.layoutRoot.makeLayoutEngine()
    }

    private func deactivateNow() {
        guard let host = installedOn else { return }
        host.layoutState?.constraints.removeAll { $0 === self }
        installedOn = nil
    }

    /// Reports a problem with this constraint to the context of its first item's layer.
    func report(_ message: String) {
        reportAsIs("\(equationDescription): \(message)")
    }

    /// Reports `message`, prefixed `Auto Layout:`, to the context of its first (else second)
    /// item's layer.
    func reportAsIs(_ message: String) {
        let layer = firstItem?.layoutOwner?.layer ?? secondItem?.layoutOwner?.layer
        layer?.report("Auto Layout: " + message)
    }

    /// A layout guide has no margins and no text: its margin and baseline attributes mean
    /// nothing.
    private static func guideProblem(_ item: any LayoutItem, _ attribute: Attribute) -> String? {
        guard item is LayoutGuide else { return nil }
        if attribute.withoutMargin != nil || attribute == .firstBaseline || attribute == .lastBaseline {
            return "a layout guide has no \(attribute.rawValue); use its edges"
        }
        return nil
    }

    /// Why a constraint of these attributes (`a2` is `nil` without a second item), multiplier
    /// and constant cannot be activated, or `nil` when it can: what scene files check before
    /// they make one.
    package static func problem(_ a1: Attribute, _ a2: Attribute?, multiplier m: Double, constant c: Double) -> String? {
        guard m.isFinite, c.isFinite else { return "its multiplier and constant must be finite numbers" }
        guard let axis1 = a1.axis else { return "its first attribute is notAnAttribute" }
        guard let a2 else {
            return a1.isDimension
                ? nil
                : "a position (\(a1.rawValue)) cannot equal a constant; relate it to another item's attribute"
        }
        guard let axis2 = a2.axis else { return "its second attribute is notAnAttribute" }
        if a1.isDimension != a2.isDimension {
            return "a size cannot be related to a position (\(a1.rawValue) and \(a2.rawValue))"
        }
        if !a1.isDimension {
            if axis1 != axis2 {
                return "positions on different axes cannot be related (\(a1.rawValue) and \(a2.rawValue))"
            }
            if m == 0 { return "a position with a multiplier of 0 would equal a constant" }
        }
        return nil
    }
}

extension View {
    /// The nearest view that is or contains both, or `nil`.
    static func nearestCommonAncestor(_ a: View, _ b: View) -> View? {
        if a === b { return a }
        var seen = Set<ObjectIdentifier>()
        var node: View? = a
        while let v = node {
            seen.insert(ObjectIdentifier(v))
            node = v.superview
        }
        node = b
        while let v = node {
            if seen.contains(ObjectIdentifier(v)) { return v }
            node = v.superview
        }
        return nil
    }

    /// The topmost ancestor (the window, for a view in one).
    var layoutRoot: View {
        var node = self
        while let s = node.superview { node = s }
        return node
    }
}
