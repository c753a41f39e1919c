import KinemaGeometry
import KinemaTiming

// The steps of an ``AnimationProgram``'s block, and how they are written and read.

/// Builds a program's block: steps of whole words, each its kind and length, then its parts.
struct StepWriter {
    private(set) var words: [UInt64] = []
    private var stepStart = 0

    mutating func begin(_ kind: AnimationProgram.StepKind) {
        stepStart = words.count
        words.append(UInt64(kind.rawValue))
    }

    /// Appends `part`'s bytes, padded to whole words. Parts are plain values (no references), so
    /// their bytes are all of them.
    mutating func append<T>(_ part: T) {
        precondition(_isPOD(T.self), "a step's part holds no references")
        let start = words.count
        words.append(contentsOf: repeatElement(0, count: (MemoryLayout<T>.size + 7) / 8))
        words.withUnsafeMutableBytes { $0.storeBytes(of: part, toByteOffset: start * 8, as: T.self) }
    }

    /// Appends `value` as a plain value of `kind` (``PlainKind/store(_:at:)``).
    mutating func append(_ value: AnimatableValue, as kind: PlainKind) {
        let start = words.count
        words.append(contentsOf: repeatElement(0, count: kind.dimension))
        words.withUnsafeMutableBytes { kind.store(value, at: $0.baseAddress! + start * 8) }
    }

    mutating func append(numbers: [Double]) {
        words.append(contentsOf: numbers.map(\.bitPattern))
    }

    /// Appends per-segment curves as ``SegmentCurves`` reads them: each distinct curve once (the
    /// same bits), then one byte per segment naming its curve. Returns how many are distinct, or
    /// `nil` (writing nothing) when more than 256 are.
    mutating func append(curves: [TimingFunction]) -> Int? {
        var distinct: [TimingFunction] = []
        var index: [[UInt8]: UInt8] = [:]
        var segments: [UInt8] = []
        for curve in curves {
            let bytes = withUnsafeBytes(of: curve) { Array($0) }
            if let i = index[bytes] {
                segments.append(i)
                continue
            }
            guard distinct.count < 256 else { return nil }
            index[bytes] = UInt8(distinct.count)
            segments.append(UInt8(distinct.count))
            distinct.append(curve)
        }
        for curve in distinct { append(curve) }
        let start = words.count
        words.append(contentsOf: repeatElement(0, count: (segments.count + 7) / 8))
        words.withUnsafeMutableBytes { bytes in
            for (i, segment) in segments.enumerated() { bytes[start * 8 + i] = segment }
        }
        return distinct.count
    }

    /// Appends a whole step: its kind, `header`, then the words `parts` holds (prepared first,
    /// because the header says how many of them there are).
    mutating func appendStep<Header>(_ kind: AnimationProgram.StepKind, _ header: Header, parts: StepWriter) {
        begin(kind)
        append(header)
        words.append(contentsOf: parts.words)
        end()
    }

    /// Appends the numbers of `timing` that `common` stores (``StepTiming/storedNumbers``).
    mutating func append(timing: MediaTimingParameters, of common: StepTiming) {
        append(numbers: StepTiming.numbers(of: timing).enumerated().filter { common.storedNumbers & 1 << $0.offset != 0 }.map(\.element))
    }

    /// The first parts of a keyframe step: the timing's numbers `common` stores, the animation's
    /// curve, when there is one, then the per-segment curves; with how many of those are
    /// distinct, or `nil` for more than 256.
    static func keyframeParts(
        _ common: StepTiming, _ evaluator: AnimationEvaluator, segments: [TimingFunction]
    ) -> (StepWriter, distinct: Int)? {
        var parts = StepWriter()
        parts.append(timing: evaluator.timing, of: common)
        if let curve = evaluator.curve { parts.append(curve) }
        guard let distinct = parts.append(curves: segments) else { return nil }
        return (parts, distinct)
    }

    /// Writes the step's length into its first word.
    mutating func end() {
        words[stepStart] |= UInt64(words.count - stepStart) << 8
    }
}

/// Reads a step's parts in the order they were written.
struct StepReader {
    private(set) var address: UnsafeRawPointer

    init(_ address: UnsafeRawPointer) { self.address = address }

    @inline(__always)
    mutating func read<T>(_: T.Type) -> T {
        defer { address += (MemoryLayout<T>.size + 7) / 8 * 8 }
        return address.load(as: T.self)
    }

    @inline(__always)
    mutating func read(_ kind: PlainKind) -> AnimatableValue {
        defer { address += kind.byteCount }
        return kind.load(from: address)
    }

