import KinemaGeometry
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct CSSCase: CustomTestStringConvertible, Sendable {
    var css: String
    var expected: Transform3D
    var testDescription: String { css }
}

struct CSSErrorCase: CustomTestStringConvertible, Sendable {
    var css: String
    var message: String
    var testDescription: String { "'\(css)'" }
}

private func affine(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) -> Transform3D {
    Transform3D(affine: KinemaGeometry.AffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty))
}

@Suite("Transform3D CSS")
struct TransformCSSTests {
    static let cases: [CSSCase] = [
        CSSCase(css: "none", expected: .identity),
        CSSCase(css: "translate(10px, 20px)", expected: .makeTranslation(10, 20, 0)),
        CSSCase(css: "translate(7)", expected: .makeTranslation(7, 0, 0)),
        CSSCase(css: "translate(5 6)", expected: .makeTranslation(5, 6, 0)),
        CSSCase(css: "translateX(3) translateY(4px) translateZ(-5)", expected: .makeTranslation(3, 4, -5)),
        CSSCase(css: "translate3d(1, 2, 3)", expected: .makeTranslation(1, 2, 3)),
        CSSCase(css: "scale(2)", expected: .makeScale(2, 2, 1)),
        CSSCase(css: "scale(2, 3)", expected: .makeScale(2, 3, 1)),
        CSSCase(css: "scaleX(2) scaleY(3) scaleZ(4)", expected: .makeScale(2, 3, 4)),
        CSSCase(css: "scale3d(2,3,4)", expected: .makeScale(2, 3, 4)),
        CSSCase(css: "rotate(90deg)", expected: .makeRotation(.pi / 2, 0, 0, 1)),
        CSSCase(css: "rotateZ(0.25turn)", expected: .makeRotation(.pi / 2, 0, 0, 1)),
        CSSCase(css: "rotate(100grad)", expected: .makeRotation(.pi / 2, 0, 0, 1)),
        CSSCase(css: "rotate(1.5)", expected: .makeRotation(1.5, 0, 0, 1)),
        CSSCase(css: "rotate(0.5rad)", expected: .makeRotation(0.5, 0, 0, 1)),
        CSSCase(css: "rotateX(30deg)", expected: .makeRotation(.pi / 6, 1, 0, 0)),
        CSSCase(css: "rotateY(-45deg)", expected: .makeRotation(-.pi / 4, 0, 1, 0)),
        CSSCase(css: "rotate3d(1, 2, 3, 60deg)", expected: .makeRotation(.pi / 3, 1, 2, 3)),
        CSSCase(css: "skewX(45deg)", expected: affine(1, 0, 1, 1, 0, 0)),
        CSSCase(css: "skewY(45deg)", expected: affine(1, 1, 0, 1, 0, 0)),
        CSSCase(css: "skew(45deg, -45deg)", expected: affine(1, -1, 1, 1, 0, 0)),
        CSSCase(css: "perspective(500px)", expected: .makePerspective(distance: 500)),
        CSSCase(css: "matrix(1, 2, 3, 4, 5, 6)", expected: affine(1, 2, 3, 4, 5, 6)),
        CSSCase(
            css: "matrix3d(1,2,3,4, 5,6,7,8, 9,10,11,12, 13,14,15,16)",
            expected: Transform3D([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]) ?? .identity),
        CSSCase(css: "  TRANSLATE(1PX,2)  ", expected: .makeTranslation(1, 2, 0)),
        // Rightmost applies first: scale, then translate.
        CSSCase(
            css: "translate(10, 20) scale(2, 3)",
            expected: Transform3D.makeScale(2, 3, 1).concatenating(.makeTranslation(10, 20, 0))),
        CSSCase(
            css: "scale(2, 3) translate(10, 20)",
            expected: Transform3D.makeTranslation(10, 20, 0).concatenating(.makeScale(2, 3, 1))),
    ]

    @Test("parsing", arguments: cases)
    func parse(_ c: CSSCase) throws {
        let t = try Transform3D(css: c.css)
        #expect(isClose(t, c.expected, 1e-12), "\(t.values)")
    }

