import Foundation
import KinemaGeometry
import TestSupport
import Testing

/// Seeded random inputs: parsers and numeric code must never trap, and whatever they accept
/// must be finite and round-trip.
@Suite("Robustness")
struct RobustnessTests {
    static func randomString(_ alphabet: [Character], maxLength: Int, using g: inout SeededGenerator) -> String {
        let n = Int.random(in: 0...maxLength, using: &g)
        return String((0..<n).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &g)] })
    }

    /// A command letter, then about the right number of arguments in assorted number syntaxes
    /// and separators (sometimes one too few or too many, sometimes an arc flag out of range).
    static func randomPathData(using g: inout SeededGenerator) -> String {
        // An array, not a dictionary: dictionary order changes between runs.
        let arity: [(Character, Int)] = [
            ("M", 2), ("L", 2), ("H", 1), ("V", 1), ("C", 6), ("S", 4), ("Q", 4),
            ("T", 2), ("A", 7), ("Z", 0),
        ]
        let numbers = ["0", "1", "-2.5", ".5", "1e2", "-.3e-1", "10", "7.", "+4", "1", "0"]
        let separators = [" ", ",", "", " , ", "\n"]
        var text = Bool.random(using: &g) ? "M" : "m"
        text += "1 2"
        for _ in 0..<Int.random(in: 1...6, using: &g) {
            let (upper, n) = arity.randomElement(using: &g) ?? ("L", 2)
            text += separators.randomElement(using: &g) ?? " "
            text += Bool.random(using: &g) ? String(upper) : upper.lowercased()
            let count = n * Int.random(in: 1...2, using: &g) + (Int.random(in: 0..<8, using: &g) == 0 ? 1 : 0)
            for i in 0..<count {
                if i > 0 || Bool.random(using: &g) { text += separators.randomElement(using: &g) ?? " " }
                text += numbers.randomElement(using: &g) ?? "0"
            }
        }
        return text
    }

    @Test("random SVG path data: parse or throw, and accepted paths round-trip", arguments: [UInt64(1), 2, 3, 4])
    func svgFuzz(_ seed: UInt64) throws {
        var g = SeededGenerator(seed: seed)
        var accepted = 0
        for _ in 0..<500 {
            let text = Self.randomPathData(using: &g)
            guard let path = try? Path(svgData: text) else { continue }
            accepted += 1
            #expect(path.elements.allSatisfy { $0.points.allSatisfy(\.isFinite) }, "\(text)")
            #expect(try Path(svgData: path.svgData) == path, "\(text)")
            #expect(path.length.isFinite, "\(text)")
            _ = path.flattened(tolerance: 0.5)
            _ = path.boundingBoxOfPath
            _ = path.contains(Point(x: 1, y: 2))
            _ = path.point(atLength: 3)
            _ = path.tangentAngle(atLength: 5)
        }
        #expect(accepted > 100, "only \(accepted) inputs parsed; the generator is too noisy to test much")
    }

    @Test("random CSS transform lists: parse or throw, accepted ones are finite", arguments: [UInt64(5), 6])
    func cssFuzz(_ seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        let words = [
            "translate(", "scale(", "rotate(", "rotate3d(", "skew(", "perspective(", "matrix(", ")", ")",
            "1", "-2.5", "1e3", "90deg", "0.5turn", "px", ",", " ", " ", "%", "e", "nan", "1e400",
        ]
        for _ in 0..<2000 {
            let n = Int.random(in: 1...10, using: &g)
            let text = (0..<n).map { _ in words[Int.random(in: 0..<words.count, using: &g)] }.joined()
            if let t = try? Transform3D(css: text) {
                #expect(t.isFinite, "\(text)")
            }
        }
    }

    @Test("random hex strings: parse or throw")
    func hexFuzz() {
        var g = SeededGenerator(seed: 7)
        let alphabet = Array("#0123456789abcdefABCDEFgG -")
        for _ in 0..<2000 {
            let text = Self.randomString(alphabet, maxLength: 10, using: &g)
            if let c = try? Color(hex: text) {
                #expect((try? Color(hex: c.hexString)) == c, "\(text)")
            }
        }
    }

    @Test("extreme matrices decompose or refuse, and interpolation stays finite or returns an endpoint")
    func extremeMatrices() {
        var g = SeededGenerator(seed: 8)
        let specials: [Double] = [0, 1, -1, 1e-300, -1e-300, 1e300, -1e300, .nan, .infinity, 0.5, 3]
        for _ in 0..<2000 {
            let values = (0..<16).map { _ in specials[Int.random(in: 0..<specials.count, using: &g)] }
            guard let a = Transform3D(values) else { continue }
            if let d = a.decomposed() {
                #expect(d.isFinite)
            }
            let r = Transform3D.interpolate(from: a, to: .identity, fraction: 0.5)
            #expect(r.isFinite || r == a || r.values.contains { $0.isNaN }, "\(values)")
            _ = Transform3D.interpolate(from: .identity, to: a, fraction: .nan)
            _ = a.inverted()
        }
    }

    @Test("huge coordinates do not overflow the length")
    func hugeLength() throws {
        let path = try Path(svgData: "M0 0 L3e200 4e200")
        #expect(isClose(path.length / 5e200, 1, 1e-15))
    }

    @Test("Path encodes as SVG data and reports bad data as a decoding error")
    func codable() throws {
        let path = try Path(svgData: "M0 0 L10 20 Z")
        let data = try JSONEncoder().encode([path])
        #expect(String(decoding: data, as: UTF8.self) == #"["M0 0 L10 20 Z"]"#)
        #expect(try JSONDecoder().decode([Path].self, from: data) == [path])
        #expect(throws: DecodingError.self) {
            _ = try JSONDecoder().decode([Path].self, from: Data(#"["M0 0 L"]"#.utf8))
        }
    }
}

/// A fuzz finding: `scale(1, 9e-314)` has a nonzero, finite determinant whose reciprocal
/// overflows, so its inverse had infinite and NaN entries; an inverse that `Double` cannot hold is
/// now `nil`, as for a singular matrix.
@Suite struct NearlySingularInverseTests {
    @Test func aSubnormalScaleHasNoInverse() throws {
        let t = try Transform3D(css: "scale(1e0 90e-315)")
        #expect(t.isFinite)
        #expect(t.inverted() == nil)
        #expect(Homography(flattening: t).inverted() == nil)
        // Interpolating to it (what the fuzzer checked) returns it exactly at 1.
        #expect(Transform3D.interpolate(from: .identity, to: t, fraction: 1) == t)
    }

    @Test func aSmallButRepresentableScaleStillInverts() throws {
        let t = Transform3D.makeScale(1, 1e-300, 1)
        let inverse = try #require(t.inverted())
        #expect(inverse.isFinite && abs(inverse.m22 - 1e300) / 1e300 < 1e-12)
    }
}
