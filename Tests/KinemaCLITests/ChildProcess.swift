import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program started in the background with every signal unblocked and at its default action.
///
/// Foundation's `Process` passes the test runner's blocked-signal mask on to the child, so a
/// child such as Xvfb never sees the `SIGTERM` that `terminate()` sends and runs on forever;
/// `posix_spawn` with `POSIX_SPAWN_SETSIGMASK` starts it clean. Standard input is `/dev/null`;
/// standard output and error go to the files given (or `/dev/null`).
final class ChildProcess {
    let pid: pid_t
    private var status: Int32?

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(
        _ executable: String, _ arguments: [String], environment: [String: String], directory: URL? = nil,
        stdout: String = "/dev/null", stderr: String = "/dev/null"
    ) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // In `directory`: through the shell, which changes to it and then becomes the program.
        let program = directory == nil ? executable : "/bin/sh"
        let words = directory.map { ["/bin/sh", "-c", #"cd "$0" && exec "$@""#, $0.path, executable] } ?? [executable]
        let argv = (words + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        guard result == 0 else { throw Failure(description: "cannot start \(executable): \(String(cString: strerror(result)))") }
        self.pid = pid
    }

    /// Whether it still runs.
    var isRunning: Bool {
        reap(blocking: false)
        return status == nil
    }

    /// Waits up to `timeout` seconds for the exit; its status (128 + the signal when killed), or
    /// `nil` when it still runs.
    func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return status
    }

    /// Asks it to stop (`SIGTERM`), then kills it after 5 s.
    func stop() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        if wait(timeout: 5) == nil {
            kill(pid, SIGKILL)
            reap(blocking: true)
        }
    }

    private func reap(blocking: Bool) {
        guard status == nil else { return }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, blocking ? 0 : WNOHANG) == pid else { return }
        let signal = raw & 0x7f
        status = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
    }

    deinit {
        stop()
    }
}
