import KinemaGeometry
import KinemaLayers
import KinemaTiming

extension View {
    /// Animates the changes made by the ``addKeyframe(withRelativeStartTime:relativeDuration:animations:)``
    /// calls in `animations` as one keyframe animation per property over `duration` seconds.
    /// Mirrors `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`.
    ///
    /// Each keyframe moves its properties from the value before it to the value it sets, between
    /// its relative start and end; between keyframes a value holds. Changes made outside any
    /// keyframe span the whole duration. The curve bits of `options` pace the whole animation
    /// (ease in and out by default, as in UIKit), the calculation mode the values between
    /// keyframes. Values are additive on top of the final model value.
    public static func animateKeyframes(
        withDuration duration: Double, delay: Double = 0, options: KeyframeAnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let tracker = CompletionTracker(completion: completion)
        guard duration.isFinite, duration > 0 else {
            let block = ViewAnimationBlock(kind: .disabled, tracker: tracker)
            ViewAnimationBlock.run(block, animations)
            tracker.seal()
            return
        }
        let recorder = KeyframeRecorder()
        let block = ViewAnimationBlock(kind: .keyframes(recorder), tracker: tracker)
        ViewAnimationBlock.run(block, animations)
        let viewOptions = options.viewOptions
        let safeDelay = delay.isFinite && delay > 0 ? delay : 0
        for track in recorder.tracks {
            var animation = track.makeAnimation(calculationMode: options.calculationMode)
            animation.timingFunction = viewOptions.curve.timingFunction
            animation.duration = duration
            if viewOptions.contains(.repeat) { animation.repeatCount = .infinity }
            animation.autoreverses = viewOptions.contains(.autoreverse)
            block.add(
                .keyframe(animation), to: track.layer, view: track.view, delay: safeDelay,
                blocksInteraction: !viewOptions.contains(.allowUserInteraction))
        }
        tracker.seal()
    }

    /// Inside ``animateKeyframes(withDuration:delay:options:animations:completion:)``: the
    /// changes in `animations` happen between `frameStartTime` and `frameStartTime +
    /// frameDuration`, both fractions of the whole duration (clamped to `[0, 1]`). Outside a
    /// keyframe animation the changes are made as they would be without it. Mirrors
    /// `UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)`.
    public static func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double, animations: () -> Void
    ) {
        guard case .keyframes(let recorder)? = ViewAnimationBlock.current?.kind else {
            animations()
            return
        }
        let saved = recorder.window
        let start = frameStartTime.isFinite ? min(max(frameStartTime, 0), 1) : 0
        let length = frameDuration.isFinite ? min(max(frameDuration, 0), 1 - start) : 1 - start
        recorder.window = (start, length)
        animations()
        recorder.window = saved
    }
}

/// The property changes of a keyframe block, per layer and key path.
final class KeyframeRecorder {
    /// The relative time span of the keyframe being recorded.
    var window: (start: Double, duration: Double) = (0, 1)
    private(set) var tracks: [Track] = []

    struct Segment {
        var start: Double
        var end: Double
        var value: AnimatableValue
    }

    struct Track {
        let view: View
        let layer: Layer
        let keyPath: LayerKeyPath
        let initial: AnimatableValue
        var segments: [Segment] = []

        /// Values and key times through every keyframe, relative to the final value when the
        /// kind adds.
        func makeAnimation(calculationMode: KeyframeAnimation.CalculationMode) -> KeyframeAnimation {
            var times: [Double] = [0]
            var values: [AnimatableValue] = [initial]
            var current = initial
            for segment in segments.enumerated().sorted(by: { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }).map(
                \.element)
            {
                let last = times[times.count - 1]
                let start = max(segment.start, last)
                if start > last {
                    times.append(start)
                    values.append(current)
                }
                times.append(max(segment.end, start))
                values.append(segment.value)
                current = segment.value
            }
            if times[times.count - 1] < 1 {
                times.append(1)
                values.append(current)
            }
            var animation = KeyframeAnimation(keyPath: keyPath)
            let final = current
            if ViewAnimationBlock.isAdditive(keyPath.valueKind) {
                animation.isAdditive = true
                animation.values = values.map { AnimatableValue.subtract($0, final) }
            } else {
                animation.values = values
            }
            animation.keyTimes = times
            animation.calculationMode = calculationMode
            return animation
        }
    }

    func record(view: View, layer: Layer, keyPath: LayerKeyPath, from old: AnimatableValue, to new: AnimatableValue) {
        let segment = Segment(start: window.start, end: window.start + window.duration, value: new)
        if let i = tracks.firstIndex(where: { $0.layer === layer && $0.keyPath == keyPath }) {
            tracks[i].segments.append(segment)
        } else {
            tracks.append(Track(view: view, layer: layer, keyPath: keyPath, initial: old, segments: [segment]))
        }
    }
}
