import KinemaUI

/// A view that counts the touches that begin on it.
public final class TouchCountingView: View {
    public var began = 0
    override public func touchesBegan(_ touches: Set<Touch>, with event: Event?) { began += 1 }
}
