/// The built-in animation of a presentation without a custom animator. Mirrors
/// `UIModalTransitionStyle`.
///
/// Every built-in animation lasts 0.5 s on the ease-in-ease-out curve (UIKit does not document
/// its durations and curves; see `DifferencesFromApple`).
public enum ModalTransitionStyle: Int, Hashable, Sendable, CaseIterable {
    /// The presented view slides up from below the bottom edge of the container to its final
    /// frame; on dismissal it slides back down. Mirrors `UIModalTransitionStyle.coverVertical`.
    case coverVertical = 0
    /// A flip about the vertical axis; drawn as a cross-dissolve for now. Mirrors
    /// `UIModalTransitionStyle.flipHorizontal`.
    case flipHorizontal = 1
    /// The presented view fades in (its alpha from 0 to its own value) at its final frame; on
    /// dismissal it fades out. Mirrors `UIModalTransitionStyle.crossDissolve`.
    case crossDissolve = 2
    /// A page curl; drawn as a cross-dissolve for now. Mirrors
    /// `UIModalTransitionStyle.partialCurl`.
    case partialCurl = 3
}