    /// The curves of `count` segments, `distinct` of them different, as
    /// ``StepWriter/append(curves:)`` wrote them.
    @inline(__always)
    mutating func readCurves(count: Int, distinct: Int) -> SegmentCurves {
        let curves = SegmentCurves(curves: address, segments: address + distinct * SegmentCurves.stride, count: count)
        address += distinct * SegmentCurves.stride + (count + 7) / 8 * 8
        return curves
    }
}

/// A keyframe animation's per-segment curves (``KeyframeAnimation/timingFunctions``) read in
/// place from a step: its distinct timing functions, each padded to whole words, and a byte per
/// segment naming the segment's.
struct SegmentCurves {
    static let stride = (MemoryLayout<TimingFunction>.size + 7) / 8 * 8
    let curves: UnsafeRawPointer
    let segments: UnsafeRawPointer
    /// Segments with a curve.
    let count: Int

    /// Fraction `s` of segment `i` through that segment's curve, when there is one
    /// (``KeyframeAnimation/ease(_:segment:curves:)`` in place).
    @inline(__always)
    func ease(_ s: Double, _ i: Int) -> Double {
        guard i < count else { return s }
        let curve = Int(segments.load(fromByteOffset: i, as: UInt8.self))
        return curves.load(fromByteOffset: curve * Self.stride, as: TimingFunction.self).evaluate(s)
    }
}

/// What every inline step keeps of its animation: timing and how the value is written.
///
/// Of the timing's six numbers only those that differ from their defaults are stored, after
/// the step's header: most animations set a duration and perhaps a begin time, and the 48 bytes
/// of all six made the program of a layer with three animations two cache lines longer.
struct StepTiming {
    /// Bit `i` set: the `i`-th of ``numbers(of:)`` differs from its default (by its bits, so
    /// that −0 is kept) and is stored.
    let storedNumbers: UInt8
    let autoreverses: Bool
    let fillMode: FillMode
    let isRemovedOnCompletion: Bool
    let hasCurve: Bool
    let property: LayerProperty
    let component: LayerKeyPath.Component?
    let isAdditive: Bool
    let isCumulative: Bool
    let valueFunction: ValueFunction?

    /// The parts of `evaluator` and `writer` a step needs, or `nil` for an invalid key path
    /// (which the evaluator object handles).
    init?(_ evaluator: AnimationEvaluator, _ writer: PropertyWriter) {
        guard writer.keyPath.isValid else { return nil }
        storedNumbers = zip(Self.numbers(of: evaluator.timing), Self.defaultNumbers).enumerated().reduce(0) { mask, pair in
            pair.element.0.bitPattern == pair.element.1.bitPattern ? mask : mask | 1 << pair.offset
        }
        autoreverses = evaluator.timing.autoreverses
        fillMode = evaluator.timing.fillMode
        isRemovedOnCompletion = evaluator.isRemovedOnCompletion
        hasCurve = evaluator.curve != nil
        property = writer.keyPath.property
        component = writer.keyPath.component
        isAdditive = writer.isAdditive
        isCumulative = writer.isCumulative
        valueFunction = writer.valueFunction
    }

    /// A timing's numbers in the order ``storedNumbers`` counts them.
    static func numbers(of t: MediaTimingParameters) -> [Double] {
        [t.beginTime, t.duration, t.speed, t.timeOffset, t.repeatCount, t.repeatDuration]
    }

    static let defaultNumbers = numbers(of: MediaTimingParameters())

    /// Reads the timing's stored numbers (the part after the step's header) and returns the
    /// whole timing.
    @inline(__always)
    func timing(reading reader: inout StepReader) -> MediaTimingParameters {
        var timing = MediaTimingParameters()
        if storedNumbers & 1 != 0 { timing.beginTime = reader.read(Double.self) }
        if storedNumbers & 2 != 0 { timing.duration = reader.read(Double.self) }
        if storedNumbers & 4 != 0 { timing.speed = reader.read(Double.self) }
        if storedNumbers & 8 != 0 { timing.timeOffset = reader.read(Double.self) }
        if storedNumbers & 16 != 0 { timing.repeatCount = reader.read(Double.self) }
        if storedNumbers & 32 != 0 { timing.repeatDuration = reader.read(Double.self) }
        timing.autoreverses = autoreverses
        timing.fillMode = fillMode
        return timing
    }

    /// A keyframe step's ``progress(reading:parentTime:)``, then its per-segment curves
    /// (`count` segments, `distinct` curves).
    @inline(__always)
    func keyframeProgress(
        reading reader: inout StepReader, parentTime: Double, curves count: Int, distinct: Int
    ) -> (
        MediaTimingParameters, TimingResolution, Double, SegmentCurves
    )? {
        guard let (timing, _, resolution, eased) = progress(reading: &reader, parentTime: parentTime) else { return nil }
        return (timing, resolution, eased, reader.readCurves(count: count, distinct: distinct))
    }

