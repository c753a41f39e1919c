import KinemaUI

/// Why a ``TutorialStore`` could not read or write its file, or refused a value. Each case names
/// the file and what was expected.
public enum TutorialStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file exists but could not be read (permissions, a directory in its place).
    case unreadable(path: String, reason: String)
    /// The file was read but is not a tutorial store: not JSON, the wrong shape, an unknown
    /// format or version, or a record with impossible values. `expected` says what was wanted.
    case corrupt(path: String, expected: String)
    /// The file could not be written.
    case unwritable(path: String, reason: String)
    /// A time given to the store was not finite (NaN or an infinity).
    case invalidTime(Double)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "tutorial store '\(path)' could not be read: \(reason)"
        case .corrupt(let path, let expected):
            return "tutorial store '\(path)' is corrupt: expected \(expected)"
        case .unwritable(let path, let reason):
            return "tutorial store '\(path)' could not be written: \(reason)"
        case .invalidTime(let time):
            return "time \(time) is not a finite number of seconds"
        }
    }
}
