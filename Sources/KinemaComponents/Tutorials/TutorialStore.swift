import Foundation
import KinemaGraphics
import KinemaUI

/// Remembers which tips, tutorial steps and tutorials a person has seen, so that "show once"
/// survives restarts. A small JSON file at a path the caller chooses. Mirrors TipKit's datastore
/// (`Tips.configure`, `Tips.resetDatastore()`) and its display rules.
///
/// The rules, checked by ``shouldDisplay(_:at:)``:
/// - an invalidated item is never shown again (``invalidate(_:reason:)``, or automatically when
///   it reaches its ``TutorialItem/maxDisplayCount`` or ``TutorialItem/maxDisplayDuration``);
/// - a tip or tutorial that has **not yet been shown** waits until ``displayFrequency`` seconds
///   have passed since any tip or tutorial was last shown, unless it
///   ``TutorialItem/ignoresDisplayFrequency``. Items already shown once are not gated (TipKit:
///   "display frequency only applies to tips that have not appeared"). Steps are never gated.
///
/// ```swift
/// let store = try TutorialStore(path: "/var/lib/app/tutorials.json", displayFrequency: 86_400)
/// let tour = TutorialItem(kind: .tutorial, id: "onboarding", maxDisplayCount: 1)
/// if store.shouldDisplay(tour, at: now) {
///     try store.recordDisplay(tour, at: now)       // now: seconds the caller reads, e.g. since 1970
/// }
/// ```
///
/// **Time.** The store never reads a clock: every time is passed in, in seconds, on one
/// timeline the caller keeps across launches (seconds since 1970 read by the app, for
/// example). A window's media time restarts at 0 on each launch and is only right for tests or
/// single-session use. A time earlier than the last recorded display (a clock set back) counts
/// as "the interval has passed", so a moved clock never hides tips for good.
///
/// **Files.** Every mutation writes the whole file atomically (write to a temporary file,
/// then rename). A missing file is a fresh store. A file that is not a tutorial store throws
/// ``TutorialStoreError/corrupt(path:expected:)`` by default; pass
/// ``CorruptFilePolicy/startFresh`` to start empty instead, with the problem kept in
/// ``loadWarning`` (the bad file is overwritten at the first mutation). One store instance
/// per file: the store reads the file only when it opens, so two instances writing the same
/// file overwrite each other's changes (the last write wins).
///
/// Differences from TipKit: no rules on parameters or events, no CloudKit sync, no automatic
/// invalidation of a tip on screen when its duration runs out (the view layer calls
/// ``recordDisplayEnded(_:at:)``), and frequency intervals are any number of seconds rather than
/// `.hourly`/`.daily`/… (``Frequency`` has those as constants).
public final class TutorialStore {
    /// What to do with a store file that is not valid.
    public enum CorruptFilePolicy: Hashable, Sendable {
        /// Throw ``TutorialStoreError/corrupt(path:expected:)``. The default.
        case throwError
        /// Start with an empty store and keep the error in ``TutorialStore/loadWarning``.
        case startFresh
    }

    /// Common intervals for ``displayFrequency``, seconds. Mirror TipKit's
    /// `DisplayFrequency.immediate`, `.hourly`, `.daily`, `.weekly`, `.monthly` (a month is 30 days).
    public enum Frequency {
        public static let immediate = 0.0
        public static let hourly = 3_600.0
        public static let daily = 86_400.0
        public static let weekly = 7 * 86_400.0
        public static let monthly = 30 * 86_400.0
    }

    /// The on-disk shape. `format` and `version` identify the file.
    struct Contents: Codable, Equatable {
        var format: String
        var version: Int
        var lastDisplayTime: Double?
        var records: [String: TutorialRecord]

        static let formatName = "kinema-tutorial-store"
        static let currentVersion = 1
        static let empty = Contents(format: formatName, version: currentVersion, lastDisplayTime: nil, records: [:])
    }

    /// The file the store reads and writes.
    public let path: String

    /// Minimum time between a tip or tutorial being shown and a not-yet-shown one appearing,
    /// seconds. Default 0 (``Frequency/immediate``). Negative or non-finite values count as 0.
    /// Not stored in the file: pass it each launch, as with TipKit's `Tips.configure`.
    public var displayFrequency: Double {
        didSet { if !(displayFrequency.isFinite && displayFrequency >= 0) { displayFrequency = 0 } }
    }

