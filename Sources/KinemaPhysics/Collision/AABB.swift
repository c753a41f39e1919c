/// An axis-aligned bounding box, world points.
struct AABB: Hashable, Sendable {
    var lower: Vec2
    var upper: Vec2

    @inline(__always) func overlaps(_ b: AABB) -> Bool {
        !(b.lower.x > upper.x || b.lower.y > upper.y || lower.x > b.upper.x || lower.y > b.upper.y)
    }
    @inline(__always) func contains(_ b: AABB) -> Bool {
        lower.x <= b.lower.x && lower.y <= b.lower.y && b.upper.x <= upper.x && b.upper.y <= upper.y
    }
    @inline(__always) func union(_ b: AABB) -> AABB { AABB(lower: .min(lower, b.lower), upper: .max(upper, b.upper)) }
    @inline(__always) var perimeter: Double { 2 * ((upper.x - lower.x) + (upper.y - lower.y)) }
    @inline(__always) func expanded(by margin: Double) -> AABB {
        AABB(lower: Vec2(lower.x - margin, lower.y - margin), upper: Vec2(upper.x + margin, upper.y + margin))
    }
}
