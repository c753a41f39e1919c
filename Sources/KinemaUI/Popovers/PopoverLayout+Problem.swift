import KinemaGeometry

extension PopoverLayout {
    /// A ``PopoverLayoutInput`` with every number made safe to compute with: the input of the
    /// solver. Coordinates are finite and within ±``limit``, lengths finite and within
    /// `0 … limit`, the usable rectangle is worked out and the permitted directions are single
    /// directions without repeats.
    struct Problem {
        /// Text content with its style made to wrap, or a fixed size.
        enum Content {
            case size(Size)
            case text(String, style: TextStyle, maxWidth: Double?)
        }

        /// The largest coordinate or length used, points; larger values are clamped to it so
        /// that sums and differences stay finite.
        static let limit = 10_000_000.0

        /// The container's bounds, standardized.
        var container: Rect
        /// U: the container inset by the safe area and then the margins (see ``usableSpan``).
        var usable: Rect
        /// H: how far the body may go, on the arrow's side only, for the tip to touch a source
        /// beyond U: the container inset by the larger of safe area and margin on each side
        /// (never smaller than U; see ``reachSpan``).
        var reach: Rect
        /// The source, standardized; `nil` when the input's was not finite.
        var source: Rect?
        var content: Content
        var contentInsets: EdgeInsets
        /// Single directions, in order of preference, without repeats; never empty.
        var directions: [PopoverArrowDirection]
        var arrowBase: Double
        var arrowHeight: Double
        var cornerRadius: Double
        var arrowPadding: Double
        var gap: Double
        var canOverlapSourceRect: Bool

        init(_ input: PopoverLayoutInput) {
            let c = Self.rect(input.containerBounds) ?? .zero
            container = c
            let safe = Self.insets(input.safeAreaInsets)
            let margins = Self.insets(input.layoutMargins)
            let x = Self.usableSpan(c.minX, c.maxX, safe.left, safe.right, margins.left, margins.right)
            let y = Self.usableSpan(c.minY, c.maxY, safe.top, safe.bottom, margins.top, margins.bottom)
            usable = Rect(x: x.lo, y: y.lo, width: x.hi - x.lo, height: y.hi - y.lo)
            let rx = Self.reachSpan(c.minX, c.maxX, safe.left, safe.right, margins.left, margins.right, usable: x)
            let ry = Self.reachSpan(c.minY, c.maxY, safe.top, safe.bottom, margins.top, margins.bottom, usable: y)
            reach = Rect(x: rx.lo, y: ry.lo, width: rx.hi - rx.lo, height: ry.hi - ry.lo)
            source = Self.rect(input.sourceRect)
            switch input.content {
            case .size(let size):
                content = .size(Size(width: Self.length(size.width), height: Self.length(size.height)))
            case .text(let text, var style, let maxWidth):
                style.isWrapped = true
                content = .text(text, style: style, maxWidth: maxWidth.isFinite && maxWidth > 0 ? min(maxWidth, Self.limit) : nil)
            }
            contentInsets = Self.insets(input.contentInsets)
            directions = Self.singleDirections(input.permittedDirections)
            arrowBase = Self.length(input.arrowBase)
            arrowHeight = Self.length(input.arrowHeight)
            cornerRadius = Self.length(input.cornerRadius)
            arrowPadding = Self.length(input.arrowPadding)
            gap = Self.length(input.gap)
            canOverlapSourceRect = input.canOverlapSourceRect
        }

        /// A finite coordinate within ±``limit``; not-a-number reads as 0.
        static func coordinate(_ value: Double) -> Double {
            value.isNaN ? 0 : min(max(value, -limit), limit)
        }

        /// A finite length within `0 … limit`; not-a-number and negative values read as 0.
        static func length(_ value: Double) -> Double {
            value.isNaN ? 0 : min(max(value, 0), limit)
        }