    /// Reads the step's timing and curve (the parts after its header) and returns them with
    /// where the animation is at `parentTime`, or `nil` when it contributes nothing then.
    @inline(__always)
    func progress(
        reading reader: inout StepReader, parentTime: Double
    ) -> (MediaTimingParameters, TimingFunction?, TimingResolution, Double)? {
        let timing = timing(reading: &reader)
        let curve = hasCurve ? reader.read(TimingFunction.self) : nil
        guard let (resolution, eased) = AnimationEvaluator.progress(timing, curve, isRemovedOnCompletion, parentTime: parentTime)
        else { return nil }
        return (timing, curve, resolution, eased)
    }

    var writer: PropertyWriter {
        PropertyWriter(
            keyPath: LayerKeyPath(property, component), isAdditive: isAdditive, isCumulative: isCumulative,
            valueFunction: valueFunction)
    }
}

/// A basic or spring animation of plain values, inline (``BasicEvaluator``'s data by value).
/// Its parts: this header; the timing's numbers that are not defaults (``StepTiming``); the
/// curve, when there is one; the spring, for a spring animation; then `fromValue`, `toValue` and
/// `byValue`, each only when given, as plain values of `kind`.
struct BasicStep {
    let common: StepTiming
    let kind: PlainKind
    let hasFrom: Bool
    let hasTo: Bool
    let hasBy: Bool
    let hasSpring: Bool
    let endProgress: Double

    /// Writes `evaluator` as a basic step and returns `true`, or returns `false` (writing
    /// nothing) when it is not a basic or spring animation of plain values.
    static func write(_ evaluator: AnimationEvaluator, to block: inout StepWriter) -> Bool {
        guard let basic = evaluator as? BasicEvaluator, let common = StepTiming(basic, basic.writer) else { return false }
        let given = [basic.from, basic.to, basic.by].compactMap { $0 }
        guard let first = given.first else { return false }
        guard let kind = PlainKind(first), given.allSatisfy({ PlainKind($0) == kind }) else { return false }
        block.begin(.basic)
        block.append(
            BasicStep(
                common: common, kind: kind, hasFrom: basic.from != nil, hasTo: basic.to != nil, hasBy: basic.by != nil,
                hasSpring: basic.spring != nil, endProgress: basic.endProgress))
        block.append(timing: basic.timing, of: common)
        if let curve = basic.curve { block.append(curve) }
        if let spring = basic.spring { block.append(spring) }
        for value in given { block.append(value, as: kind) }
        block.end()
        return true
    }

    @inline(__always)
    static func apply(_ payload: UnsafeRawPointer, to state: inout LayerState, parentTime: Double) {
        var reader = StepReader(payload)
        let step = reader.read(BasicStep.self)
        let c = step.common
        guard let (timing, curve, resolution, eased) = c.progress(reading: &reader, parentTime: parentTime) else { return }
        let spring = step.hasSpring ? reader.read(Spring.self) : nil
        let from = step.hasFrom ? reader.read(step.kind) : nil
        let to = step.hasTo ? reader.read(step.kind) : nil
        let by = step.hasBy ? reader.read(step.kind) : nil
        BasicEvaluator.apply(
            c.writer, from, to, by, spring: spring, endProgress: step.endProgress, timing: timing, curve: curve,
            to: &state, resolution: resolution, eased: eased)
    }
}

/// Cubic keyframes (calculation mode `cubic`, no path) of plain values, inline. Its parts: this
/// header; the timing's numbers that are not defaults; the curve, when there is one; the
/// per-segment curves (``SegmentCurves``); then the spline's numbers (keys, key times, and,
/// unless the spline is Catmull-Rom's, the outgoing and incoming tangents, as ``SplineView``
/// reads them).
struct SplineStep {
    let common: StepTiming
    let kind: PlainKind
    /// Whether the spline is Catmull-Rom's, whose tangents are not stored but computed from the
    /// keys as they are read: two doubles a key fewer for the frame to wait for.
    let isCatmullRom: Bool
    let count: Int
    let curveCount: Int
    let distinctCurves: Int

    /// Writes `evaluator` as a spline step and returns `true`, or returns `false` (writing
    /// nothing) when it is not cubic keyframes of plain values without a path.
    static func write(_ evaluator: AnimationEvaluator, to block: inout StepWriter) -> Bool {
        guard let keyframes = evaluator as? KeyframeEvaluator, keyframes.path == nil,
            case .spline(let spline, paced: false) = keyframes.table.mode, let kind = PlainKind(spline.template),
            kind.dimension == spline.dimension, let common = StepTiming(keyframes, keyframes.writer)
        else { return false }
        let curves = keyframes.curves ?? []
        guard let (curveParts, distinct) = StepWriter.keyframeParts(common, keyframes, segments: curves) else { return false }
        var parts = curveParts
        parts.append(numbers: spline.keys + spline.keyTimes + (spline.isCatmullRom ? [] : spline.outgoing + spline.incoming))
        block.appendStep(
            .spline,
            SplineStep(
                common: common, kind: kind, isCatmullRom: spline.isCatmullRom, count: spline.count, curveCount: curves.count,
                distinctCurves: distinct),
            parts: parts)
        return true
    }

