import KinemaGeometry
import Testing

@testable import KinemaLayers

/// Each layer property is declared once; these check what follows from the declarations: the
/// kind, the owning layer class, the implicit action and the ranges scene files must respect,
/// and that reading and writing by name reach the stored property of every layer class.
@Suite struct LayerPropertyDeclarationTests {
    /// (property, kind, owner, implicit action, minimum, maximum), from `CALayer.h`,
    /// `CAShapeLayer.h`, `CATextLayer.h` and `CAGradientLayer.h`.
    static let expected: [(LayerProperty, ValueKind, LayerKind?, Bool, Double?, Double?)] = [
        (.bounds, .rect, nil, true, nil, nil), (.position, .point, nil, true, nil, nil),
        (.zPosition, .number, nil, true, nil, nil), (.anchorPoint, .point, nil, true, nil, nil),
        (.anchorPointZ, .number, nil, true, nil, nil), (.transform, .transform, nil, true, nil, nil),
        (.sublayerTransform, .transform, nil, true, nil, nil), (.opacity, .number, nil, true, 0, 1),
        (.hidden, .bool, nil, true, nil, nil), (.doubleSided, .bool, nil, true, nil, nil),
        (.masksToBounds, .bool, nil, true, nil, nil), (.backgroundColor, .color, nil, true, nil, nil),
        (.cornerRadius, .number, nil, true, 0, nil), (.borderWidth, .number, nil, true, 0, nil),
        (.borderColor, .color, nil, true, nil, nil), (.shadowColor, .color, nil, true, nil, nil),
        (.shadowOpacity, .number, nil, true, 0, 1), (.shadowOffset, .size, nil, true, nil, nil),
        (.shadowRadius, .number, nil, true, 0, nil), (.shadowPath, .path, nil, false, nil, nil),
        (.contentsRect, .rect, nil, true, nil, nil), (.contentsScale, .number, nil, true, 0, nil),
        (.contentsCenter, .rect, nil, true, nil, nil), (.path, .path, .shape, false, nil, nil),
        (.fillColor, .color, .shape, true, nil, nil), (.strokeColor, .color, .shape, true, nil, nil),
        (.strokeStart, .number, .shape, true, 0, 1), (.strokeEnd, .number, .shape, true, 0, 1),
        (.lineWidth, .number, .shape, true, 0, nil), (.miterLimit, .number, .shape, true, nil, nil),
        (.lineDashPhase, .number, .shape, true, nil, nil), (.lineDashPattern, .numbers, .shape, true, nil, nil),
        (.fontSize, .number, .text, true, 0, nil), (.foregroundColor, .color, .text, true, nil, nil),
        (.colors, .colors, .gradient, true, nil, nil), (.locations, .numbers, .gradient, true, nil, nil),
        (.startPoint, .point, .gradient, true, nil, nil), (.endPoint, .point, .gradient, true, nil, nil),
    ]

    @Test func everyPropertyIsDeclaredAsCoreAnimationHasIt() {
        #expect(Self.expected.map(\.0) == LayerProperty.allCases)
        for (property, kind, owner, implicit, minimum, maximum) in Self.expected {
            #expect(property.valueKind == kind, "\(property)")
            #expect(property.owningKind == owner, "\(property)")
            #expect(property.hasImplicitAction == implicit, "\(property)")
            #expect(property.minimumValue == minimum, "\(property)")
            #expect(property.maximumValue == maximum, "\(property)")
            #expect(property.requiresNonNegativeSize == (property == .bounds), "\(property)")
        }
    }

    @Test func ordinalsAreThePositionsInAllCases() {
        #expect(MemoryLayout<LayerProperty>.size == 1)
        #expect(LayerProperty.allCases.map(\.ordinal) == Array(0..<LayerProperty.allCases.count))
    }

    static let layerClasses: [Layer.Type] = [Layer.self, ShapeLayer.self, TextLayer.self, GradientLayer.self, TransformLayer.self]

