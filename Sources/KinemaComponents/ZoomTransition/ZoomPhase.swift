import KinemaUI

/// Where a zoom is, with what each step needs: the state machine of ``ZoomTransitionDriver``.
///
/// ```text
/// idle ──present──▶ presenting ──lands──▶ presented ──drag──▶ dragging ──release──▶ dismissing ──lands──▶ idle
///                       │                     │                  ▲   ▲                  │   ▲
///                       └──────touch-down─────┼──────────────────┘   └────touch-down────┘   │ reverse()
///                                             │                                     cancelling ◀─┘
///                                             └──programmatic dismiss──▶ dismissing    │
///                                  presented ◀──────────────────lands──────────────────┘
/// ```
enum ZoomPhase {
    case idle
    case presenting(ZoomPresentation)
    case presented
    /// A finger holds the content; `shown` is what it shows now.
    case dragging(ZoomDrag, shown: ZoomVisual)
    case dismissing(ZoomFlight)
    case cancelling(ZoomFlight)

    var publicState: ZoomTransitionState {
        switch self {
        case .idle: .idle
        case .presenting: .presenting
        case .presented: .presented
        case .dragging: .dragging
        case .dismissing: .dismissing
        case .cancelling: .cancelling
        }
    }

    /// The flight under way, if any.
    var flight: ZoomFlight? {
        switch self {
        case .dismissing(let f), .cancelling(let f): f
        default: nil
        }
    }
}