        /// The standardized rectangle with clamped coordinates, or `nil` if any field is not a
        /// number.
        static func rect(_ r: Rect) -> Rect? {
            guard !r.origin.x.isNaN, !r.origin.y.isNaN, !r.width.isNaN, !r.height.isNaN else { return nil }
            let s = r.standardized
            let x0 = coordinate(s.minX)
            let y0 = coordinate(s.minY)
            return Rect(x: x0, y: y0, width: coordinate(s.maxX) - x0, height: coordinate(s.maxY) - y0)
        }

        static func insets(_ i: EdgeInsets) -> EdgeInsets {
            EdgeInsets(top: length(i.top), left: length(i.left), bottom: length(i.bottom), right: length(i.right))
        }

        /// One axis of U: inset by the safe area and the margins; where that leaves no positive
        /// length, by the safe area alone; where that leaves none either, the container's extent.
        static func usableSpan(
            _ lo: Double, _ hi: Double, _ safeLo: Double, _ safeHi: Double, _ marginLo: Double, _ marginHi: Double
        ) -> Span {
            let withMargins = Span(lo: lo + safeLo + marginLo, hi: hi - safeHi - marginHi)
            if withMargins.lo < withMargins.hi { return withMargins }
            let safe = Span(lo: lo + safeLo, hi: hi - safeHi)
            if safe.lo < safe.hi { return safe }
            return Span(lo: lo, hi: hi)
        }

        /// One axis of H: the container inset by `max(safe area, margin)` at each end (out of the
        /// safe area and inside the margin), widened to `usable` where that is larger.
        static func reachSpan(
            _ lo: Double, _ hi: Double, _ safeLo: Double, _ safeHi: Double, _ marginLo: Double, _ marginHi: Double, usable: Span
        ) -> Span {
            Span(lo: min(usable.lo, lo + max(safeLo, marginLo)), hi: max(usable.hi, hi - max(safeHi, marginHi)))
        }

        /// The permitted list as single directions: sets expand in UIKit's bit order (up, down,
        /// left, right), ``PopoverArrowDirection/unknown`` and repeats are dropped, and an empty
        /// result means every direction.
        static func singleDirections(_ list: [PopoverArrowDirection]) -> [PopoverArrowDirection] {
            var result: [PopoverArrowDirection] = []
            for entry in list where entry != .unknown {
                for single in PopoverArrowDirection.allDirections where entry.contains(single) && !result.contains(single) {
                    result.append(single)
                }
            }
            return result.isEmpty ? PopoverArrowDirection.allDirections : result
        }
    }

    /// A closed interval on one axis, points.
    struct Span: Equatable {
        var lo: Double
        var hi: Double
        var length: Double { hi - lo }
        var mid: Double { lo + (hi - lo) / 2 }

        /// A span of `length` centred on `center`, moved the least distance that puts it inside
        /// `bounds`; centred on `bounds` when it is longer than `bounds`.
        static func shifted(length: Double, centeredOn center: Double, into bounds: Span) -> Span {
            guard length <= bounds.length else {
                let lo = bounds.lo + (bounds.length - length) / 2
                return Span(lo: lo, hi: lo + length)
            }
            let lo = min(max(center - length / 2, bounds.lo), bounds.hi - length)
            return Span(lo: lo, hi: lo + length)
        }
    }
}

extension Rect {
    /// The rectangle's extent along the popover's main axis (y for vertical arrows).
    func span(vertical: Bool) -> PopoverLayout.Span {
        vertical ? PopoverLayout.Span(lo: minY, hi: maxY) : PopoverLayout.Span(lo: minX, hi: maxX)
    }

    /// The rectangle with extent `main` along y (`vertical`) or x, and `cross` along the other.
    init(main: PopoverLayout.Span, cross: PopoverLayout.Span, vertical: Bool) {
        if vertical {
            self.init(x: cross.lo, y: main.lo, width: cross.length, height: main.length)
        } else {
            self.init(x: main.lo, y: cross.lo, width: main.length, height: cross.length)
        }
    }
}
