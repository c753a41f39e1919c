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
}

/// What every inline step keeps of its animation: timing and how the value is written.
struct StepTiming {
    let timing: MediaTimingParameters
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
        timing = evaluator.timing
        isRemovedOnCompletion = evaluator.isRemovedOnCompletion
        hasCurve = evaluator.curve != nil
        property = writer.keyPath.property
        component = writer.keyPath.component
        isAdditive = writer.isAdditive
        isCumulative = writer.isCumulative
        valueFunction = writer.valueFunction
    }

    /// Reads the step's curve (the part after its header, when it has one) and returns it with
    /// where the animation is at `parentTime`, or `nil` when it contributes nothing then.
    @inline(__always)
    func progress(reading reader: inout StepReader, parentTime: Double) -> (TimingFunction?, TimingResolution, Double)? {
        let curve = hasCurve ? reader.read(TimingFunction.self) : nil
        guard let (resolution, eased) = AnimationEvaluator.progress(timing, curve, isRemovedOnCompletion, parentTime: parentTime)
        else { return nil }
        return (curve, resolution, eased)
    }

    var writer: PropertyWriter {
        PropertyWriter(
            keyPath: LayerKeyPath(property, component), isAdditive: isAdditive, isCumulative: isCumulative,
            valueFunction: valueFunction)
    }
}

/// A basic or spring animation of plain values, inline (``BasicEvaluator``'s data by value).
/// Its parts: this header; the curve, when there is one; the spring, for a spring animation;
/// then `fromValue`, `toValue` and `byValue`, each only when given, as plain values of `kind`.
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
        guard let (curve, resolution, eased) = c.progress(reading: &reader, parentTime: parentTime) else { return }
        let spring = step.hasSpring ? reader.read(Spring.self) : nil
        let from = step.hasFrom ? reader.read(step.kind) : nil
        let to = step.hasTo ? reader.read(step.kind) : nil
        let by = step.hasBy ? reader.read(step.kind) : nil
        BasicEvaluator.apply(
            c.writer, from, to, by, spring: spring, endProgress: step.endProgress, timing: c.timing, curve: curve,
            to: &state, resolution: resolution, eased: eased)
    }
}

/// Cubic keyframes (calculation mode `cubic`, no path, no per-segment curves) of plain values,
/// inline. Its parts: this header; the curve, when there is one; then the spline's numbers (keys,
/// key times, outgoing and incoming tangents, as ``SplineView`` reads them).
struct SplineStep {
    let common: StepTiming
    let kind: PlainKind
    let count: Int

    /// Writes `evaluator` as a spline step and returns `true`, or returns `false` (writing
    /// nothing) when it is not cubic keyframes of plain values without a path or segment curves.
    static func write(_ evaluator: AnimationEvaluator, to block: inout StepWriter) -> Bool {
        guard let keyframes = evaluator as? KeyframeEvaluator, keyframes.path == nil, keyframes.curves == nil,
            case .spline(let spline, paced: false) = keyframes.table.mode, let kind = PlainKind(spline.template),
            kind.dimension == spline.dimension, let common = StepTiming(keyframes, keyframes.writer)
        else { return false }
        block.begin(.spline)
        block.append(SplineStep(common: common, kind: kind, count: spline.count))
        if let curve = keyframes.curve { block.append(curve) }
        block.append(numbers: spline.keys + spline.keyTimes + spline.outgoing + spline.incoming)
        block.end()
        return true
    }

    @inline(__always)
    static func apply(_ payload: UnsafeRawPointer, to state: inout LayerState, parentTime: Double) {
        var reader = StepReader(payload)
        let step = reader.read(SplineStep.self)
        let c = step.common
        guard let (_, resolution, eased) = c.progress(reading: &reader, parentTime: parentTime) else { return }
        let numbers = reader.address.assumingMemoryBound(to: Double.self)
        let (n, d) = (step.count, step.kind.dimension)
        let view = SplineView(
            kind: step.kind, count: n, keys: numbers, keyTimes: numbers + n * d, outgoing: numbers + n * (d + 1),
            incoming: numbers + n * (2 * d + 1))
        KeyframeEvaluator.apply(c.writer, timing: c.timing, to: &state, resolution: resolution, eased: eased) {
            view.value(atProgress: $0, curves: nil)
        }
    }
}
