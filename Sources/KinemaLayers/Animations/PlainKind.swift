import KinemaGeometry

/// The value kinds an ``AnimationProgram`` stores inline: each a fixed number of numbers and no
/// references (a colour that is `nil` is not one of them).
enum PlainKind: UInt8 {
    case number, point, size, rect, color

    /// The kind of `value`, or `nil` when it holds references or is a `nil` colour.
    init?(_ value: AnimatableValue) {
        switch value {
        case .number: self = .number
        case .point: self = .point
        case .size: self = .size
        case .rect: self = .rect
        case .color(.some): self = .color
        default: return nil
        }
    }

    /// Numbers per value (a spline's components).
    var dimension: Int {
        switch self {
        case .number: 1
        case .point, .size: 2
        case .rect, .color: 4
        }
    }

    /// Bytes of one value stored by ``store(_:in:)``.
    var byteCount: Int { dimension * 8 }

    /// Stores `value`, which must be of this kind, at `address` as its own plain struct
    /// (`Double`, `Point`, `Size`, `Rect` or `Color`), so that loading it gives the same bits.
    func store(_ value: AnimatableValue, at address: UnsafeMutableRawPointer) {
        switch value {
        case .number(let v): address.storeBytes(of: v, as: Double.self)
        case .point(let v): address.storeBytes(of: v, as: Point.self)
        case .size(let v): address.storeBytes(of: v, as: Size.self)
        case .rect(let v): address.storeBytes(of: v, as: Rect.self)
        case .color(let v?): address.storeBytes(of: v, as: Color.self)
        default: preconditionFailure("a \(value.kind) value stored as \(self)")
        }
    }

    /// The value stored at `address` by ``store(_:at:)``.
    @inline(__always)
    func load(from address: UnsafeRawPointer) -> AnimatableValue {
        switch self {
        case .number: .number(address.load(as: Double.self))
        case .point: .point(address.load(as: Point.self))
        case .size: .size(address.load(as: Size.self))
        case .rect: .rect(address.load(as: Rect.self))
        case .color: .color(address.load(as: Color.self))
        }
    }
}
