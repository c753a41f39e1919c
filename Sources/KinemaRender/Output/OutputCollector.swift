import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a file descriptor to its end on a thread of its own, keeping the last bytes: used for
/// an encoder's standard error, so that a chatty encoder can never block on a full pipe.
final class OutputCollector: @unchecked Sendable {
    private let condition = NSCondition()
    private var buffer: [UInt8] = []
    private var isDone = false
    private let limit: Int

    /// Starts reading `fileDescriptor` (which the collector closes at its end), keeping at most
    /// the last `limit` bytes.
    init(reading fileDescriptor: Int32, limit: Int = 16_384) {
        self.limit = limit
        let thread = Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { break }
                append(chunk[0..<n])
            }
            close(fileDescriptor)
            condition.lock()
            isDone = true
            condition.broadcast()
            condition.unlock()
        }
        thread.start()
    }

    private func append(_ bytes: ArraySlice<UInt8>) {
        condition.lock()
        buffer += bytes
        if buffer.count > limit { buffer.removeFirst(buffer.count - limit) }
        condition.unlock()
    }

    /// Waits for the end of the input, then returns its last `count` non-empty lines, joined by
    /// newlines.
    func lastLines(_ count: Int) -> String {
        condition.lock()
        while !isDone { condition.wait() }
        let text = String(decoding: buffer, as: UTF8.self)
        condition.unlock()
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return lines.suffix(count).joined(separator: "\n")
    }
}
