import Foundation
import Testing

/// A request that would play a scene's dynamics for hours is refused up front, naming the option
/// that asked for it; Ctrl-C stops a command that is playing a scene.
@Suite("kinema: requests that would run for hours")
struct PlayLimitTests {
    @Test(
        "a time past ten minutes of dynamics is an error naming the option",
        arguments: [
            (["inspect", "--demo", "collapse", "--at", "100000"], "error: --at: "),
            (["sample", "--demo", "collapse", "--layer", "root", "--key", "opacity", "--times", "0,700"], "error: --times: "),
            (["sample", "--demo", "collapse", "--layer", "root", "--key", "opacity", "--range", "0:700:100"], "error: --range: "),
            (["render", "--demo", "collapse", "-o", "never.gif", "--to", "700", "--fps", "1"], "error: --to: "),
            (["render", "--demo", "collapse", "-o", "never.png", "--at", "1e9"], "error: --at: "),
        ])
    func refusedUpFront(arguments: [String], prefix: String) throws {
        let files = try SceneFiles()
        let result = try Kinema.run(arguments, in: files.directory)
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderr.hasPrefix(prefix), "\(result.stderr)")
        #expect(result.stderr.contains("at most 600 s for a scene with dynamics"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: files.directory.appendingPathComponent("never.gif").path))
    }

    /// 1,500 small views under gravity, collision and a vortex field.
    static let pile: String = {
        let ids = (0..<1500).map { "\"v\($0)\"" }.joined(separator: ",")
        let views = (0..<1500).map { i in "{\"id\":\"v\(i)\",\"frame\":[\(i % 50 * 8),\(i / 50 * 8 % 380),6,6]}" }
        return """
            {"kinema":1,"size":[400,400],"views":[\(views.joined(separator: ","))],
             "dynamics":{"behaviors":[{"type":"gravity","items":[\(ids)]},
               {"type":"collision","items":[\(ids)],"translatesReferenceBoundsIntoBoundary":true},
               {"type":"field","kind":"vortex","items":[\(ids)],"position":[200,200]}]}}
            """
    }()

    @Test(
        "ten minutes of 1,500 items is past the budget of item-steps: an error naming the option and the budget",
        arguments: [
            (["inspect", "pile.json", "--at", "600"], "error: --at: playing this scene to 600.0 s"),
            (["render", "pile.json", "-o", "never.gif", "--to", "30", "--fps", "1"], "error: --to: playing this scene to 29.0 s"),
        ])
    func itemStepBudget(arguments: [String], prefix: String) throws {
        let files = try SceneFiles()
        _ = try files.write(Self.pile, as: "pile.json")
        let result = try Kinema.run(arguments, in: files.directory)
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(result.stderr.hasPrefix(prefix + " would simulate 1500 dynamic items for "), "\(result.stderr)")
        #expect(
            result.stderr.contains("expected at most 1800000 item-steps in one request (a time of at most 10.0 s for 1500 items)"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: files.directory.appendingPathComponent("never.gif").path))
    }

    @Test("a scene without dynamics has no such limit")
    func noDynamicsNoLimit() throws {
        let result = try Kinema.run(["sample", "--demo", "layers", "--layer", "root", "--key", "opacity", "--times", "0,100000"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("\"time\":100000"), "\(result.stdout)")
    }

    @Test("Ctrl-C stops a command that is playing a scene's dynamics")
    func interruptPlaying() throws {
        let process = Process()
        process.executableURL = try Kinema.executable.get()
        // 40,000 samples and 4,800 steps of the demo's 42 items: seconds of work, within the
        // budget of item-steps.
        process.arguments = ["sample", "--demo", "collapse", "--layer", "root", "--key", "opacity", "--range", "0:40:0.001"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(300_000)
        #expect(process.isRunning, "the command ended before it could be interrupted")
        kill(process.processIdentifier, SIGINT)
        // Not a timing assertion: a bound so that a command that ignores Ctrl-C fails the test
        // instead of hanging it.
        var waited = 0.0
        while process.isRunning && waited < 30 {
            usleep(50_000)
            waited += 0.05
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let stoppedBySignal = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT
        let exitedForSignal = process.terminationReason == .exit && process.terminationStatus == 130
        #expect(stoppedBySignal || exitedForSignal, "reason \(process.terminationReason.rawValue), status \(process.terminationStatus)")
        #expect(waited < 30, "Ctrl-C did not stop the command")
    }
}
