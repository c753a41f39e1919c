import KinemaGeometry
import TestSupport
import Testing

struct ColorLerpCase: CustomTestStringConvertible, Sendable {
    var name: String
    var from: Color
    var to: Color
    var fraction: Double
    var expected: Color
    var testDescription: String { name }
}

struct HexCase: CustomTestStringConvertible, Sendable {
    var hex: String
    var color: Color
    var printed: String
    var testDescription: String { hex }
}

struct HexErrorCase: CustomTestStringConvertible, Sendable {
    var hex: String
    var message: String
    var testDescription: String { "'\(hex)'" }
}

@Suite("Color")
struct ColorTests {
    static let lerpCases: [ColorLerpCase] = [
        ColorLerpCase(
            name: "opaque red → blue at 0.25", from: .red, to: .blue, fraction: 0.25,
            expected: Color(red: 0.75, green: 0, blue: 0.25)),
        ColorLerpCase(name: "opaque black → white at 0.5", from: .black, to: .white, fraction: 0.5, expected: .gray),
        ColorLerpCase(
            name: "opaque (0.2,0.4,0.6) → (0.6,0.2,1) at 0.75",
            from: Color(red: 0.2, green: 0.4, blue: 0.6), to: Color(red: 0.6, green: 0.2, blue: 1),
            fraction: 0.75, expected: Color(red: 0.5, green: 0.25, blue: 0.9)),
        ColorLerpCase(
            name: "clear → opaque red at 0.5 keeps the hue", from: .clear, to: .red, fraction: 0.5,
            expected: Color(red: 1, green: 0, blue: 0, alpha: 0.5)),
        ColorLerpCase(
            name: "opaque green → clear at 0.75", from: .green, to: .clear, fraction: 0.75,
            expected: Color(red: 0, green: 1, blue: 0, alpha: 0.25)),
        ColorLerpCase(name: "clear → clear", from: .clear, to: .clear, fraction: 0.5, expected: .clear),
        // Premultiplied (0.5,0,0,0.5) and (0,0,1,1) average to (0.25,0,0.5,0.75) → (1/3, 0, 2/3, 0.75).
        ColorLerpCase(
            name: "half-transparent red → opaque blue at 0.5",
            from: Color(red: 1, green: 0, blue: 0, alpha: 0.5), to: .blue, fraction: 0.5,
            expected: Color(red: 1.0 / 3, green: 0, blue: 2.0 / 3, alpha: 0.75)),
        ColorLerpCase(name: "overshoot 3 clamps", from: .black, to: .gray, fraction: 3, expected: .white),
        ColorLerpCase(name: "undershoot −0.5 clamps", from: .red, to: .blue, fraction: -0.5, expected: .red),
        ColorLerpCase(
            name: "alpha undershoot gives clear", from: Color(white: 1, alpha: 0.2), to: .white, fraction: -1,
            expected: .clear),
        ColorLerpCase(name: "NaN fraction gives from", from: .red, to: .blue, fraction: .nan, expected: .red),
    ]

    @Test("interpolation in premultiplied space", arguments: lerpCases)
    func interpolate(_ c: ColorLerpCase) {
        let r = Color.interpolate(from: c.from, to: c.to, fraction: c.fraction)
        #expect(isClose(r, c.expected, 1e-12), "\(r)")
    }

    @Test("initializers clamp and replace NaN")
    func clamping() {
        let c = Color(red: 2, green: -1, blue: .nan, alpha: 0.5)
        #expect(c == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(Color(white: 0.25, alpha: 7) == Color(red: 0.25, green: 0.25, blue: 0.25, alpha: 1))
        #expect(Color.red.withAlpha(-3).alpha == 0)
    }

    static let hexCases: [HexCase] = [
        HexCase(hex: "#F80", color: Color(red: 1, green: 0x88 / 255.0, blue: 0), printed: "#FF8800FF"),
        HexCase(hex: "#f808", color: Color(red: 1, green: 0x88 / 255.0, blue: 0, alpha: 0x88 / 255.0), printed: "#FF880088"),
        HexCase(hex: "#12ab9C", color: Color(red: 0x12 / 255.0, green: 0xAB / 255.0, blue: 0x9C / 255.0), printed: "#12AB9CFF"),
        HexCase(
            hex: "#12345678",
            color: Color(red: 0x12 / 255.0, green: 0x34 / 255.0, blue: 0x56 / 255.0, alpha: 0x78 / 255.0),
            printed: "#12345678"),
        HexCase(hex: "  #000000\n", color: .black, printed: "#000000FF"),
        HexCase(hex: "#0000", color: .clear, printed: "#00000000"),
    ]

