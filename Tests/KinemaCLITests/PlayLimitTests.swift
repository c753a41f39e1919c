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
        process.arguments = ["sample", "--demo", "collapse", "--layer", "root", "--key", "opacity", "--range", "0:599:0.001"]
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