    /// A value of `kind` that differs from every default.
    static func sample(_ kind: ValueKind) -> AnimatableValue {
        switch kind {
        case .number: .number(0.375)
        case .point: .point(Point(x: 3, y: -4))
        case .size: .size(Size(width: 5, height: 6))
        case .rect: .rect(Rect(x: 1, y: 2, width: 30, height: 40))
        case .color: .color(Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))
        case .transform: .transform(.makeTranslation(1, 2, 3))
        case .bool: .bool(true)
        case .path: .path(Path(rect: Rect(x: 0, y: 0, width: 8, height: 9)))
        case .colors: .colors([.red, .blue])
        case .numbers: .numbers([0.25, 0.75])
        }
    }

    @Test(arguments: LayerProperty.allCases)
    func readAndWriteReachTheStoredValueOfEveryLayerClass(_ property: LayerProperty) {
        for layerClass in Self.layerClasses {
            var state = layerClass.init().model
            let has = property.owningKind == nil || property.owningKind == layerClass.kind
            #expect((state.value(of: property) != nil) == has, "\(layerClass.kind) \(property)")
            let value = Self.sample(property.valueKind)
            let didSet = state.set(property, to: value)
            #expect(didSet == has, "\(layerClass.kind) \(property)")
            #expect(state.value(of: property) == (has ? value : nil), "\(layerClass.kind) \(property)")
            // A value of another kind is refused and changes nothing.
            let other = Self.sample(property.valueKind == .number ? .point : .number)
            let didSetOther = state.set(property, to: other)
            #expect(!didSetOther)
            #expect(state.value(of: property) == (has ? value : nil))
        }
    }

    @Test func writingOnePropertyLeavesTheOthersAtTheirDefaults() {
        for property in LayerProperty.allCases {
            let owner = Self.layerClasses.first { $0.kind == (property.owningKind ?? .layer) } ?? Layer.self
            let defaults = owner.init().model
            var state = defaults
            state.set(property, to: Self.sample(property.valueKind))
            for other in LayerProperty.allCases where other != property {
                #expect(state.value(of: other) == defaults.value(of: other), "setting \(property) changed \(other)")
            }
        }
    }
}

/// An animation whose key path names nothing the layer has is reported, never silently lost.
@Suite struct LayerDiagnosticTests {
    @Test func aMisspelledKeyPathIsReported() {
        let context = LayerContext()
        context.diagnosticHandler = nil
        let layer = Layer()
        layer.name = "card"
        context.addRootLayer(layer)
        layer.add(BasicAnimation(keyPath: "positon"), forKey: "move")
        #expect(context.diagnostics.count == 1)
        #expect(context.diagnostics.first?.layerName == "card")
        #expect(context.diagnostics.first?.message.contains("'positon' is not an animatable key path") == true)
        // Core Animation still runs it for its duration: it is listed and animates nothing.
        #expect(layer.animationKeys() == ["move"])
    }

    @Test func aPropertyOfAnotherLayerClassIsReported() {
        let context = LayerContext()
        context.diagnosticHandler = nil
        let layer = Layer()
        context.addRootLayer(layer)
        layer.add(BasicAnimation(keyPath: "strokeEnd"), forKey: nil)
        #expect(context.diagnostics.map(\.message) == ["a layer layer has no 'strokeEnd'; the animation animates nothing"])
        let shape = ShapeLayer()
        context.addRootLayer(shape)
        shape.add(BasicAnimation(keyPath: "strokeEnd"), forKey: nil)
        #expect(context.diagnostics.count == 1)
    }

    @Test func aLayerNotYetAttachedReportsWhenItIs() {
        let layer = Layer()
        layer.add(BasicAnimation(keyPath: "transform.rotation.w"), forKey: nil)
        let context = LayerContext()
        context.diagnosticHandler = nil
        #expect(context.diagnostics.isEmpty)
        var heard: [LayerDiagnostic] = []
        context.diagnosticHandler = { heard.append($0) }
        context.addRootLayer(layer)
        #expect(heard.count == 1)
        #expect(context.diagnostics == heard)
    }

    @Test func validKeyPathsReportNothing() {
        let context = LayerContext()
        context.diagnosticHandler = nil
        let layer = Layer()
        context.addRootLayer(layer)
        for keyPath: LayerKeyPath in ["position", "position.x", "bounds.size.width", "transform.rotation.z", "opacity"] {
            layer.add(BasicAnimation(keyPath: keyPath), forKey: nil)
        }
        layer.opacity = 0.5
        #expect(context.diagnostics.isEmpty)
    }
}
