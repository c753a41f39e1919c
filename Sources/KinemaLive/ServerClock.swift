/// Maps a display server's event times (X11's milliseconds since the server started) onto
/// SDL's clock, so that input keeps the time it happened even when several events are read at
/// once after a long frame.
///
/// The offset between the two clocks is learnt from the events themselves: each event is read
/// (`received`, SDL's clock) some time after it happened (`server`, the server's clock), so the
/// smallest `received − server` seen is the best estimate of the offset, and a mapped time is
/// never later than the time the event was read. A jump of more than ``resetAfter``
/// milliseconds (the server restarted, or its 32-bit clock wrapped after 49.7 days) starts over.
/// Whole milliseconds throughout, both clocks' unit, so times map exactly.
struct ServerClock: Equatable {
    /// The offset learnt so far, milliseconds; `nil` before the first event.
    private(set) var offset: Int?
    /// How far an event may disagree with the offset before the offset is learnt anew: 10 s.
    static let resetAfter = 10_000

    /// The time, on SDL's clock (seconds), of an event the server stamped `server` and SDL read
    /// at `received` (both milliseconds).
    mutating func wall(server: Int, received: Int) -> Double {
        let lag = received - server
        if let offset, abs(lag - offset) <= Self.resetAfter {
            self.offset = min(offset, lag)
        } else {
            offset = lag
        }
        return Double(min(server + (offset ?? lag), received)) / 1000
    }
}
