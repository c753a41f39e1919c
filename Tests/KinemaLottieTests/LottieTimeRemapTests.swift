import Foundation
import KinemaGeometry
import KinemaLottie
import Testing

/// Time remapping (`tm` on a precomposition layer): the precomposition's time in seconds at each
/// frame of its parent, replacing start time and stretch, as lottie-ios and lottie-web read it.
@Suite struct LottieTimeRemapTests {
    /// An inner composition of 60 frames: a 10-point square whose centre moves from x 5 to
    /// x 65 over frames 0…60 (x = 5 + frame).
    static let inner = #"""
        {"id": "inner", "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0,
          "ks": {"p": {"a": 1, "k": [{"t": 0, "s": [5, 50]}, {"t": 60, "s": [65, 50]}]}},
          "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}},
                     {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]}]}
        """#

    /// A 100 × 100, 30 fps, 30-frame composition showing `inner` through a precomposition layer
    /// with `tm` keyframes `remap` (seconds) and `extra` fields.
    static func remapped(_ remap: String, extra: String = "", innerAsset: String = inner) -> String {
        LottieJSON.animation(
            [LottieJSON.layer(ty: 0, extra: #""refId": "inner", "w": 100, "h": 100, "tm": \#(remap)\#(extra)"#)], assets: [innerAsset])
    }

    /// The x of the square's centre in `frame`, measured from its red pixels.
    static func squareX(_ json: String, frame: Double) throws -> Double? {
        let bitmap = try renderLottie(json, frame: frame)
        let xs = (0..<100).filter { bitmap.probe(Double($0), 50).red > 0.5 && bitmap.probe(Double($0), 50).alpha > 0.5 }
        guard let first = xs.first, let last = xs.last else { return nil }
        return Double(first + last + 1) / 2
    }

    @Test func aLinearRemapPlaysTheInnerTimeItNames() throws {
        // 0 s at frame 0 to 1 s at frame 30: inner frame = root frame.
        let json = Self.remapped(#"{"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [1]}]}"#)
        #expect(try Self.squareX(json, frame: 15) == 20, "inner frame 15")
        #expect(try Self.squareX(json, frame: 0) == 5)
    }

    @Test func aReversedRemapPlaysBackwards() throws {
        let json = Self.remapped(#"{"a": 1, "k": [{"t": 0, "s": [1]}, {"t": 30, "s": [0]}]}"#)
        #expect(try Self.squareX(json, frame: 0) == 35, "inner frame 30")
        #expect(try Self.squareX(json, frame: 10) == 25, "inner frame 20")
    }

    @Test func aFasterRemapSkipsAhead() throws {
        // 0 s to 2 s over 30 frames: inner frame = 2 × root frame.
        let json = Self.remapped(#"{"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [2]}]}"#)
        #expect(try Self.squareX(json, frame: 10) == 25, "inner frame 20")
    }

    @Test func aHeldRemapFreezesTheInnerTime() throws {
        let json = Self.remapped(#"{"a": 0, "k": 0.5}"#)
        #expect(try Self.squareX(json, frame: 0) == 20, "inner frame 15 throughout")
        #expect(try Self.squareX(json, frame: 25) == 20)
    }

    @Test func startTimeAndStretchAreIgnoredUnderARemap() throws {
        let plain = Self.remapped(#"{"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [1]}]}"#)
        let shifted = Self.remapped(#"{"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [1]}]}"#, extra: #", "sr": 2"#)
            .replacingOccurrences(of: #""st": 0, "ks": {}, "refId""#, with: #""st": 10, "ks": {}, "refId""#)
        #expect(try Self.squareX(shifted, frame: 12) == Self.squareX(plain, frame: 12))
    }

    @Test func innerLayersShowOnlyWhileTheMappedFrameIsInsideTheirSpan() throws {
        // The inner layer shows over inner frames 0…60; a remap to 3 s (frame 90) hides it.
        let json = Self.remapped(#"{"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [3]}]}"#)
        #expect(try Self.squareX(json, frame: 2) != nil, "inner frame 18")
        #expect(try Self.squareX(json, frame: 8) == nil, "inner frame 72: past the layer's out point")
    }
}