    /// The problem found in the file when the store started fresh under
    /// ``CorruptFilePolicy/startFresh``; `nil` when the file was valid or absent.
    public private(set) var loadWarning: TutorialStoreError?

    private var contents: Contents

    /// Opens the store at `path`, reading the file if it exists. Mirrors `Tips.configure`.
    ///
    /// - Parameters:
    ///   - path: the JSON file. A missing file is an empty store; it is created at the first
    ///     mutation (its directory must exist).
    ///   - displayFrequency: seconds between displays of not-yet-shown tips and tutorials.
    ///     Default 0.
    ///   - policy: what to do with a file that is not a valid store. Default
    ///     ``CorruptFilePolicy/throwError``.
    /// - Throws: ``TutorialStoreError/unreadable(path:reason:)`` if the file exists and cannot be
    ///   read; ``TutorialStoreError/corrupt(path:expected:)`` under the default policy.
    public init(path: String, displayFrequency: Double = 0, ifCorrupt policy: CorruptFilePolicy = .throwError) throws(TutorialStoreError) {
        self.path = path
        self.displayFrequency = displayFrequency.isFinite && displayFrequency >= 0 ? displayFrequency : 0
        do {
            contents = try Self.load(path: path)
        } catch .corrupt(let p, let expected) where policy == .startFresh {
            contents = .empty
            loadWarning = .corrupt(path: p, expected: expected)
        }
    }

    // MARK: Reading

    /// The record of `item` (an empty record if it was never shown).
    public func record(for item: TutorialItem) -> TutorialRecord {
        contents.records[item.storageKey] ?? TutorialRecord()
    }

    /// When a tip or tutorial was last shown (the caller's seconds), or `nil`.
    public var lastDisplayTime: Double? { contents.lastDisplayTime }

    /// Whether `item` may be shown at `time` (the caller's seconds): not invalidated, under its
    /// display count, and — for a tip or tutorial never shown that does not ignore the frequency
    /// — at least ``displayFrequency`` seconds after the last display of any tip or tutorial.
    /// A non-finite `time` answers `false`. Mirrors TipKit's `Tip.shouldDisplay` with the
    /// frequency rule of `Tips.configure`.
    public func shouldDisplay(_ item: TutorialItem, at time: Double) -> Bool {
        guard time.isFinite else { return false }
        let record = record(for: item)
        if record.isInvalidated { return false }
        if let limit = item.maxDisplayCount, record.displayCount >= limit { return false }
        if let limit = item.maxDisplayDuration, record.totalDisplayDuration >= limit { return false }
        if item.isGatedByFrequency, record.displayCount == 0, let last = contents.lastDisplayTime, time >= last,
            time - last < displayFrequency
        {
            return false
        }
        return true
    }

    // MARK: Recording

    /// Records that `item` appeared at `time`: counts the display, remembers the time (which
    /// starts the frequency interval for tips and tutorials) and, when this display reaches the
    /// item's ``TutorialItem/maxDisplayCount``, invalidates it with
    /// ``TutorialInvalidationReason/maxDisplayCountReached`` (this display still proceeds; later
    /// ``shouldDisplay(_:at:)`` calls answer `false`). Writes the file.
    public func recordDisplay(_ item: TutorialItem, at time: Double) throws(TutorialStoreError) {
        guard time.isFinite else { throw .invalidTime(time) }
        try mutate { contents in
            var record = contents.records[item.storageKey] ?? TutorialRecord()
            record.displayCount += 1
            record.lastShownTime = time
            record.displayStartTime = time
            if record.invalidation == nil, let limit = item.maxDisplayCount, record.displayCount >= limit {
                record.invalidation = .maxDisplayCountReached
            }
            contents.records[item.storageKey] = record
            if item.kind != .step { contents.lastDisplayTime = time }
        }
    }

    /// Records that `item` left the screen at `time`: adds the time on screen since
    /// ``recordDisplay(_:at:)`` (0 if `time` is earlier) and, when the total reaches the item's
    /// ``TutorialItem/maxDisplayDuration``, invalidates it with
    /// ``TutorialInvalidationReason/maxDisplayDurationExceeded``. Does nothing if the item is not
    /// on screen. Writes the file.
    public func recordDisplayEnded(_ item: TutorialItem, at time: Double) throws(TutorialStoreError) {
        guard time.isFinite else { throw .invalidTime(time) }
        guard let start = record(for: item).displayStartTime else { return }
        try mutate { contents in
            var record = contents.records[item.storageKey] ?? TutorialRecord()
            record.totalDisplayDuration += max(0, time - start)
            record.displayStartTime = nil
            if record.invalidation == nil, let limit = item.maxDisplayDuration, record.totalDisplayDuration >= limit {
                record.invalidation = .maxDisplayDurationExceeded
            }
            contents.records[item.storageKey] = record
        }
    }

