import KinemaGeometry
import KinemaGraphics
import KinemaRender
import KinemaScenes
import Testing

@Suite("Demo frames are pinned")
struct DemoDeterminismTests {
    static let times = [0.0, 0.75, 1.8, 2.5, 3.9, 5.25]

    /// FNV-1a hashes of the `layers` demo's frames at `times`, at scale 1, rendered by fresh
    /// scenes. Any change to the pixels changes these: re-pin them only after looking at the
    /// frames (`kinema render --demo layers --at T -o frame.png`).
    static let pinned: [UInt64] = [
        0xc323_27af_cc97_0357, 0x1234_6674_ddf2_ca79, 0x1d8b_5b4f_9da6_4887, 0xa105_019a_3fca_62e3, 0x5344_6c82_3c51_5510,
        0xb2d2_9836_3729_98b7,
    ]

    /// The pinned hashes hold, and one scene advanced through every time gives the same frames
    /// as fresh scenes.
    @Test func demoFrameHashesArePinned() throws {
        try DemoFrames(document: try SceneDocument.decode(DemoScenes.layers), times: Self.times).check(pinned: Self.pinned)
    }
}