    @inline(__always)
    static func apply(_ payload: UnsafeRawPointer, to state: inout LayerState, parentTime: Double) {
        var reader = StepReader(payload)
        let step = reader.read(SplineStep.self)
        let c = step.common
        guard
            let (timing, resolution, eased, curves) = c.keyframeProgress(
                reading: &reader, parentTime: parentTime, curves: step.curveCount, distinct: step.distinctCurves)
        else { return }
        let numbers = reader.address.assumingMemoryBound(to: Double.self)
        let (n, d) = (step.count, step.kind.dimension)
        let view = SplineView(
            kind: step.kind, count: n, keys: numbers, keyTimes: numbers + n * d,
            outgoing: step.isCatmullRom ? nil : numbers + n * (d + 1), incoming: step.isCatmullRom ? nil : numbers + n * (2 * d + 1))
        KeyframeEvaluator.apply(c.writer, timing: timing, to: &state, resolution: resolution, eased: eased) {
            view.value(atProgress: $0, ease: curves.ease)
        }
    }
}

/// Keyframes of plain values without a path in the other modes, inline: `linear` (with its
/// per-segment curves), `paced` (linear between key times spaced by distance, computed once),
/// `discrete`, and a single value in any mode. Its parts: this header; the timing's numbers that
/// are not defaults; the curve, when there is one; the per-segment curves (``SegmentCurves``);
/// the values, as plain values of `kind`; then one key time per value (none for a single value).
struct TableStep {
    enum Mode: UInt8 {
        case single, discrete, linear
    }

    let common: StepTiming
    let kind: PlainKind
    let mode: Mode
    let count: Int
    let curveCount: Int
    let distinctCurves: Int

    /// Writes `evaluator` as a table step and returns `true`, or returns `false` (writing nothing)
    /// when it is not keyframes of one plain kind in these modes without a path.
    static func write(_ evaluator: AnimationEvaluator, to block: inout StepWriter) -> Bool {
        guard let keyframes = evaluator as? KeyframeEvaluator, keyframes.path == nil, let first = keyframes.values.first,
            let kind = PlainKind(first), keyframes.values.allSatisfy({ PlainKind($0) == kind }),
            let common = StepTiming(keyframes, keyframes.writer)
        else { return false }
        let mode: Mode
        let keyTimes: [Double]
        var curves: [TimingFunction] = []
        switch keyframes.table.mode {
        case .constant: (mode, keyTimes) = (.single, [])
        case .discrete(let k): (mode, keyTimes) = (.discrete, k)
        case .linear(let k, let usesCurves):
            (mode, keyTimes) = (.linear, k)
            if usesCurves { curves = keyframes.curves ?? [] }
        case .empty, .spline: return false
        }
        guard mode == .single || keyTimes.count == keyframes.values.count,
            let (curveParts, distinct) = StepWriter.keyframeParts(common, keyframes, segments: curves)
        else { return false }
        var parts = curveParts
        for value in keyframes.values { parts.append(value, as: kind) }
        parts.append(numbers: keyTimes)
        block.appendStep(
            .table,
            TableStep(
                common: common, kind: kind, mode: mode, count: keyframes.values.count, curveCount: curves.count,
                distinctCurves: distinct), parts: parts)
        return true
    }

    @inline(__always)
    static func apply(_ payload: UnsafeRawPointer, to state: inout LayerState, parentTime: Double) {
        var reader = StepReader(payload)
        let step = reader.read(TableStep.self)
        let c = step.common
        guard
            let (timing, resolution, eased, curves) = c.keyframeProgress(
                reading: &reader, parentTime: parentTime, curves: step.curveCount, distinct: step.distinctCurves)
        else { return }
        let (kind, n, values) = (step.kind, step.count, reader.address)
        let keyTimes = UnsafeBufferPointer(
            start: (values + n * kind.byteCount).assumingMemoryBound(to: Double.self), count: step.mode == .single ? 0 : n)
        let value = { (i: Int) in kind.load(from: values + i * kind.byteCount) }
        KeyframeEvaluator.apply(c.writer, timing: timing, to: &state, resolution: resolution, eased: eased) { p in
            switch step.mode {
            case .single: value(0)
            case .discrete: value(min(KeyframeAnimation.discreteIndex(p, keyTimes: keyTimes), n - 1))
            case .linear: KeyframeAnimation.linearValue(p, keyTimes: keyTimes, value: value, ease: curves.ease)
            }
        }
    }
}