    @Test("the rightmost function applies to the point first")
    func order() throws {
        let t = try Transform3D(css: "translate(10, 20) rotate(90deg)")
        let p = t.apply(x: 1, y: 0, z: 0)
        #expect(isClose(p.x, 10, 1e-12) && isClose(p.y, 21, 1e-12))
        let u = try Transform3D(css: "rotate(90deg) translate(10, 20)")
        let q = u.apply(x: 1, y: 0, z: 0)
        // (1, 0) + (10, 20) = (11, 20), rotated 90°: (−20, 11).
        #expect(isClose(q.x, -20, 1e-12) && isClose(q.y, 11, 1e-12))
    }

    @Test(
        "cssDescription round trips exactly",
        arguments: [
            Transform3D.identity,
            .makeRotation(0.7, 1, 2, 3),
            Transform3D.makeScale(2, 3, 4).concatenating(.makeTranslation(-1e-7, 1e20, 0.1)),
            .makePerspective(distance: 700),
        ])
    func roundTrip(_ t: Transform3D) throws {
        #expect(try Transform3D(css: t.cssDescription) == t)
    }

    @Test("cssDescription format")
    func format() {
        #expect(
            Transform3D.makeTranslation(10, -2.5, 0).cssDescription
                == "matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, -2.5, 0, 1)")
    }

    static let errorCases: [CSSErrorCase] = [
        CSSErrorCase(
            css: "rotat(45deg)",
            message:
                "unknown transform function 'rotat' (expected one of translate, translateX, translateY, translateZ, translate3d, scale, scaleX, scaleY, scaleZ, scale3d, rotate, rotateX, rotateY, rotateZ, rotate3d, skew, skewX, skewY, perspective, matrix, matrix3d)"
        ),
        CSSErrorCase(css: "scale(1, 2, 3)", message: "scale expects 1 or 2 numbers, got 3"),
        CSSErrorCase(css: "translateX()", message: "translateX expects 1 number, got 0"),
        CSSErrorCase(css: "matrix3d(1,2,3)", message: "matrix3d expects 16 numbers, got 3"),
        CSSErrorCase(
            css: "rotate(10px)", message: "rotate expects an angle (deg, rad, turn, grad or a bare number in radians), got '10px'"),
        CSSErrorCase(css: "translate(10deg)", message: "translate expects a length (a bare number or px), got '10deg'"),
        CSSErrorCase(css: "scale(50%)", message: "scale expects a plain number, got '50%'"),
        CSSErrorCase(css: "rotate(nan)", message: "rotate expects a number at 7, got 'nan)'"),
        CSSErrorCase(css: "translate(1e999)", message: "translate: the number '1e999' is not finite"),
        CSSErrorCase(css: "rotate 45deg", message: "expected '(' after 'rotate', got '45deg'"),
        CSSErrorCase(css: "scale(2", message: "expected ',' or ')' in scale(…) at 7, got end of input"),
        CSSErrorCase(css: "scale(2;3)", message: "expected ',' or ')' in scale(…) at 7, got ';3)'"),
        CSSErrorCase(css: "perspective(0)", message: "perspective expects a positive length, got '0'"),
        CSSErrorCase(css: "", message: "expected a transform function list or 'none', got an empty string"),
        CSSErrorCase(css: "none scale(2)", message: "'none' must be the whole transform list, got 'scale(2)' after it"),
        CSSErrorCase(css: "scale(2) 42", message: "expected a transform function at 9, got '42'"),
        CSSErrorCase(css: "scale(1e300) scale(1e300)", message: "the transform 'scale(1e300) scale(1e300)' is not finite"),
    ]

    @Test("errors name what was expected and the offending text", arguments: errorCases)
    func errors(_ c: CSSErrorCase) {
        #expect {
            _ = try Transform3D(css: c.css)
        } throws: { error in
            let message = (error as? GeometryParseError)?.description
            if message != c.message { Issue.record("got: \(message ?? "\(error)")") }
            return message == c.message
        }
    }
}
