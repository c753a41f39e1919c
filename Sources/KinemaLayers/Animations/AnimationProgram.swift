import CKinemaPrefetch
import KinemaGeometry
import KinemaTiming

/// A layer's attached animations compiled for frames: one block of memory holding, in order,
/// each animation's prepared form by value.
///
/// A frame evaluating 10,000 animated layers is bound by memory latency, not arithmetic: with
/// each animation an object of its own (and a keyframe spline four arrays more), every layer
/// cost a dozen dependent cache misses. Here a layer's animations are one contiguous read.
/// Basic and spring animations of plain values (numbers, points, sizes, rects, colours) and
/// cubic keyframes of such values are stored inline; anything else (groups, keyframe paths and
/// other modes, transforms, arrays) keeps its ``AnimationEvaluator`` object, referred to from
/// the block. Either way the same evaluation code runs, so the values are the same bits.
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
        case basic, spline, fallback
    }

    /// The program for `animations` (in the order they apply), or `nil` when there are none.
    /// With `storesInline` false every animation keeps its evaluator object (for tests that
    /// compare the two forms).
    static func make(_ animations: [AnyAnimation], storesInline: Bool = true) -> AnimationProgram? {
        guard !animations.isEmpty else { return nil }
        var words: [UInt64] = []
        var fallbacks: [AnimationEvaluator] = []
        for animation in animations {
            let evaluator = AnimationEvaluator.make(animation)
            if storesInline, let step = BasicStep(evaluator) {
                append(.basic, step, to: &words)
            } else if storesInline, let step = SplineStep(evaluator) {
                append(.spline, step.header, tail: step.numbers, to: &words)
            } else {
                append(.fallback, fallbacks.count, to: &words)
                fallbacks.append(evaluator)
            }
        }
        let program = create(minimumCapacity: words.count) { _ in
            Header(stepCount: animations.count, byteCount: words.count * 8, fallbacks: fallbacks)
        }
        program.withUnsafeMutablePointerToElements { elements in
            words.withUnsafeBufferPointer { elements.initialize(from: $0.baseAddress!, count: $0.count) }
        }
        return unsafeDowncast(program, to: AnimationProgram.self)
    }

    /// Appends a step: its kind and length, `payload`'s bytes, then `tail`, each padded to whole
    /// words. Payloads are plain values (no references), so their bytes are all of them.
    private static func append<T>(_ kind: StepKind, _ payload: T, tail: [Double] = [], to words: inout [UInt64]) {
        precondition(_isPOD(T.self), "a step's payload holds no references")
        let payloadWords = (MemoryLayout<T>.size + 7) / 8
        let length = 1 + payloadWords + tail.count
        words.append(UInt64(kind.rawValue) | UInt64(length) << 8)
        let start = words.count
        words.append(contentsOf: repeatElement(0, count: payloadWords))
        words.withUnsafeMutableBytes { $0.storeBytes(of: payload, toByteOffset: start * 8, as: T.self) }
        words.append(contentsOf: tail.map(\.bitPattern))
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
                    payload.load(as: BasicStep.self).apply(to: &state, parentTime: t)
                case .spline:
                    let step = payload.load(as: SplineStep.Header.self)
                    step.apply(numbers: (payload + SplineStep.headerBytes).assumingMemoryBound(to: Double.self), to: &state, parentTime: t)
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

/// An animation value with no references: the kinds a basic animation or a spline stores inline.
enum PlainValue {
    case absent
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color?)

    /// `value` stored plainly, or `nil` when it is of a kind that holds references.
    init?(_ value: AnimatableValue?) {
        switch value {
        case nil: self = .absent
        case .number(let v): self = .number(v)
        case .point(let v): self = .point(v)
        case .size(let v): self = .size(v)
        case .rect(let v): self = .rect(v)
        case .color(let v): self = .color(v)
        default: return nil
        }
    }

    var value: AnimatableValue? {
        switch self {
        case .absent: nil
        case .number(let v): .number(v)
        case .point(let v): .point(v)
        case .size(let v): .size(v)
        case .rect(let v): .rect(v)
        case .color(let v): .color(v)
        }
    }
}

