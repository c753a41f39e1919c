import Foundation

/// A virtual X server (Xvfb) on a free display for one test, with the X tools the test drives it
/// with: `xdotool` for real input through XTEST, `xwd` for screenshots of one window. Stopped when
/// the value goes.
final class VirtualDisplay {
    /// The tools, and the Debian packages that install them.
    static let tools = ["Xvfb": "xvfb", "xdotool": "xdotool", "xwd": "x11-apps", "xdpyinfo": "x11-utils"]

    /// Whether every tool is installed.
    static var toolsInstalled: Bool { tools.keys.allSatisfy { which($0) != nil } }

    /// Whether the end-to-end tests must run (the Makefile's `test` sets `KINEMA_LIVE_E2E=required`,
    /// after installing the tools): then a missing tool fails them instead of skipping them.
    static var required: Bool { ProcessInfo.processInfo.environment["KINEMA_LIVE_E2E"] == "required" }

    /// The display's name, `:N`.
    let name: String
    private let server: ChildProcess

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts Xvfb on the first free display from :80 with a 1280 × 1024 × 24 screen, and waits
    /// (up to 10 s) until it answers.
    init() throws {
        let missing = Self.tools.filter { Self.which($0.key) == nil }
        guard missing.isEmpty else {
            throw Failure(description: "missing \(missing.keys.sorted()); install the Debian packages \(Set(missing.values).sorted())")
        }
        var number = 80
        while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
            || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
        {
            number += 1
        }
        name = ":\(number)"
        server = try ChildProcess(
            Self.which("Xvfb")!, [name, "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            environment: ProcessInfo.processInfo.environment)
        let deadline = Date().addingTimeInterval(10)
        while (try? run("xdpyinfo", []))?.status != 0 {
            guard Date() < deadline, server.isRunning else {
                server.stop()
                throw Failure(description: "Xvfb \(name) did not start")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    deinit {
        server.stop()
    }

    /// The environment for a program on this display: the test's, with `DISPLAY` set and no
    /// other display or SDL driver.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !["WAYLAND_DISPLAY", "SDL_VIDEODRIVER"].contains($0.key) }
        environment["DISPLAY"] = name
        return environment
    }

    /// Runs the X tool `tool` with `arguments` on this display and waits for it.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.which(tool) ?? "/usr/bin/\(tool)")
        process.arguments = arguments
        process.environment = environment
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-x-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, (try? Data(contentsOf: output)) ?? Data())
    }

    /// The title of window `id`, as UTF-8 (`xdotool getwindowname`).
    func title(of id: String) throws -> String {
        String(decoding: try run("xdotool", ["getwindowname", id]).output, as: UTF8.self)
            .trimmingCharacters(in: .newlines)
    }

    /// The visible window whose title matches the regular expression `title`, waiting up to
    /// `timeout` seconds for it. (Match ASCII: SDL2 sets the title as X's Latin-1 `WM_NAME`
    /// holding UTF-8 bytes, which `xdotool search` does not match against UTF-8 patterns.)
    /// Alone, `kinema play` shows its window within 2 s; beside the rest of `make test` on two
    /// cores it once took more than 10 s, so the wait is 30 s.
    func window(titled title: String, timeout: Double = 30) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let found = try run("xdotool", ["search", "--onlyvisible", "--name", title])
            if let id = String(decoding: found.output, as: UTF8.self).split(separator: "\n").first { return String(id) }
            Thread.sleep(forTimeInterval: 0.1)
        } while Date() < deadline
        throw Failure(description: "no visible window titled '\(title)' on \(name) after \(timeout) s")
    }

    /// A screenshot of window `id`.
    func screenshot(of id: String) throws -> XWDImage {
        let dump = try run("xwd", ["-silent", "-id", id])
        guard dump.status == 0 else { throw Failure(description: "xwd failed with status \(dump.status)") }
        return try XWDImage(dump.output)
    }

    /// Runs `xdotool` with `arguments` (real X input through XTEST) and fails on an error.
    func xdotool(_ arguments: String...) throws {
        let result = try run("xdotool", arguments)
        guard result.status == 0 else { throw Failure(description: "xdotool \(arguments) failed with status \(result.status)") }
    }

    static func which(_ tool: String) -> String? {
        for directory in ["/usr/bin", "/bin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: "\(directory)/\(tool)") {
            return "\(directory)/\(tool)"
        }
        return nil
    }
}

/// An X window dump (`xwd`'s format, XWD version 7) of a TrueColor window: its pixels as 8-bit
/// red, green and blue.
struct XWDImage {
    let width: Int, height: Int
    private let pixels: [UInt32]
    private let masks: (red: UInt32, green: UInt32, blue: UInt32)

    /// Reads the dump: a header of big-endian 32-bit fields (its size first; the width, height,
    /// byte order, bits per pixel, bytes per line, masks and colour count at fixed places), the
    /// window's name, the colour map (12 bytes a colour), then the rows.
    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        func field(_ i: Int) -> Int {
            guard bytes.count >= 4 * i + 4 else { return 0 }
            return bytes[4 * i..<4 * i + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let headerSize = field(0), width = field(4), height = field(5), byteOrder = field(7)
        let bitsPerPixel = field(11), bytesPerLine = field(12), colors = field(19)
        let start = headerSize + 12 * colors
        guard field(1) == 7, bitsPerPixel == 32, width > 0, height > 0, bytesPerLine >= 4 * width,
            bytes.count >= start + bytesPerLine * height
        else { throw VirtualDisplay.Failure(description: "not a 32-bit XWD dump (\(bytes.count) bytes)") }
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let o = start + y * bytesPerLine + 4 * x
                let b = bytes[o..<o + 4].map(UInt32.init)
                pixels[y * width + x] =
                    byteOrder == 0 ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[3] | b[2] << 8 | b[1] << 16 | b[0] << 24
            }
        }
        self.width = width
        self.height = height
        self.pixels = pixels
        self.masks = (UInt32(field(14)), UInt32(field(15)), UInt32(field(16)))
    }

    /// The colour at pixel (x, y), each channel 0…255.
    func rgb(x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
        let p = pixels[y * width + x]
        func channel(_ mask: UInt32) -> Int {
            guard mask != 0 else { return 0 }
            return Int((p & mask) >> UInt32(mask.trailingZeroBitCount))
        }
        return (channel(masks.red), channel(masks.green), channel(masks.blue))
    }
}