    @Test("hex parse and print", arguments: hexCases)
    func hex(_ c: HexCase) throws {
        let color = try Color(hex: c.hex)
        #expect(isClose(color, c.color, 1e-12), "\(color)")
        #expect(color.hexString == c.printed)
        #expect(try Color(hex: color.hexString) == color)
    }

    @Test("hexString rounds to the nearest step")
    func hexRounding() {
        #expect(Color(red: 1, green: 0.5, blue: 0.1, alpha: 0.999).hexString == "#FF801AFF")
    }

    static let hexErrorCases: [HexErrorCase] = [
        HexErrorCase(hex: "", message: "expected a hex colour (#RGB, #RGBA, #RRGGBB or #RRGGBBAA) starting with '#', got ''"),
        HexErrorCase(hex: "FF8800", message: "expected a hex colour (#RGB, #RGBA, #RRGGBB or #RRGGBBAA) starting with '#', got 'FF8800'"),
        HexErrorCase(
            hex: "#12345", message: "expected 3, 4, 6 or 8 hex digits after '#' (#RGB, #RGBA, #RRGGBB or #RRGGBBAA), got 5 in '#12345'"),
        HexErrorCase(hex: "#", message: "expected 3, 4, 6 or 8 hex digits after '#' (#RGB, #RGBA, #RRGGBB or #RRGGBBAA), got 0 in '#'"),
        HexErrorCase(hex: "#GG0000", message: "invalid hex digit 'G' in '#GG0000' (expected 0-9, a-f or A-F)"),
        HexErrorCase(hex: "#12 34", message: "invalid hex digit ' ' in '#12 34' (expected 0-9, a-f or A-F)"),
    ]

    @Test("hex errors", arguments: hexErrorCases)
    func hexErrors(_ c: HexErrorCase) {
        #expect {
            _ = try Color(hex: c.hex)
        } throws: { error in
            let message = (error as? GeometryParseError)?.description
            if message != c.message { Issue.record("got: \(message ?? "\(error)")") }
            return message == c.message
        }
    }
}

/// One hue–saturation–brightness colour and the sRGB it names (worked by hand from the HSV
/// model: chroma C = v·s, the second-largest component X = C·(1 − |(6h mod 2) − 1|), plus m = v − C).
struct HSBCase: CustomTestStringConvertible, Sendable {
    var hue: Double, saturation: Double, brightness: Double
    var expected: Color
    var testDescription: String { "hsb(\(hue), \(saturation), \(brightness))" }
}

@Suite("Color from hue, saturation and brightness")
struct ColorHSBTests {
    static let cases: [HSBCase] = [
        HSBCase(hue: 0, saturation: 1, brightness: 1, expected: .red),
        HSBCase(hue: 1.0 / 6, saturation: 1, brightness: 1, expected: .yellow),
        HSBCase(hue: 1.0 / 3, saturation: 1, brightness: 1, expected: .green),
        HSBCase(hue: 0.5, saturation: 1, brightness: 1, expected: .cyan),
        HSBCase(hue: 2.0 / 3, saturation: 1, brightness: 1, expected: .blue),
        HSBCase(hue: 5.0 / 6, saturation: 1, brightness: 1, expected: .magenta),
        HSBCase(hue: 1, saturation: 1, brightness: 1, expected: .red),
        // 90°, s 0.5, v 0.8: C 0.4, X 0.2, m 0.4 → (0.6, 0.8, 0.4).
        HSBCase(hue: 0.25, saturation: 0.5, brightness: 0.8, expected: Color(red: 0.6, green: 0.8, blue: 0.4)),
        // 200°, s 0.6, v 0.5: C 0.3, X 0.3·(1 − |10/3 mod 2 − 1|) = 0.2, m 0.2; the sector
        // 180°–240° is (0, X, C) → (0.2, 0.4, 0.5).
        HSBCase(hue: 200.0 / 360, saturation: 0.6, brightness: 0.5, expected: Color(red: 0.2, green: 0.4, blue: 0.5)),
        HSBCase(hue: 0.3, saturation: 0, brightness: 0.5, expected: .gray),
        HSBCase(hue: .nan, saturation: 2, brightness: -1, expected: .black),
    ]

    @Test(arguments: cases)
    func convertsToSRGB(_ c: HSBCase) {
        let color = Color(hue: c.hue, saturation: c.saturation, brightness: c.brightness, alpha: 0.25)
        #expect(abs(color.red - c.expected.red) < 1e-12)
        #expect(abs(color.green - c.expected.green) < 1e-12)
        #expect(abs(color.blue - c.expected.blue) < 1e-12)
        #expect(color.alpha == 0.25)
    }
}