/// What every inline step keeps of its animation: timing, curve and how the value is written.
struct StepTiming {
    let timing: MediaTimingParameters
    let curve: TimingFunction?
    let isRemovedOnCompletion: Bool
    let property: LayerProperty
    let component: LayerKeyPath.Component?
    let isAdditive: Bool
    let isCumulative: Bool
    let valueFunction: ValueFunction?

    /// The parts of `evaluator` and `writer` a step needs, or `nil` for an invalid key path
    /// (which the evaluator object handles).
    init?(_ evaluator: AnimationEvaluator, _ writer: PropertyWriter) {
        guard writer.keyPath.isValid else { return nil }
        timing = evaluator.timing
        curve = evaluator.curve
        isRemovedOnCompletion = evaluator.isRemovedOnCompletion
        property = writer.keyPath.property
        component = writer.keyPath.component
        isAdditive = writer.isAdditive
        isCumulative = writer.isCumulative
        valueFunction = writer.valueFunction
    }

    var writer: PropertyWriter {
        PropertyWriter(
            keyPath: LayerKeyPath(property, component), isAdditive: isAdditive, isCumulative: isCumulative,
            valueFunction: valueFunction)
    }
}

/// A basic or spring animation of plain values, inline (``BasicEvaluator``'s data by value).
struct BasicStep {
    let common: StepTiming
    let from: PlainValue
    let to: PlainValue
    let by: PlainValue
    let spring: Spring?
    let endProgress: Double

    init?(_ evaluator: AnimationEvaluator) {
        guard let basic = evaluator as? BasicEvaluator, let common = StepTiming(basic, basic.writer),
            let from = PlainValue(basic.from), let to = PlainValue(basic.to), let by = PlainValue(basic.by)
        else { return nil }
        (self.common, self.from, self.to, self.by) = (common, from, to, by)
        (spring, endProgress) = (basic.spring, basic.endProgress)
    }

    @inline(__always)
    func apply(to state: inout LayerState, parentTime: Double) {
        let c = common
        guard let (resolution, eased) = AnimationEvaluator.progress(c.timing, c.curve, c.isRemovedOnCompletion, parentTime: parentTime)
        else { return }
        BasicEvaluator.apply(
            c.writer, from.value, to.value, by.value, spring: spring, endProgress: endProgress, timing: c.timing, curve: c.curve,
            to: &state, resolution: resolution, eased: eased)
    }
}

/// Cubic keyframes (calculation mode `cubic`, no path, no per-segment curves) of plain values,
/// inline: the spline's numbers follow the header in the program's block.
struct SplineStep {
    struct Header {
        let common: StepTiming
        let kind: SplineView.Kind
        let count: Int

        @inline(__always)
        func apply(numbers: UnsafePointer<Double>, to state: inout LayerState, parentTime: Double) {
            let c = common
            guard
                let (resolution, eased) = AnimationEvaluator.progress(
                    c.timing, c.curve, c.isRemovedOnCompletion, parentTime: parentTime)
            else { return }
            let d = kind.dimension
            let view = SplineView(
                kind: kind, count: count, keys: numbers, keyTimes: numbers + count * d, outgoing: numbers + count * (d + 1),
                incoming: numbers + count * (2 * d + 1))
            KeyframeEvaluator.apply(c.writer, timing: c.timing, to: &state, resolution: resolution, eased: eased) {
                view.value(atProgress: $0, curves: nil)
            }
        }
    }

    /// Bytes from a spline step's payload to its numbers.
    static let headerBytes = (MemoryLayout<Header>.size + 7) / 8 * 8

    let header: Header
    /// Key values, key times, outgoing and incoming tangents, as ``SplineView`` reads them.
    let numbers: [Double]

    init?(_ evaluator: AnimationEvaluator) {
        guard let keyframes = evaluator as? KeyframeEvaluator, keyframes.path == nil, keyframes.curves == nil,
            case .spline(let spline, paced: false) = keyframes.table.mode, let kind = SplineView.Kind(spline.template),
            kind.dimension == spline.dimension, let common = StepTiming(keyframes, keyframes.writer)
        else { return nil }
        header = Header(common: common, kind: kind, count: spline.count)
        numbers = spline.keys + spline.keyTimes + spline.outgoing + spline.incoming
    }
}
