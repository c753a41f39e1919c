import Foundation
import Testing

@testable import KinemaComponents
@testable import KinemaUI

/// A fresh directory per test, removed when the value goes away.
final class ScratchDirectory {
    let url: URL

    init(_ name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        url = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-tutorial-\(safe)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ file: String = "tutorials.json") -> String { url.appendingPathComponent(file).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Invariant 23 of docs/popover-notes.md: an invalidated item stays hidden across restarts.
@Suite("Tutorial store: show once, across restarts (invariant 23)")
struct TutorialStoreTests {
    static let tour = TutorialItem(kind: .tutorial, id: "onboarding")
    static let otherTour = TutorialItem(kind: .tutorial, id: "editing")
    static let tip = TutorialItem(kind: .tip, id: "share-button")

    @Test func aFreshStoreShowsEverythingAndWritesNoFile() throws {
        let dir = try ScratchDirectory()
        let store = try TutorialStore(path: dir.path())
        #expect(store.shouldDisplay(Self.tour, at: 0))
        #expect(store.record(for: Self.tour) == TutorialRecord())
        #expect(!FileManager.default.fileExists(atPath: dir.path()))
    }

    @Test func maxDisplayCountInvalidatesAfterTheLastDisplayAndAcrossRestarts() throws {
        let dir = try ScratchDirectory()
        let item = TutorialItem(kind: .tip, id: "t", maxDisplayCount: 2)
        let store = try TutorialStore(path: dir.path())
        try store.recordDisplay(item, at: 10)
        #expect(store.shouldDisplay(item, at: 11))
        #expect(store.record(for: item).invalidation == nil)
        try store.recordDisplay(item, at: 20)
        #expect(store.record(for: item).invalidation == .maxDisplayCountReached)
        #expect(!store.shouldDisplay(item, at: 21))

        let restarted = try TutorialStore(path: dir.path())
        #expect(restarted.record(for: item) == store.record(for: item))
        #expect(restarted.record(for: item).displayCount == 2)
        #expect(restarted.record(for: item).lastShownTime == 20)
        #expect(!restarted.shouldDisplay(item, at: 1_000_000))
    }

    @Test(arguments: [TutorialInvalidationReason.actionPerformed, .closed])
    func invalidationHidesTheItemAcrossRestarts(reason: TutorialInvalidationReason) throws {
        let dir = try ScratchDirectory()
        let store = try TutorialStore(path: dir.path())
        try store.recordDisplay(Self.tour, at: 5)
        try store.invalidate(Self.tour, reason: reason)
        try store.invalidate(Self.tour, reason: .maxDisplayDurationExceeded)  // the first reason stays
        #expect(!store.shouldDisplay(Self.tour, at: 6))
        #expect(store.shouldDisplay(Self.otherTour, at: 6))

        let restarted = try TutorialStore(path: dir.path())
        #expect(restarted.record(for: Self.tour).invalidation == reason)
        #expect(!restarted.shouldDisplay(Self.tour, at: 1e9))
        #expect(restarted.shouldDisplay(Self.otherTour, at: 1e9))
    }

    @Test func maxDisplayDurationAddsUpOverDisplaysAndInvalidates() throws {
        let dir = try ScratchDirectory()
        let item = TutorialItem(kind: .tip, id: "d", maxDisplayDuration: 60)
        let store = try TutorialStore(path: dir.path())
        try store.recordDisplay(item, at: 100)
        try store.recordDisplayEnded(item, at: 130)
        #expect(store.record(for: item).totalDisplayDuration == 30)
        #expect(store.shouldDisplay(item, at: 200))
        try store.recordDisplayEnded(item, at: 500)  // not on screen: nothing changes
        #expect(store.record(for: item).totalDisplayDuration == 30)
        try store.recordDisplay(item, at: 200)
        try store.recordDisplayEnded(item, at: 229.5)
        #expect(store.shouldDisplay(item, at: 300))
        try store.recordDisplay(item, at: 300)
        try store.recordDisplayEnded(item, at: 301)
        #expect(store.record(for: item).totalDisplayDuration == 60.5)
        #expect(store.record(for: item).invalidation == .maxDisplayDurationExceeded)

        let restarted = try TutorialStore(path: dir.path())
        #expect(!restarted.shouldDisplay(item, at: 1_000))
    }

    @Test func displayFrequencyHoldsBackNewTutorialsForTheInterval() throws {
        let dir = try ScratchDirectory()
        let store = try TutorialStore(path: dir.path(), displayFrequency: TutorialStore.Frequency.hourly)
        #expect(store.shouldDisplay(Self.tour, at: 1_000))
        try store.recordDisplay(Self.tour, at: 1_000)
        #expect(!store.shouldDisplay(Self.otherTour, at: 1_000))
        #expect(!store.shouldDisplay(Self.otherTour, at: 4_599.9))
        #expect(!store.shouldDisplay(Self.tip, at: 4_599.9))
        #expect(store.shouldDisplay(Self.otherTour, at: 4_600))
        // Frequency only gates items never shown (TipKit): the shown tour may come back.
        #expect(store.shouldDisplay(Self.tour, at: 1_001))
        // Steps are never gated.
        #expect(store.shouldDisplay(.step("1", of: "editing"), at: 1_001))

        // Across a restart the interval still holds, measured from the stored time.
        let restarted = try TutorialStore(path: dir.path(), displayFrequency: TutorialStore.Frequency.hourly)
        #expect(restarted.lastDisplayTime == 1_000)
        #expect(!restarted.shouldDisplay(Self.otherTour, at: 2_000))
        #expect(restarted.shouldDisplay(Self.otherTour, at: 4_600))
    }

    @Test func ignoresDisplayFrequencyExemptsAnItem() throws {
        let dir = try ScratchDirectory()
        let store = try TutorialStore(path: dir.path(), displayFrequency: TutorialStore.Frequency.daily)
        try store.recordDisplay(Self.tour, at: 0)
        let urgent = TutorialItem(kind: .tutorial, id: "urgent", ignoresDisplayFrequency: true)
        #expect(store.shouldDisplay(urgent, at: 1))
        #expect(!store.shouldDisplay(Self.otherTour, at: 1))
    }

    @Test func stepsDoNotStartTheFrequencyInterval() throws {
        let dir = try ScratchDirectory()
        let store = try TutorialStore(path: dir.path(), displayFrequency: 100)
        try store.recordDisplay(.step("a", of: "onboarding"), at: 50)
        #expect(store.lastDisplayTime == nil)
        #expect(store.shouldDisplay(Self.tour, at: 51))
    }

    @Test func aClockSetBackCountsAsTheIntervalPassed() throws {
        let dir = try ScratchDirectory()
        let store = try TutorialStore(path: dir.path(), displayFrequency: 100)
        try store.recordDisplay(Self.tour, at: 1_000)
        #expect(store.shouldDisplay(Self.otherTour, at: 500))
    }

    @Test func resetForgetsEverythingAcrossRestarts() throws {
        let dir = try ScratchDirectory()
        let store = try TutorialStore(path: dir.path(), displayFrequency: 100)
        try store.recordDisplay(Self.tour, at: 10)
        try store.invalidate(Self.tour, reason: .closed)
        try store.reset()
        #expect(store.shouldDisplay(Self.tour, at: 11))
        #expect(store.shouldDisplay(Self.otherTour, at: 11))
        let restarted = try TutorialStore(path: dir.path(), displayFrequency: 100)
        #expect(restarted.record(for: Self.tour) == TutorialRecord())
        #expect(restarted.lastDisplayTime == nil)
    }

    @Test func theFileIsTheSameBytesForTheSameHistory() throws {
        let dir = try ScratchDirectory()
        for name in ["a.json", "b.json"] {
            let store = try TutorialStore(path: dir.path(name))
            try store.recordDisplay(Self.tour, at: 1.25)
            try store.recordDisplay(.step("1", of: "onboarding"), at: 2)
            try store.invalidate(Self.tip, reason: .actionPerformed)
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: dir.path("a.json")))
        let b = try Data(contentsOf: URL(fileURLWithPath: dir.path("b.json")))
        #expect(a == b)
        let text = String(decoding: a, as: UTF8.self)
        #expect(text.contains("\"kinema-tutorial-store\""))
        #expect(text.contains("\"tip:share-button\""))
        #expect(text.contains("\"step:onboarding/1\""))
    }

    @Test func nonFiniteTimesAreRefused() throws {
        let dir = try ScratchDirectory()
        let store = try TutorialStore(path: dir.path())
        #expect(throws: TutorialStoreError.invalidTime(.infinity)) { try store.recordDisplay(Self.tour, at: .infinity) }
        #expect(throws: TutorialStoreError.self) { try store.recordDisplayEnded(Self.tour, at: .nan) }
        #expect(!store.shouldDisplay(Self.tour, at: .nan))
        #expect(store.record(for: Self.tour) == TutorialRecord())
    }

    @Test func writingIntoAMissingDirectoryThrowsNamingTheFile() throws {
        let dir = try ScratchDirectory()
        let path = dir.path("missing/tutorials.json")
        let store = try TutorialStore(path: path)
        do {
            try store.recordDisplay(Self.tour, at: 1)
            Issue.record("expected unwritable")
        } catch {
            guard case .unwritable(let p, _) = error else { throw error }
            #expect(p == path)
            #expect(error.description.contains(path))
        }
        // A failed write leaves the store as it was.
        #expect(store.record(for: Self.tour).displayCount == 0)
    }

    @Test func itemRulesOutsideTheirRangeAreNormalised() {
        let item = TutorialItem(id: "x", maxDisplayCount: 0, maxDisplayDuration: -3)
        #expect(item.maxDisplayCount == 1)
        #expect(item.maxDisplayDuration == nil)
        #expect(TutorialItem(id: "y", maxDisplayDuration: .nan).maxDisplayDuration == nil)
        #expect(TutorialItem(id: "z").kind == .tip)
        #expect(TutorialItem.step("2", of: "tour").storageKey == "step:tour/2")
        #expect(TutorialItem.step("2", of: "tour").ignoresDisplayFrequency)
    }

    @Test func aNegativeOrNonFiniteFrequencyCountsAsImmediate() throws {
        let dir = try ScratchDirectory()
        let store = try TutorialStore(path: dir.path(), displayFrequency: -5)
        #expect(store.displayFrequency == 0)
        store.displayFrequency = .nan
        #expect(store.displayFrequency == 0)
        try store.recordDisplay(Self.tour, at: 1)
        #expect(store.shouldDisplay(Self.otherTour, at: 1))
    }

    @Test func errorDescriptionsNameTheFile() {
        #expect(TutorialStoreError.unreadable(path: "/a.json", reason: "r").description == "tutorial store '/a.json' could not be read: r")
        #expect(TutorialStoreError.corrupt(path: "/a.json", expected: "e").description == "tutorial store '/a.json' is corrupt: expected e")
        let unwritable = TutorialStoreError.unwritable(path: "/a.json", reason: "r")
        #expect(unwritable.description == "tutorial store '/a.json' could not be written: r")
        #expect(TutorialStoreError.invalidTime(.nan).description == "time nan is not a finite number of seconds")
    }

    @Test func aDirectoryInPlaceOfTheFileIsUnreadable() throws {
        let dir = try ScratchDirectory()
        #expect(throws: TutorialStoreError.unreadable(path: dir.url.path, reason: "it is a directory, expected a JSON file")) {
            _ = try TutorialStore(path: dir.url.path)
        }
    }
}

