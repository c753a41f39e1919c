import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `kinema play` ends on `SIGTERM` and at `--exit-after` whatever its frames cost: a scene whose
/// dynamics fall behind the wall clock makes every frame longer than the last (each simulates
/// the 1/120 s steps the one before took), and the loop only checks its end between frames.
@Suite(.serialized, .enabled(if: VirtualDisplay.toolsInstalled || VirtualDisplay.required))
struct PlayResponsivenessTests {
    /// 1,500 small views under gravity, collision and a vortex field: a second of it is about a
    /// second of work in a release build and minutes in a debug one.
    static let pile = PlayLimitTests.pile

    /// Not a timing assertion: a bound so that a player that ignores its end fails the test
    /// instead of hanging it (without the watchdog the pile's frames ran for minutes).
    static let bound = 30.0

    @Test("--exit-after ends the player while a frame is still being made")
    func exitAfterDuringALongFrame() throws {
        let display = try VirtualDisplay()
        let files = try SceneFiles()
        let path = try files.write(Self.pile, as: "pile.json")
        let player = try PlayProcess(["play", path, "--exit-after", "1"], in: files.directory, environment: display.environment)
        defer { player.stop() }
        _ = try display.window(titled: "pile\\.json$")
        let status = player.wait(timeout: Self.bound)
        #expect(status == 0, "status \(String(describing: status)); kinema said: \(player.stderr)")
    }

    @Test("SIGTERM ends the player while a frame is still being made, with 128 + 15")
    func terminateDuringALongFrame() throws {
        let display = try VirtualDisplay()
        let files = try SceneFiles()
        let path = try files.write(Self.pile, as: "pile.json")
        let player = try PlayProcess(["play", path], in: files.directory, environment: display.environment)
        defer { player.stop() }
        _ = try display.window(titled: "pile\\.json$")
        // Into the frames that fall behind.
        Thread.sleep(forTimeInterval: 1)
        player.signal(SIGTERM)
        let status = player.wait(timeout: Self.bound)
        #expect(status == 128 + SIGTERM, "status \(String(describing: status)); kinema said: \(player.stderr)")
        #expect(player.stderr.contains("kinema: stopped by signal 15"), "\(player.stderr)")
    }
}
