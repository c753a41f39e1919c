import KinemaUI

/// Something a ``TutorialStore`` keeps a record of: a standalone tip, one step of a tutorial, or
/// a whole tutorial, with the display rules that apply to it.
///
/// The rules mirror TipKit's tip options: ``maxDisplayCount`` is `Tips.MaxDisplayCount`,
/// ``maxDisplayDuration`` is `Tips.MaxDisplayDuration`, ``ignoresDisplayFrequency`` is
/// `Tips.IgnoresDisplayFrequency`.
///
/// ```swift
/// let onboarding = TutorialItem(kind: .tutorial, id: "onboarding", maxDisplayCount: 1)
/// let shareStep = TutorialItem.step("share", of: "onboarding")
/// ```
public struct TutorialItem: Hashable, Sendable, CustomStringConvertible {
    /// What an item is. The kind is part of the record's key, so a tip and a tutorial may share
    /// an identifier.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// A standalone tip (a tooltip). Subject to the display frequency.
        case tip
        /// One step of a tutorial. Never subject to the display frequency (its tutorial is).
        case step
        /// A whole tutorial (a sequence of steps). Subject to the display frequency.
        case tutorial
    }

    /// What the item is. Default ``Kind/tip``.
    public var kind: Kind
    /// The identifier, stable across launches (it keys the stored record).
    public var id: String
    /// How many times the item may be shown before it is invalidated with
    /// ``TutorialInvalidationReason/maxDisplayCountReached``; `nil` for no limit. Default `nil`.
    /// Values below 1 count as 1. Mirrors TipKit's `MaxDisplayCount`.
    public var maxDisplayCount: Int?
    /// How long the item may be on screen in total, seconds, before it is invalidated with
    /// ``TutorialInvalidationReason/maxDisplayDurationExceeded``; `nil` for no limit. Default
    /// `nil`. Non-finite or negative values count as no limit. Mirrors TipKit's
    /// `MaxDisplayDuration`.
    public var maxDisplayDuration: Double?
    /// Whether the item may appear before the store's ``TutorialStore/displayFrequency`` has
    /// passed since another item appeared. Default `false` (`true` for steps, which the
    /// frequency never gates). Mirrors TipKit's `IgnoresDisplayFrequency`.
    public var ignoresDisplayFrequency: Bool

    /// An item with the given rules.
    public init(
        kind: Kind = .tip, id: String, maxDisplayCount: Int? = nil, maxDisplayDuration: Double? = nil,
        ignoresDisplayFrequency: Bool = false
    ) {
        self.kind = kind
        self.id = id
        self.maxDisplayCount = maxDisplayCount.map { max(1, $0) }
        self.maxDisplayDuration = maxDisplayDuration.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        self.ignoresDisplayFrequency = ignoresDisplayFrequency
    }

    /// The step `stepID` of the tutorial `tutorialID` (record key `step:tutorialID/stepID`).
    public static func step(_ stepID: String, of tutorialID: String, maxDisplayCount: Int? = nil) -> TutorialItem {
        TutorialItem(kind: .step, id: "\(tutorialID)/\(stepID)", maxDisplayCount: maxDisplayCount, ignoresDisplayFrequency: true)
    }

    /// The key of the item's record in the store file: `kind:id`.
    public var storageKey: String { "\(kind.rawValue):\(id)" }

    /// Whether the display frequency gates this item: tips and tutorials that do not ignore it.
    var isGatedByFrequency: Bool { kind != .step && !ignoresDisplayFrequency }

    public var description: String { storageKey }
}
