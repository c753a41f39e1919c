import Foundation
import Testing

@Suite("kinema demo collapse and dynamics inspection")
struct DynamicsCommandTests {
    @Test("demo collapse renders a GIF of 6 s")
    func demoCollapseWritesAFile() throws {
        let files = try SceneFiles()
        let result = try Kinema.run(
            ["demo", "collapse", "-o", "collapse.gif", "--fps", "2", "--scale", "0.1", "--quiet"], in: files.directory)
        #expect(result.status == 0 && !result.crashed, "\(result)")
        #expect(result.stdout.hasPrefix("collapse.gif (12 frames"), "\(result.stdout)")
        let info = try MediaProbe.video(files.directory.appendingPathComponent("collapse.gif").path)
        #expect(info == MediaInfo(width: 38, height: 67, frames: 12))
    }

    @Test("inspect --demo collapse lists the fallen items in window coordinates")
    func inspectCollapse() throws {
        let result = try Kinema.run(["inspect", "--demo", "collapse", "--at", "3.4"])
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let dynamics = try #require(json["dynamics"] as? [String: Any])
        #expect(dynamics["referenceView"] as? String == "root")
        let items = try #require(dynamics["items"] as? [[String: Any]])
        #expect(items.count >= 30)
        for item in items {
            let center = try #require(item["center"] as? [Double])
            #expect(center.count == 2 && (0...375).contains(center[0]) && (0...667).contains(center[1]), "\(item)")
        }
        // The ship of the header card (centre y = 158) fell onto the pile.
        let ship = try #require(items.first { $0["view"] as? String == "cardImage" })
        let shipCenter = try #require(ship["center"] as? [Double])
        #expect(shipCenter[1] > 300, "\(shipCenter)")
    }

    /// Determinism (criterion 8 of docs/dynamics-notes.md) across processes: two runs of the tool
    /// give the same simulation, bit for bit (numbers print in their shortest round-trip form, so
    /// equal text is equal bits).
    @Test("two processes simulate the collapse identically")
    func collapseIsTheSameInTwoProcesses() throws {
        let runs = try (0..<2).map { _ in try Kinema.run(["inspect", "--demo", "collapse", "--at", "5"]) }
        for run in runs { #expect(run.status == 0 && !run.crashed, "\(run)") }
        #expect(runs[0].stdout.contains("\"dynamics\""))
        #expect(runs[0].stdout == runs[1].stdout)
    }
}
