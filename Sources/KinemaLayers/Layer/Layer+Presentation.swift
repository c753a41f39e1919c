import CKinemaPrefetch
import KinemaGeometry
import KinemaTiming

extension Layer {
    /// The layer's presentation values at media time `t` (seconds): the model with every
    /// attached animation applied in ``animationKeys()`` order. A pure function of the model, the
    /// animations and `t`: it neither removes finished animations nor fires events.
    public func presentation(at t: Double) -> LayerState {
        prefetchSiblings()
        return presentation(localTime: localTime(atMediaTime: t))
    }

    /// Starts loading the next sibling's program and the fields of the one after it: a caller
    /// walking 10,000 sublayers in order otherwise waits on memory for each layer, then again for
    /// its program. (The render tree's walk loads ahead the same way, but by index into the
    /// sublayers it holds: following the links instead measured 6 % slower there.)
    @inline(__always)
    private func prefetchSiblings() {
        nextSiblingReference?._withUnsafeGuaranteedRef { next in
            next.prefetchProgram()
            next.nextSiblingReference?._withUnsafeGuaranteedRef { $0.prefetchFields() }
        }
    }

    /// The presentation values at the context's current time (the model for a detached layer).
    /// Mirrors `presentation()`.
    public func presentation() -> LayerState {
        presentation(at: context?.currentTime ?? 0)
    }

    /// The presentation value at `keyPath` at media time `t`.
    public func presentationValue(forKeyPath keyPath: LayerKeyPath, at t: Double) -> AnimatableValue? {
        presentation(at: t).value(at: keyPath)
    }

    @inline(__always)
    func presentation(localTime t: Double) -> LayerState {
        guard let programReference else { return model }
        // The layer owns its program for the whole call (nothing a step does reaches the
        // layer), so it is used without being retained.
        return programReference._withUnsafeGuaranteedRef { program in
            // Loading the program while the model is copied: with 10,000 animated layers a frame
            // waits on memory, and these are its two reads per layer.
            program.prefetch(extent: programExtent)
            var state = model
            program.apply(to: &state, localTime: t)
            return state
        }
    }

    /// The bytes from the start of the object that a frame reads of every layer: its timing,
    /// its program's address and its model, which ends at byte 392 (`LayerLayoutTests` checks
    /// that the model lies inside).
    static let framePrefixBytes = 392

    /// Starts loading what a frame reads of the layer first (``framePrefixBytes``).
    @inline(__always)
    func prefetchFields() {
        kinema_prefetch(Unmanaged.passUnretained(self).toOpaque(), Layer.framePrefixBytes)
    }

    /// Starts loading the layer's animation program, if it has one.
    @inline(__always)
    func prefetchProgram() {
        programReference?._withUnsafeGuaranteedRef { $0.prefetch(extent: programExtent) }
    }

    /// Where each attached animation is at media time `t`: before, active or after its active
    /// duration.
    public func animationPhases(at t: Double) -> [(key: String?, animation: AnyAnimation, phase: TimingPhase)] {
        animationPhases(localTime: localTime(atMediaTime: t))
    }

    /// ``animationPhases(at:)`` at the layer's local time `local` (as ``walkPresentation(at:_:)``
    /// gives it), without walking up the tree for it.
    package func animationPhases(localTime local: Double) -> [(key: String?, animation: AnyAnimation, phase: TimingPhase)] {
        entries.map { entry in
            let phase: TimingPhase = entry.isBeginResolved ? entry.animation.timing.resolve(parentTime: local).phase : .before
            return (entry.key, entry.animation, phase)
        }
    }
}
