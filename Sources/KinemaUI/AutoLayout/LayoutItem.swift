import KinemaGeometry

/// Something a ``LayoutConstraint`` can relate: a ``View`` or a ``LayoutGuide``. UIKit types the
/// items of `NSLayoutConstraint` as `Any`; Kinema names what they may be.
public protocol LayoutItem: AnyObject {}

extension View: LayoutItem {}

extension LayoutItem {
    /// The view whose coordinate system the item lives in: the view itself, or a guide's owning
    /// view (`nil` for a guide not added to a view).
    var layoutOwner: View? {
        if let view = self as? View { return view }
        return (self as? LayoutGuide)?.owningView
    }

    /// How the item prints in a constraint's description.
    var layoutName: String {
        if let guide = self as? LayoutGuide { return guide.debugName }
        if let view = self as? View { return view.layoutDebugName }
        return String(describing: type(of: self))
    }
}

extension View {
    /// `Type:0x…` or the accessibility label: how the view prints in layout diagnostics, as
    /// UIKit's log prints `UILabel:0x7f…'Title'`.
    var layoutDebugName: String {
        let type = String(describing: Swift.type(of: self))
        if let name = accessibilityLabel ?? layer.name { return "\(type):'\(name)'" }
        return "\(type):0x" + String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16)
    }
}
