import KinemaGeometry
import KinemaLayers
import TestSupport
import Testing

/// Rows G01–G35 and H01–H06 (many checked on Apple's QuartzCore; see docs/animation-notes.md), plus
/// hierarchy rules. Every layer here is detached (no context), so setting properties runs no
/// implicit animation and geometry reads the model.
///
@Suite struct GeometryTests {

    static func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }
    static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    // MARK: Defaults and anchor

    @Test("G01: a new layer's geometry defaults")
    func g01Defaults() {
        let layer = Layer()
        #expect(layer.bounds == .zero)
        #expect(layer.position == .zero)
        #expect(layer.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(layer.anchorPointZ == 0)
        #expect(layer.zPosition == 0)
        #expect(layer.transform == .identity)
        #expect(layer.sublayerTransform == .identity)
        #expect(layer.masksToBounds == false)
        #expect(layer.isHidden == false)
        #expect(layer.isGeometryFlipped == false)
    }

    @Test("G02: defaultValue(forKey:) is non-nil for anchorPoint, nil for bounds, position and frame")
    func g02DefaultValues() {
        #expect(Layer.defaultValue(forKey: "anchorPoint") == .point(Point(x: 0.5, y: 0.5)))
        #expect(Layer.defaultValue(forKey: "bounds") == nil)
        #expect(Layer.defaultValue(forKey: "position") == nil)
        #expect(Layer.defaultValue(forKey: "frame") == nil)
    }

    @Test("G03: anchor and position are kept when the bounds change")
    func g03AnchorKeptOnBoundsChange() {
        let layer = Layer()
        layer.anchorPoint = Self.p(0.25, 0.75)
        layer.position = Self.p(7, 9)
        layer.bounds = Self.r(0, 0, 30, 40)
        #expect(layer.position == Self.p(7, 9))
        #expect(layer.anchorPoint == Self.p(0.25, 0.75))
    }

    @Test("G04: an anchor outside the unit square is kept as given")
    func g04AnchorOutOfRange() {
        let layer = Layer()
        layer.anchorPoint = Self.p(2, -1)
        #expect(layer.anchorPoint == Self.p(2, -1))
    }

    // MARK: frame (get)

    struct FrameRow: CustomTestStringConvertible, Sendable {
        var id: String
        var bounds: Rect
        var position: Point
        var anchor = Point(x: 0.5, y: 0.5)
        var transform: Transform3D = .identity
        var zPosition = 0.0
        var anchorPointZ = 0.0
        var contentsScale = 1.0
        var geometryFlipped = false
        var expected: Rect
        var testDescription: String { id }
    }

    static let g05Bounds = r(0, 0, 100, 50)
    static let g05Position = p(200, 300)

    static let frameRows: [FrameRow] = [
        FrameRow(id: "G05", bounds: g05Bounds, position: g05Position, expected: r(150, 275, 100, 50)),
        FrameRow(
            id: "G06 anchor (0,0)", bounds: g05Bounds, position: g05Position, anchor: p(0, 0),
            expected: r(200, 300, 100, 50)),
        FrameRow(
            id: "G06 anchor (1,1)", bounds: g05Bounds, position: g05Position, anchor: p(1, 1),
            expected: r(100, 250, 100, 50)),
        FrameRow(id: "G07", bounds: r(11, 22, 100, 50), position: g05Position, expected: r(150, 275, 100, 50)),
        FrameRow(id: "G08", bounds: g05Bounds, position: p(0, 0), anchor: p(2, -1), expected: r(-200, 50, 100, 50)),
        FrameRow(
            id: "G09", bounds: g05Bounds, position: g05Position, zPosition: 17, anchorPointZ: 25,
            contentsScale: 2, geometryFlipped: true, expected: r(150, 275, 100, 50)),
        FrameRow(
            id: "G10", bounds: g05Bounds, position: g05Position, transform: .makeScale(2, 4, 1),
            expected: r(100, 200, 200, 200)),
        FrameRow(
            id: "G11", bounds: g05Bounds, position: g05Position, transform: .makeTranslation(10, 20, 0),
            expected: r(160, 295, 100, 50)),
        FrameRow(
            id: "G12", bounds: r(0, 0, 100, 100), position: p(0, 0), transform: .makeRotation(.pi / 4, 0, 0, 1),
            expected: r(-70.7107, -70.7107, 141.4214, 141.4214)),
    ]

    @Test(arguments: frameRows)
    func frame(_ row: FrameRow) {
        let layer = makeLayer(row.bounds, row.position, anchor: row.anchor)
        layer.transform = row.transform
        layer.zPosition = row.zPosition
        layer.anchorPointZ = row.anchorPointZ
        layer.contentsScale = row.contentsScale
        layer.isGeometryFlipped = row.geometryFlipped
        #expect(isClose(layer.frame, row.expected, Tolerance.geometry), "\(row.id): frame = \(layer.frame)")
    }

    // MARK: frame (set)

    struct SetFrameRow: CustomTestStringConvertible, Sendable {
        var id: String
        var bounds: Rect = .zero
        var anchor = Point(x: 0.5, y: 0.5)
        var transform: Transform3D = .identity
        var frame: Rect
        var expectedBounds: Rect?
        var expectedPosition: Point
        var readsBack = false
        var testDescription: String { id }
    }

    static let g13Frame = r(10, 20, 100, 50)

    static let setFrameRows: [SetFrameRow] = [
        SetFrameRow(id: "G13", frame: g13Frame, expectedBounds: r(0, 0, 100, 50), expectedPosition: p(60, 45), readsBack: true),
        SetFrameRow(id: "G14 anchor (0,0)", anchor: p(0, 0), frame: g13Frame, expectedPosition: p(10, 20), readsBack: true),
        SetFrameRow(id: "G14 anchor (1,1)", anchor: p(1, 1), frame: g13Frame, expectedPosition: p(110, 70), readsBack: true),
        SetFrameRow(
            id: "G15", bounds: r(11, 22, 5, 5), frame: g13Frame, expectedBounds: r(11, 22, 100, 50),
            expectedPosition: p(60, 45), readsBack: true),
        SetFrameRow(id: "G16", frame: r(0, 0, -100, -50), expectedBounds: r(0, 0, 100, 50), expectedPosition: p(-50, -25)),
        SetFrameRow(
            id: "G17", transform: .makeScale(2, 4, 1), frame: g13Frame, expectedBounds: r(0, 0, 50, 12.5),
            expectedPosition: p(60, 45), readsBack: true),
        SetFrameRow(
            id: "G18", transform: .makeTranslation(10, 20, 0), frame: g13Frame, expectedBounds: r(0, 0, 100, 50),
            expectedPosition: p(50, 25), readsBack: true),
    ]

    @Test(arguments: setFrameRows)
    func setFrame(_ row: SetFrameRow) {
        let layer = Layer()
        layer.bounds = row.bounds
        layer.anchorPoint = row.anchor
        layer.transform = row.transform
        layer.frame = row.frame
        if let expected = row.expectedBounds {
            #expect(isClose(layer.bounds, expected, Tolerance.geometry), "\(row.id): bounds = \(layer.bounds)")
        }
        #expect(isClose(layer.position, row.expectedPosition, Tolerance.geometry), "\(row.id): position = \(layer.position)")
        #expect(layer.anchorPoint == row.anchor, "\(row.id): the anchor point must not change")
        if row.readsBack {
            #expect(isClose(layer.frame, row.frame, Tolerance.geometry), "\(row.id): frame reads back \(layer.frame)")
        }
    }

    // MARK: Conversion (G19–G28, G31–G35)

    enum Query: Sendable {
        case point(from: String, to: String, Point, expected: Point)
        case rect(from: String, to: String, Rect, expected: Rect)
    }

    struct ConvertRow: CustomTestStringConvertible, Sendable {
        var id: String
        /// Builds the layers, by name.
        var build: @Sendable () throws -> [String: Layer]
        var queries: [Query]
        var testDescription: String { id }
    }

    /// G19's P((0,0,200,200); (100,100)) ⊃ C((0,0,50,50); (100,50)), with changes.
    static func g19(
        parentBounds: Rect = r(0, 0, 200, 200), childTransform: Transform3D = .identity,
        sublayerTransform: Transform3D = .identity
    ) throws -> [String: Layer] {
        let parent = makeLayer(parentBounds, p(100, 100))
        parent.sublayerTransform = sublayerTransform
        let child = makeLayer(r(0, 0, 50, 50), p(100, 50))
        child.transform = childTransform
        try parent.addSublayer(child)
        return ["P": parent, "C": child]
    }

    static let rotationY60 = Transform3D.makeRotation(.pi / 3, 0, 1, 0)
    static let perspective500 = Transform3D.makePerspective(distance: 500)

    /// G31's six points in C and their images in P.
    static let g31Queries: [Query] = [
        .point(from: "C", to: "P", p(0, 0), expected: p(72.6297, 45.2593)),
        .point(from: "C", to: "P", p(100, 0), expected: p(123.0075, 53.9850)),
        .point(from: "C", to: "P", p(0, 100), expected: p(72.6297, 154.7407)),
        .point(from: "C", to: "P", p(100, 100), expected: p(123.0075, 146.0150)),
        .point(from: "C", to: "P", p(50, 50), expected: p(100, 100)),
        .point(from: "C", to: "P", p(75, 50), expected: p(111.9812, 100)),
    ]

    /// G34/G35: root R ⊃ P((0,0,200,200); (200,200)) rotated 60° about y ⊃ C((0,0,100,100); (100,100)), z 50.
    static func g34(parent: Layer) throws -> [String: Layer] {
        let root = makeLayer(r(0, 0, 400, 400), p(200, 200))
        parent.bounds = r(0, 0, 200, 200)
        parent.position = p(200, 200)
        parent.transform = rotationY60
        let child = makeLayer(r(0, 0, 100, 100), p(100, 100))
        child.zPosition = 50
        try root.addSublayer(parent)
        try parent.addSublayer(child)
        return ["R": root, "P": parent, "C": child]
    }

    static let convertRows: [ConvertRow] = [
        ConvertRow(
            id: "G19", build: { try g19() },
            queries: [
                .point(from: "C", to: "P", p(0, 0), expected: p(75, 25)),
                .point(from: "C", to: "P", p(50, 50), expected: p(125, 75)),
                .point(from: "P", to: "C", p(0, 0), expected: p(-75, -25)),
                .rect(from: "C", to: "P", r(0, 0, 10, 20), expected: r(75, 25, 10, 20)),
                .point(from: "C", to: "C", p(3, 4), expected: p(3, 4)),
                .rect(from: "P", to: "P", r(1, 2, 3, 4), expected: r(1, 2, 3, 4)),
            ]),
        ConvertRow(
            id: "G20", build: { try g19(parentBounds: r(10, 20, 200, 200)) },
            queries: [
                .point(from: "C", to: "P", p(0, 0), expected: p(75, 25))
            ]),
        ConvertRow(
            id: "G21", build: { try g19(childTransform: .makeScale(2, 2, 1)) },
            queries: [
                .point(from: "C", to: "P", p(0, 0), expected: p(50, 0)),
                .point(from: "C", to: "P", p(50, 50), expected: p(150, 100)),
                .rect(from: "C", to: "P", r(0, 0, 10, 20), expected: r(50, 0, 20, 40)),
            ]),
        ConvertRow(
            id: "G22", build: { try g19(sublayerTransform: .makeTranslation(10, 20, 0)) },
            queries: [
                .point(from: "C", to: "P", p(0, 0), expected: p(85, 45))
            ]),
        ConvertRow(
            id: "G23",
            build: {
                try g19(childTransform: .makeTranslation(5, 6, 0), sublayerTransform: .makeScale(2, 2, 1))
            },
            queries: [
                .point(from: "C", to: "P", p(0, 0), expected: p(60, -38))
            ]),
        ConvertRow(
            id: "G24",
            build: {
                let parent = makeLayer(r(0, 0, 200, 200), p(100, 100))
                let child = makeLayer(r(0, 0, 100, 100), p(100, 100))
                child.transform = .makeRotation(.pi / 4, 0, 0, 1)
                try parent.addSublayer(child)
                return ["P": parent, "C": child]
            },
            queries: [
                .rect(from: "C", to: "P", r(0, 0, 100, 100), expected: r(29.2893, 29.2893, 141.4214, 141.4214)),
                .point(from: "C", to: "P", p(50, 50), expected: p(100, 100)),
            ]),
        ConvertRow(
            id: "G25",
            build: {
                let g0 = makeLayer(r(0, 0, 400, 400), p(200, 200))
                let g1 = makeLayer(r(0, 0, 200, 200), p(100, 100))
                let g2 = makeLayer(r(0, 0, 50, 50), p(25, 25))
                try g0.addSublayer(g1)
                try g1.addSublayer(g2)
                return ["g0": g0, "g2": g2]
            },
            queries: [
                .point(from: "g2", to: "g0", p(0, 0), expected: p(0, 0)),
                .point(from: "g0", to: "g2", p(0, 0), expected: p(0, 0)),
            ]),
        ConvertRow(
            id: "G26",
            build: {
                let parent = makeLayer(r(0, 0, 200, 200), p(100, 100))
                let s1 = makeLayer(r(0, 0, 50, 50), p(25, 25))
                let s2 = makeLayer(r(0, 0, 50, 50), p(125, 25))
                try parent.addSublayer(s1)
                try parent.addSublayer(s2)
                return ["P": parent, "s1": s1, "s2": s2]
            },
            queries: [
                .point(from: "s1", to: "s2", p(0, 0), expected: p(-100, 0))
            ]),
        ConvertRow(
            id: "G27",
            build: {
                ["u1": makeLayer(r(0, 0, 50, 50), p(25, 25)), "u2": makeLayer(r(0, 0, 50, 50), p(500, 500))]
            },
            queries: [
                .point(from: "u1", to: "u2", p(0, 0), expected: p(-475, -475))
            ]),
        ConvertRow(
            id: "G28",
            build: {
                ["C": makeLayer(r(0, 0, 50, 50), p(100, 50)), "P": makeLayer(r(0, 0, 200, 200), p(100, 100))]
            },
            queries: [
                .point(from: "C", to: "P", p(0, 0), expected: p(75, 25))
            ]),
        ConvertRow(
            id: "G31",
            build: {
                let parent = makeLayer(r(0, 0, 200, 200), p(100, 100))
                parent.sublayerTransform = perspective500
                let child = makeLayer(r(0, 0, 100, 100), p(100, 100))
                child.transform = rotationY60
                try parent.addSublayer(child)
                return ["P": parent, "C": child]
            }, queries: g31Queries),
        ConvertRow(
            id: "G32",
            build: {
                let parent = makeLayer(r(0, 0, 200, 200), p(100, 100))
                let child = makeLayer(r(0, 0, 100, 100), p(100, 100))
                child.transform = rotationY60.concatenating(perspective500)
                try parent.addSublayer(child)
                return ["P": parent, "C": child]
            }, queries: g31Queries),
        ConvertRow(
            id: "G33",
            build: {
                let parent = makeLayer(r(0, 0, 200, 200), p(100, 100))
                parent.sublayerTransform = perspective500
                let child = makeLayer(r(0, 0, 100, 100), p(100, 100))
                child.zPosition = 100
                try parent.addSublayer(child)
                return ["P": parent, "C": child]
            },
            queries: [
                .point(from: "C", to: "P", p(0, 0), expected: p(37.5, 37.5)),
                .point(from: "C", to: "P", p(100, 100), expected: p(162.5, 162.5)),
            ]),
        ConvertRow(
            id: "G34", build: { try g34(parent: Layer()) },
            queries: [
                .point(from: "C", to: "R", p(50, 50), expected: p(200, 200))
            ]),
        ConvertRow(
            id: "G35", build: { try g34(parent: TransformLayer()) },
            queries: [
                .point(from: "C", to: "R", p(50, 50), expected: p(243.3013, 200))
            ]),
    ]

    @Test(arguments: convertRows)
    func convert(_ row: ConvertRow) throws {
        let layers = try row.build()
        for query in row.queries {
            switch query {
            case .point(let from, let to, let point, let expected):
                let a = try #require(layers[from]), b = try #require(layers[to])
                let got = a.convert(point, to: b)
                #expect(isClose(got, expected, Tolerance.geometry), "\(row.id): \(from)\(point) → \(to) = \(got), expected \(expected)")
                // The same conversion seen from the other side.
                let back = b.convert(point, from: a)
                #expect(isClose(back, expected, Tolerance.geometry), "\(row.id): \(to).convert(\(point), from: \(from)) = \(back)")
            case .rect(let from, let to, let rect, let expected):
                let a = try #require(layers[from]), b = try #require(layers[to])
                let got = a.convert(rect, to: b)
                #expect(isClose(got, expected, Tolerance.geometry), "\(row.id): \(from)\(rect) → \(to) = \(got), expected \(expected)")
            }
        }
    }

    // MARK: affineTransform (G29, G30)

    struct AffineRow: CustomTestStringConvertible, Sendable {
        var id: String
        var transform: Transform3D
        var expected: AffineTransform
        var testDescription: String { id }
    }

    static let affineRows: [AffineRow] = {
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        return [
            AffineRow(
                id: "G29 scale(2,3,1)", transform: .makeScale(2, 3, 1),
                expected: AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 0, ty: 0)),
            AffineRow(
                id: "G29 translate(3,4,0)", transform: .makeTranslation(3, 4, 0),
                expected: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 4)),
            AffineRow(
                id: "G29 rotation π/4 z", transform: .makeRotation(.pi / 4, 0, 0, 1),
                expected: AffineTransform(a: 0.7071, b: 0.7071, c: -0.7071, d: 0.7071, tx: 0, ty: 0)),
            AffineRow(id: "G29 scale(2,3,4)", transform: .makeScale(2, 3, 4), expected: .identity),
            AffineRow(id: "G29 rotation π/2 x", transform: .makeRotation(.pi / 2, 1, 0, 0), expected: .identity),
            AffineRow(id: "G29 translate(0,0,5)", transform: .makeTranslation(0, 0, 5), expected: .identity),
            AffineRow(id: "G29 m34 = −1/500", transform: perspective, expected: .identity),
        ]
    }()

    @Test(arguments: affineRows)
    func affineTransform(_ row: AffineRow) {
        let layer = Layer()
        layer.transform = row.transform
        let t = layer.affineTransform()
        let pairs = [
            (t.a, row.expected.a), (t.b, row.expected.b), (t.c, row.expected.c),
            (t.d, row.expected.d), (t.tx, row.expected.tx), (t.ty, row.expected.ty),
        ]
        #expect(pairs.allSatisfy { isClose($0.0, $0.1, Tolerance.geometry) }, "\(row.id): got \(t)")
    }

    @Test("G30: setAffineTransform replaces the whole transform")
    func g30SetAffineTransform() {
        let layer = Layer()
        layer.setAffineTransform(AffineTransform(a: 2, b: 3, c: 4, d: 5, tx: 6, ty: 7))
        let t = layer.transform
        #expect([t.m11, t.m12, t.m21, t.m22, t.m41, t.m42, t.m33, t.m44] == [2, 3, 4, 5, 6, 7, 1, 1])
        #expect([t.m13, t.m14, t.m23, t.m24, t.m31, t.m32, t.m34, t.m43] == [0, 0, 0, 0, 0, 0, 0, 0])
        layer.transform = .makeScale(9, 9, 9)
        layer.setAffineTransform(AffineTransform(translationX: 1, y: 2))
        #expect(layer.transform.m33 == 1)
        #expect(layer.transform == .makeTranslation(1, 2, 0))
    }

    // MARK: Hit testing (H01–H06)

    struct ContainsRow: CustomTestStringConvertible, Sendable {
        var id: String
        var bounds: Rect
        var point: Point
        var expected: Bool
        var testDescription: String { "\(id) \(point)" }
    }

    static let containsRows: [ContainsRow] = [
        ContainsRow(id: "H01", bounds: r(0, 0, 100, 100), point: p(0, 0), expected: true),
        ContainsRow(id: "H01", bounds: r(0, 0, 100, 100), point: p(99.9, 99.9), expected: true),
        ContainsRow(id: "H01", bounds: r(0, 0, 100, 100), point: p(100, 100), expected: false),
        ContainsRow(id: "H01", bounds: r(0, 0, 100, 100), point: p(-0.1, 50), expected: false),
        ContainsRow(id: "H01", bounds: r(0, 0, 100, 100), point: p(500, 500), expected: false),
        ContainsRow(id: "H02", bounds: r(10, 10, 100, 100), point: p(5, 5), expected: false),
        ContainsRow(id: "H02", bounds: r(10, 10, 100, 100), point: p(15, 15), expected: true),
        ContainsRow(id: "H02", bounds: r(10, 10, 100, 100), point: p(109, 109), expected: true),
    ]

    @Test(arguments: containsRows)
    func contains(_ row: ContainsRow) {
        let layer = makeLayer(row.bounds, Self.p(500, 500))
        #expect(layer.contains(row.point) == row.expected)
    }

    @Test("H03: hitTest finds the deepest layer, or nil outside")
    func h03HitTest() throws {
        let root = makeLayer(Self.r(0, 0, 100, 100), Self.p(50, 50))
        let child = makeLayer(Self.r(0, 0, 20, 20), Self.p(50, 50))
        try root.addSublayer(child)
        #expect(root.hitTest(Self.p(50, 50)) === child)
        #expect(root.hitTest(Self.p(5, 5)) === root)
        #expect(root.hitTest(Self.p(500, 500)) == nil)
        #expect(root.hitTest(Self.p(100, 100)) == nil)
    }

    @Test("H04: siblings are searched front to back: order, hidden, zPosition")
    func h04SiblingOrder() throws {
        let root = makeLayer(Self.r(0, 0, 100, 100), Self.p(50, 50))
        let lower = makeLayer(Self.r(0, 0, 40, 40), Self.p(50, 50))
        let upper = makeLayer(Self.r(0, 0, 40, 40), Self.p(50, 50))
        try root.addSublayer(lower)
        try root.addSublayer(upper)
        #expect(root.hitTest(Self.p(50, 50)) === upper)
        upper.isHidden = true
        #expect(root.hitTest(Self.p(50, 50)) === lower)
        upper.isHidden = false
        lower.zPosition = 10
        #expect(root.hitTest(Self.p(50, 50)) === lower)
    }

    @Test("H05: sublayers outside the bounds are hit unless masksToBounds")
    func h05MasksToBounds() throws {
        let root = makeLayer(Self.r(0, 0, 100, 100), Self.p(50, 50))
        let child = makeLayer(Self.r(0, 0, 20, 20), Self.p(150, 150))
        try root.addSublayer(child)
        #expect(root.hitTest(Self.p(150, 150)) === child)
        root.masksToBounds = true
        #expect(root.hitTest(Self.p(150, 150)) == nil)
    }

    @Test("H06: a lone layer hits itself")
    func h06LoneLayer() {
        let layer = makeLayer(Self.r(0, 0, 100, 100), Self.p(50, 50))
        #expect(layer.hitTest(Self.p(50, 50)) === layer)
        #expect(layer.hitTest(Self.p(500, 500)) == nil)
    }

    @Test("hit testing: a layer with opacity 0 is still hit")
    func transparentLayersAreHit() throws {
        let root = makeLayer(Self.r(0, 0, 100, 100), Self.p(50, 50))
        let child = makeLayer(Self.r(0, 0, 20, 20), Self.p(50, 50))
        child.opacity = 0
        try root.addSublayer(child)
        #expect(root.hitTest(Self.p(50, 50)) === child)
    }

    @Test("hit testing: hidden layers hide their subtree")
    func hiddenSubtree() throws {
        let root = makeLayer(Self.r(0, 0, 100, 100), Self.p(50, 50))
        let parent = makeLayer(Self.r(0, 0, 40, 40), Self.p(50, 50))
        let child = makeLayer(Self.r(0, 0, 10, 10), Self.p(20, 20))
        try root.addSublayer(parent)
        try parent.addSublayer(child)
        #expect(root.hitTest(Self.p(50, 50)) === child)
        parent.isHidden = true
        #expect(root.hitTest(Self.p(50, 50)) === root)
    }

    @Test("hit testing passes over a transform layer to its sublayers (CATransformLayer.h)")
    func transformLayerIsNeverHit() throws {
        let root = makeLayer(Self.r(0, 0, 400, 400), Self.p(200, 200))
        let transformLayer = TransformLayer()
        transformLayer.bounds = Self.r(0, 0, 200, 200)
        transformLayer.position = Self.p(200, 200)
        let child = makeLayer(Self.r(0, 0, 100, 100), Self.p(100, 100))
        try root.addSublayer(transformLayer)
        try transformLayer.addSublayer(child)
        #expect(root.hitTest(Self.p(200, 200)) === child)
        #expect(root.hitTest(Self.p(110, 110)) === root, "inside the transform layer's bounds but not the child's")
    }

    /// A layer that is round for hit testing.
    final class RoundLayer: Layer {
        override func contains(_ point: Point) -> Bool {
            let b = bounds
            let dx = point.x - b.midX, dy = point.y - b.midY
            return dx * dx + dy * dy < (b.width / 2) * (b.width / 2)
        }
    }

    @Test("hit testing: hitTest asks contains(_:), so a subclass can change the hit shape")
    func hitTestUsesContains() throws {
        let root = makeLayer(Self.r(0, 0, 100, 100), Self.p(50, 50))
        let round = RoundLayer()
        round.bounds = Self.r(0, 0, 40, 40)
        round.position = Self.p(50, 50)
        try root.addSublayer(round)
        #expect(round.contains(Self.p(2, 2)) == false)
        #expect(root.hitTest(Self.p(50, 50)) === round)
        // (32, 32) is inside the round layer's bounds square but outside its circle.
        #expect(root.hitTest(Self.p(32, 32)) === root)
    }

    // MARK: Hierarchy

    @Test("Adding a layer to its own subtree throws .cycle and changes nothing")
    func cycleIsRejected() throws {
        let a = Layer()
        let b = Layer()
        let c = Layer()
        try a.addSublayer(b)
        try b.addSublayer(c)
        #expect(throws: LayerHierarchyError.cycle) { try a.addSublayer(a) }
        #expect(throws: LayerHierarchyError.cycle) { try c.addSublayer(a) }
        #expect(throws: LayerHierarchyError.cycle) { try b.insertSublayer(a, at: 0) }
        #expect(a.superlayer == nil)
        #expect(b.superlayer === a)
        #expect(c.superlayer === b)
        #expect(a.sublayers.count == 1 && a.sublayers[0] === b)
        #expect(b.sublayers.count == 1 && b.sublayers[0] === c)
        #expect(c.sublayers.isEmpty)
    }

    @Test("insertSublayer(_:at:) places the layer at the index; moving within the parent reorders")
    func insertAtIndex() throws {
        let parent = Layer()
        let a = Layer(), b = Layer(), c = Layer(), d = Layer()
        try parent.addSublayer(a)
        try parent.addSublayer(b)
        try parent.insertSublayer(c, at: 0)
        #expect(parent.sublayers.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
        try parent.insertSublayer(d, at: 2)
        #expect(parent.sublayers.map(ObjectIdentifier.init) == [c, a, d, b].map(ObjectIdentifier.init))
        try parent.insertSublayer(b, at: 0)
        #expect(parent.sublayers.map(ObjectIdentifier.init) == [b, c, a, d].map(ObjectIdentifier.init))
        #expect(parent.sublayers.allSatisfy { $0.superlayer === parent })
    }

    @Test("Adding a layer that has another superlayer moves it")
    func reparenting() throws {
        let p1 = Layer(), p2 = Layer(), child = Layer()
        try p1.addSublayer(child)
        try p2.addSublayer(child)
        #expect(p1.sublayers.isEmpty)
        #expect(p2.sublayers.count == 1 && p2.sublayers[0] === child)
        #expect(child.superlayer === p2)
    }

    @Test("replaceSublayer puts the new layer at the old one's index")
    func replaceSublayer() throws {
        let parent = Layer()
        let a = Layer(), b = Layer(), c = Layer(), replacement = Layer()
        for layer in [a, b, c] { try parent.addSublayer(layer) }
        try parent.replaceSublayer(b, with: replacement)
        #expect(parent.sublayers.map(ObjectIdentifier.init) == [a, replacement, c].map(ObjectIdentifier.init))
        #expect(b.superlayer == nil)
        #expect(replacement.superlayer === parent)
        #expect(throws: LayerHierarchyError.notASublayer) { try parent.replaceSublayer(b, with: Layer()) }
        let grandchild = Layer()
        try a.addSublayer(grandchild)
        #expect(throws: LayerHierarchyError.cycle) { try a.replaceSublayer(grandchild, with: parent) }
        #expect(grandchild.superlayer === a)
    }
}
