import KinemaGeometry
import KinemaLayers
import Testing

@testable import KinemaRender

/// The content cache's keys come from each property's declared effects: changing a property
/// changes exactly the keys whose effects it declares, for every animatable property and every
/// attribute.
@Suite("Content identity from the declared effects")
struct ContentIdentityTests {
    /// A property of either table, with its declared effects and a change to a state of its kind.
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let owningKind: LayerKind?
        let effects: LayerEffects
        let change: @Sendable (inout LayerState) -> Bool
        var testDescription: String { name }
    }

    static let rows: [Row] =
        LayerProperty.allCases.map { property in
            Row(name: property.rawValue, owningKind: property.owningKind, effects: property.effects) { state in
                guard let old = state.value(of: property) else { return false }
                return state.set(property, to: changed(old))
            }
        }
        + LayerAttribute.allCases.map { attribute in
            Row(name: attribute.rawValue, owningKind: attribute.owningKind, effects: attribute.effects) { state in
                if case .unwritten = attribute.declaration.format {
                    state.drawing = Drawing(size: Size(width: 3, height: 4))
                    return true
                }
                guard let old = state.value(of: attribute) else { return false }
                return state.set(attribute, to: changed(old, format: attribute.declaration.format))
            }
        }

    /// A value of the same kind as `value` and different from it.
    static func changed(_ value: AnimatableValue) -> AnimatableValue {
        switch value {
        case .number(let n): .number(n + 0.25)
        case .point(let p): .point(Point(x: p.x + 1, y: p.y))
        case .size(let s): .size(Size(width: s.width + 1, height: s.height))
        case .rect(let r): .rect(Rect(x: r.origin.x, y: r.origin.y, width: r.width + 1, height: r.height))
        case .color(let c): .color(c == .red ? .blue : .red)
        case .transform(let t): .transform(t.concatenating(.makeTranslation(1, 0, 0)))
        case .bool(let b): .bool(!b)
        case .path(let p): .path(p == nil ? Path(rect: Rect(x: 0, y: 0, width: 2, height: 2)) : nil)
        case .colors(let cs): .colors(cs + [.red])
        case .numbers(let ns): .numbers(ns + [0.5])
        }
    }

    /// A value in `format` different from `value`.
    static func changed(_ value: LayerAttributeValue, format: LayerAttributeFormat) -> LayerAttributeValue {
        switch (format, value) {
        case (.bool, .bool(let b)): .bool(!b)
        case (.string, .string(let s)): .string(s + "x")
        case (.name(let names), _): .string(names.first { .string($0) != value } ?? "")
        case (.names(let names, _), .strings(let chosen)): .strings(chosen.count == 1 ? names : [names[0]])
        case (.file, _): .string("elsewhere.png")
        default: value
        }
    }

    /// A state of the kind that has the property, with a size and a border so that every
    /// piece of content is drawn.
    static func base(for kind: LayerKind?) -> LayerState {
        var s = LayerState()
        switch kind {
        case .shape: s.kind = .shape(ShapeProperties())
        case .text: s.kind = .text(TextProperties())
        case .gradient: s.kind = .gradient(GradientProperties())
        case .layer, .transform, nil: break
        }
        s.bounds = Rect(x: 0, y: 0, width: 20, height: 10)
        s.borderWidth = 2
        return s
    }

    @Test("changing a property changes exactly the keys its effects name", arguments: rows)
    func changeMovesTheDeclaredKeys(row: Row) throws {
        let old = Self.base(for: row.owningKind)
        var new = old
        try #require(row.change(&new), "the change was not set")
        try #require(new != old, "the change did not change the state")
        let e = row.effects
        #expect((old.contentIdentity != new.contentIdentity) == !e.isDisjoint(with: [.content, .border]), "whole")
        #expect((old.contentIdentity(for: .below) != new.contentIdentity(for: .below)) == e.contains(.content), "below")
        #expect((old.contentIdentity(for: .border) != new.contentIdentity(for: .border)) == e.contains(.border), "border")
        #expect((old.withoutPlacement != new.withoutPlacement) == (e != .placement), "placement")
    }

    /// The keys a frame computes are written out for speed; they must be what the declarations
    /// give (`keeping(_:)`), before and after a change of every property.
    @Test("the written-out keys equal the ones derived from the declarations", arguments: rows)
    func writtenOutKeysAreTheDerivedOnes(row: Row) throws {
        var state = Self.base(for: row.owningKind)
        state.position = Point(x: 3, y: 4)
        state.opacity = 0.5
        state.shadowOpacity = 0.25
        for _ in 0..<2 {
            #expect(state.contentIdentity == state.keeping([.content, .border]), "whole")
            #expect(state.contentIdentity(for: .below) == state.keeping(.content), "below")
            #expect(state.contentIdentity(for: .border) == state.keeping(.border), "border")
            #expect(state.withoutPlacement == state.keeping(LayerEffects.all.subtracting(.placement)), "placement")
            try #require(row.change(&state), "the change was not set")
        }
    }

    @Test("every row declares some effect, and the border piece keeps no kind")
    func rowsAreComplete() {
        for row in Self.rows { #expect(!row.effects.isEmpty, "\(row.name)") }
        var shape = Self.base(for: .shape)
        shape.kind = .shape(ShapeProperties())
        #expect(shape.contentIdentity(for: .border).kind == .layer)
        #expect(shape.contentIdentity(for: .below).kind == shape.kind)
    }
}
