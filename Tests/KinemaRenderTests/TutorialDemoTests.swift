import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaRender
import KinemaScenes
import Testing

@Suite("Tutorial demo frames are pinned")
struct TutorialDemoTests {
    /// Before the tutorial, step 1 springing in, each of the four steps at rest (Compose, a row,
    /// Search, Edit), and after the last tap.
    static let times = [0.0, 0.8, 1.5, 3.8, 5.8, 7.8, 9.5]

    /// FNV-1a hashes of the `tutorial` demo's frames at `times`, at scale 1, rendered by fresh
    /// scenes. Re-pin only after looking at the frames
    /// (`kinema render --demo tutorial --at T -o frame.png`).
    static let pinned: [UInt64] = [
        0x7d5c_837c_54c9_7357, 0x45e4_3dc0_9d58_9427, 0x692c_295f_d91a_ecf6, 0x916a_5f73_4cb2_8dd8, 0x67d7_09cf_8a6c_1daa,
        0x7d42_f5c4_96ef_11f7, 0x7d5c_837c_54c9_7357,
    ]

    static func document() throws -> SceneDocument {
        try #require(try DemoScenes.document(named: "tutorial"), "the tutorial demo is missing")
    }

    /// The pinned hashes hold, and one scene advanced through every time gives the same frames
    /// as fresh scenes.
    @Test func demoFrameHashesArePinned() throws {
        try DemoFrames(document: try Self.document(), times: Self.times).check(pinned: Self.pinned)
    }

    @Test("the taps walk the tutorial through its four steps and finish it")
    func stepsAdvance() throws {
        let inspector = SceneInspector(document: try Self.document())
        func overlay(at t: Double) -> JSONValue? {
            if case .array(let list)? = inspector.inspect(at: t)["overlays"] { return list.first }
            return nil
        }
        #expect(overlay(at: 0.4) == nil)
        for (step, t) in [1.5, 3.8, 5.8, 7.8].enumerated() {
            let o = overlay(at: t)
            #expect(o?["step"] == .number(Double(step)), "at \(t) s")
            #expect(o?["popover"]?["state"] == .string("presented"), "at \(t) s")
        }
        #expect(overlay(at: 9.5)?["popover"]?["state"] == .string("dismissed"))
    }
}