    /// Invalidates `item` for `reason`: it will not be shown again (across restarts) until
    /// ``reset()``. The first reason is kept if the item is already invalidated. Writes the file.
    /// Mirrors TipKit's `Tip.invalidate(reason:)`.
    public func invalidate(_ item: TutorialItem, reason: TutorialInvalidationReason) throws(TutorialStoreError) {
        guard record(for: item).invalidation == nil else { return }
        try mutate { contents in
            var record = contents.records[item.storageKey] ?? TutorialRecord()
            record.invalidation = reason
            contents.records[item.storageKey] = record
        }
    }

    /// Forgets everything: counts, durations, invalidations and the last display time, and
    /// writes an empty store (clearing ``loadWarning``). Mirrors TipKit's
    /// `Tips.resetDatastore()` (which, unlike this, must be called before `configure`).
    public func reset() throws(TutorialStoreError) {
        try write(.empty)
        contents = .empty
        loadWarning = nil
    }

    // MARK: File

    private func mutate(_ body: (inout Contents) -> Void) throws(TutorialStoreError) {
        var next = contents
        body(&next)
        try write(next)
        contents = next
    }

    private func write(_ value: Contents) throws(TutorialStoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do { data = try encoder.encode(value) } catch { throw .unwritable(path: path, reason: "\(error.localizedDescription)") }
        // Whole or not at all, synced, and never through a name planted beside the file.
        do {
            try OutputFile(path).write { fd throws(OutputFileError) in try OutputFile.writeAll(Array(data), to: fd, path: path) }
        } catch {
            throw .unwritable(path: path, reason: error.reason)
        }
    }

    static func load(path: String) throws(TutorialStoreError) -> Contents {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .empty }
        if isDirectory.boolValue { throw .unreadable(path: path, reason: "it is a directory, expected a JSON file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "the file exists but its bytes could not be read (permissions?)")
        }
        let expectedShape =
            "a JSON object {\"format\": \"\(Contents.formatName)\", \"version\": \(Contents.currentVersion), "
            + "\"lastDisplayTime\": seconds or null, \"records\": {\"kind:id\": record}}"
        let contents: Contents
        do {
            contents = try JSONDecoder().decode(Contents.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw .corrupt(path: path, expected: "key '\(key.stringValue)' at \(Self.jsonPath(context.codingPath)) in \(expectedShape)")
        } catch let DecodingError.typeMismatch(type, context) {
            throw .corrupt(path: path, expected: "\(type) at \(Self.jsonPath(context.codingPath)) in \(expectedShape)")
        } catch let DecodingError.valueNotFound(type, context) {
            throw .corrupt(path: path, expected: "\(type) at \(Self.jsonPath(context.codingPath)) in \(expectedShape)")
        } catch let DecodingError.dataCorrupted(context) {
            let at = context.codingPath.isEmpty ? "" : " at \(Self.jsonPath(context.codingPath))"
            throw .corrupt(path: path, expected: "valid JSON\(at) (\(context.debugDescription)) in \(expectedShape)")
        } catch {
            throw .corrupt(path: path, expected: expectedShape)
        }
        guard contents.format == Contents.formatName else {
            throw .corrupt(path: path, expected: "format \"\(Contents.formatName)\", found \"\(contents.format)\"")
        }
        guard contents.version == Contents.currentVersion else {
            throw .corrupt(path: path, expected: "version \(Contents.currentVersion), found \(contents.version)")
        }
        if let t = contents.lastDisplayTime, !t.isFinite {
            throw .corrupt(path: path, expected: "a finite lastDisplayTime, found \(t)")
        }
        for key in contents.records.keys.sorted() {
            if let problem = contents.records[key]?.problem {
                throw .corrupt(path: path, expected: "valid values in $.records[\"\(key)\"]: \(problem)")
            }
        }
        return contents
    }

    private static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("$") { path, key in
            if let index = key.intValue { return "\(path)[\(index)]" }
            return "\(path).\(key.stringValue)"
        }
    }
}
