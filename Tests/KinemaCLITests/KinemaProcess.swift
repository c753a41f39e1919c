import Foundation
import Testing

/// What one run of the `kinema` executable did.
struct RunResult: Sendable, CustomStringConvertible {
    /// The exit status, or the signal number when `crashed`.
    let status: Int32
    /// Whether the process died from a signal (a trap or crash) instead of exiting.
    let crashed: Bool
    let stdout: String
    let stderr: String

    var description: String {
        "\(crashed ? "signal" : "exit") \(status)\nstdout: \(stdout.prefix(2000))\nstderr: \(stderr.prefix(2000))"
    }

    /// The lines of standard error, without the trailing empty one.
    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
}

/// Finds and runs the built `kinema` executable.
///
/// The executable is found one way every time, never by searching: `KINEMA_BIN` when set (a path
/// to any `kinema` build), else the `kinema` in the build products directory of this very test
/// run, beside the test executable (`swift test` and `swift build --build-tests` build both
/// there, whatever `--scratch-path` or configuration). So the tests never run a stale binary from
/// another scratch path.
enum Kinema {
    static let executable: Result<URL, LocateError> = locate()

    struct LocateError: Error, CustomStringConvertible {
        let description: String
    }

    static func locate() -> Result<URL, LocateError> {
        let files = FileManager.default
        if let path = ProcessInfo.processInfo.environment["KINEMA_BIN"], !path.isEmpty {
            guard files.isExecutableFile(atPath: path) else {
                return .failure(LocateError(description: "KINEMA_BIN is '\(path)', which is not an executable file"))
            }
            return .success(URL(fileURLWithPath: path))
        }
        guard let products = productsDirectory else {
            return .failure(LocateError(description: "cannot find the test executable's directory; set KINEMA_BIN"))
        }
        let beside = products.appendingPathComponent("kinema")
        guard files.isExecutableFile(atPath: beside.path) else {
            return .failure(
                LocateError(
                    description: """
                        cannot find the kinema executable at \(beside.path), beside the tests: build it in the same \
                        build directory (swift build --build-tests, with the same --scratch-path), or set KINEMA_BIN
                        """))
        }
        return .success(beside)
    }

    /// The build products directory the running tests were built into: the directory of the test
    /// executable (`…/debug/KinemaPackageTests.xctest` on Linux), with symbolic links resolved.
    static var productsDirectory: URL? {
        Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// Runs `kinema` with `arguments`, in `directory` when given, with `environment` replacing
    /// the test's environment when given; fails the test (and throws) when the executable is
    /// missing.
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RunResult {
        let url: URL
        switch executable {
        case .success(let found): url = found
        case .failure(let error):
            Issue.record("\(error)", sourceLocation: sourceLocation)
            throw error
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Files, not pipes: a large output cannot fill a pipe and stall the child.
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let stdout = String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
        return RunResult(
            status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal, stdout: stdout, stderr: stderr)
    }
}

/// A temporary directory for scene files, removed when the value is.
final class SceneFiles {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-scenes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Writes `text` to `name` and returns the path.
    func write(_ text: String, as name: String = "scene.json") throws -> String {
        try write(Data(text.utf8), as: name)
    }

    /// Writes raw bytes to `name` and returns the path.
    func write(_ data: Data, as name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }
}

/// JSON text without the whitespace between tokens, so layouts compare equal but the tokens
/// (key order, number spellings such as `50.0`) must match exactly.
func withoutInsignificantWhitespace(_ json: String) -> String {
    var out = ""
    var inString = false
    var escaped = false
    for c in json {
        if inString {
            out.append(c)
            if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
        } else if c == "\"" {
            inString = true
            out.append(c)
        } else if !c.isWhitespace {
            out.append(c)
        }
    }
    return out
}

/// The JSON value of `text`, through Foundation (independent of Kinema's own reader).
func parsedJSON(_ text: String) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}