/// A bad store file and a fragment the error must contain.
struct CorruptStoreCase: CustomTestStringConvertible, Sendable {
    let name: String
    let contents: String
    let expectedFragment: String
    var testDescription: String { name }

    /// A valid store file around one record, keyed `tip:a`.
    static func storeFile(record: String) -> String {
        #"{"format":"kinema-tutorial-store","version":1,"records":{"tip:a":"# + record + "}}"
    }

    static let all: [CorruptStoreCase] = [
        .init(name: "not JSON", contents: "{ this is not json", expectedFragment: "valid JSON"),
        .init(name: "empty file", contents: "", expectedFragment: "valid JSON"),
        .init(name: "an array", contents: "[]", expectedFragment: "Dictionary"),
        .init(
            name: "missing records", contents: #"{"format":"kinema-tutorial-store","version":1}"#,
            expectedFragment: "key 'records'"),
        .init(
            name: "wrong format", contents: #"{"format":"tipkit","version":1,"records":{}}"#,
            expectedFragment: "format \"kinema-tutorial-store\", found \"tipkit\""),
        .init(
            name: "future version", contents: #"{"format":"kinema-tutorial-store","version":2,"records":{}}"#,
            expectedFragment: "version 1, found 2"),
        .init(
            name: "a count as a string",
            contents: storeFile(record: #"{"displayCount":"two","totalDisplayDuration":0}"#),
            expectedFragment: "$.records.tip:a.displayCount"),
        .init(
            name: "a negative count",
            contents: storeFile(record: #"{"displayCount":-1,"totalDisplayDuration":0}"#),
            expectedFragment: "displayCount -1 is negative"),
        .init(
            name: "an unknown reason",
            contents: storeFile(record: #"{"displayCount":1,"totalDisplayDuration":0,"invalidation":"bored"}"#),
            expectedFragment: "invalidation"),
    ]
}

@Suite("Tutorial store: corrupt files give clear errors")
struct TutorialStoreCorruptFileTests {
    @Test(arguments: CorruptStoreCase.all)
    func corruptFileThrowsNamingTheFileAndWhatWasExpected(_ c: CorruptStoreCase) throws {
        let dir = try ScratchDirectory()
        let path = dir.path()
        try Data(c.contents.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try TutorialStore(path: path)
            Issue.record("expected a corrupt-file error")
        } catch {
            guard case .corrupt(let p, let expected) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(p == path)
            #expect(error.description.hasPrefix("tutorial store '\(path)' is corrupt: expected "))
            #expect(expected.contains(c.expectedFragment), "\(expected)")
        }
    }

    @Test(arguments: CorruptStoreCase.all)
    func startFreshKeepsTheProblemAsAWarningAndOverwritesTheFile(_ c: CorruptStoreCase) throws {
        let dir = try ScratchDirectory()
        let path = dir.path()
        try Data(c.contents.utf8).write(to: URL(fileURLWithPath: path))
        let store = try TutorialStore(path: path, ifCorrupt: .startFresh)
        guard case .corrupt(let p, _)? = store.loadWarning else {
            Issue.record("expected a warning, got \(String(describing: store.loadWarning))")
            return
        }
        #expect(p == path)
        #expect(store.shouldDisplay(TutorialStoreTests.tour, at: 0))
        try store.recordDisplay(TutorialStoreTests.tour, at: 0)
        let reopened = try TutorialStore(path: path)
        #expect(reopened.loadWarning == nil)
        #expect(reopened.record(for: TutorialStoreTests.tour).displayCount == 1)
    }
}
