import CKinemaPrefetch

/// A layer's attached animations compiled for frames: one block of memory holding, in order,
/// each animation's prepared form by value.
///
/// A frame evaluating 10,000 animated layers is bound by memory latency, not arithmetic: with
/// each animation an object of its own (and a keyframe spline four arrays more), every layer
/// cost a dozen dependent cache misses. Here a layer's animations are one contiguous read.
/// Basic and spring animations of plain values (numbers, points, sizes, rects, colours) and
/// keyframes of such values (every mode but `cubicPaced`, with or without per-segment curves) are
/// stored inline; anything else (groups, keyframe paths, `cubicPaced`, transforms, arrays) keeps
/// its ``AnimationEvaluator`` object, referred to from the block. Either way the same
/// evaluation code runs, so the values are the same bits.
final class AnimationProgram: ManagedBuffer<AnimationProgram.Header, UInt64> {
    struct Header {
        /// Steps in the block.
        var stepCount: Int
        /// Bytes in the block.
        var byteCount: Int
        /// The evaluators of the animations not stored inline.
        var fallbacks: [AnimationEvaluator]
    }

    /// What a step holds; stored in the low byte of the step's first word, its length in
    /// words above it.
    enum StepKind: UInt8 {
        case basic, spline, table, fallback
    }

    /// The program for `animations` (in the order they apply), or `nil` when there are none.
    /// With `storesInline` false every animation keeps its evaluator object (for tests that
    /// compare the two forms).
    static func make(_ animations: [AnyAnimation], storesInline: Bool = true) -> AnimationProgram? {
        guard !animations.isEmpty else { return nil }
        var block = StepWriter()
        var fallbacks: [AnimationEvaluator] = []
        for animation in animations {
            let evaluator = AnimationEvaluator.make(animation)
            if storesInline, BasicStep.write(evaluator, to: &block) { continue }
            if storesInline, SplineStep.write(evaluator, to: &block) { continue }
            if storesInline, TableStep.write(evaluator, to: &block) { continue }
            block.begin(.fallback)
            block.append(fallbacks.count)
            block.end()
            fallbacks.append(evaluator)
        }
        let words = block.words
        let program = create(minimumCapacity: words.count) {
            _ in Header(stepCount: animations.count, byteCount: words.count * 8, fallbacks: fallbacks)
        }
        program.withUnsafeMutablePointerToElements { elements in
            words.withUnsafeBufferPointer { elements.initialize(from: $0.baseAddress!, count: $0.count) }
        }
        return unsafeDowncast(program, to: AnimationProgram.self)
    }

    /// The bytes from the start of the object to the end of its block.
    var extent: Int {
        withUnsafeMutablePointers { header, elements in
            UnsafeRawPointer(elements) - UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) + header.pointee.byteCount
        }
    }

    /// Starts loading the first `extent` bytes of the object into the cache, so that its lines
    /// arrive together rather than one after another as the steps read them. Given the extent,
    /// the loads start before the object's first line has arrived.
    @inline(__always)
    func prefetch(extent: Int) {
        kinema_prefetch(Unmanaged.passUnretained(self).toOpaque(), extent)
    }

    /// Applies every step to `state` at the layer's local time `t` (seconds).
    func apply(to state: inout LayerState, localTime t: Double) {
        withUnsafeMutablePointers { header, elements in
            var word = UnsafeRawPointer(elements)
            for _ in 0..<header.pointee.stepCount {
                let tag = word.load(as: UInt64.self)
                let payload = word + 8
                switch StepKind(rawValue: UInt8(truncatingIfNeeded: tag)) {
                case .basic:
                    BasicStep.apply(payload, to: &state, parentTime: t)
                case .spline:
                    SplineStep.apply(payload, to: &state, parentTime: t)
                case .table:
                    TableStep.apply(payload, to: &state, parentTime: t)
                case .fallback:
                    let index = payload.load(as: Int.self)
                    // The program owns its fallbacks while it runs (nothing an evaluator does
                    // reaches the layer), so they are used without being retained.
                    header.pointee.fallbacks.withUnsafeBufferPointer { fallbacks in
                        Unmanaged.passUnretained(fallbacks[index])._withUnsafeGuaranteedRef { $0.apply(to: &state, parentTime: t) }
                    }
                case nil:
                    preconditionFailure("an animation program step of unknown kind")
                }
                word += Int(tag >> 8) * 8
            }
        }
    }

    /// How many animations are stored inline and how many keep their evaluator object.
    var counts: (inline: Int, fallbacks: Int) {
        withUnsafeMutablePointerToHeader { ($0.pointee.stepCount - $0.pointee.fallbacks.count, $0.pointee.fallbacks.count) }
    }
}
