import KinemaGeometry
import KinemaJSON

/// Collects what decoding finds: errors make the file unplayable, unsupported features are
/// reported and left out of the drawing.
///
/// Unsupported features are listed once each (a precomposition shown many times reports its
/// layers' features once), and at most ``LottieLimits/maximumReportedFeatures`` of them.
final class LottieLog {
    let errors = JSONProblemCollector()
    let unsupported = JSONProblemCollector()
    /// The unsupported features reported, to list each once.
    private var reported: Set<JSONProblem> = []
    /// How many different unsupported features were left off the list past its limit.
    private(set) var omittedUnsupported = 0
    /// Shape items read so far (every list, nested groups' and glyphs' too), against
    /// ``LottieLimits/maximumShapeItems``: a file with more is refused before they are decoded.
    var shapeItemsRead = 0

    func error(_ path: JSONPath, _ message: String) { errors.add(path, message) }

    func unsupported(_ path: JSONPath, _ message: String) {
        let problem = JSONProblem(path: path.description, message: message)
        guard reported.insert(problem).inserted else { return }
        if unsupported.problems.count < LottieLimits.maximumReportedFeatures {
            unsupported.add(path, message)
        } else {
            omittedUnsupported += 1
        }
    }

    /// The unsupported features as listed: those kept, then one at `$` counting the rest.
    var unsupportedFeatures: [LottieProblem] {
        guard omittedUnsupported > 0 else { return unsupported.problems }
        let more = "and \(omittedUnsupported) more feature\(omittedUnsupported == 1 ? "" : "s") not drawn, not listed"
        return unsupported.problems + [LottieProblem(path: "$", message: more)]
    }
}

/// A JSON value with its path, and typed reads that report what they expected.
struct LottieNode {
    let value: JSONValue
    let path: JSONPath
    let log: LottieLog

    subscript(key: String) -> LottieNode? {
        guard case .object = value, let v = value[key], v != .null else { return nil }
        return LottieNode(value: v, path: path.key(key), log: log)
    }

    var elements: [LottieNode]? {
        guard case .array(let items) = value else { return nil }
        return items.enumerated().map { LottieNode(value: $1, path: path.index($0), log: log) }
    }

    var isObject: Bool { if case .object = value { true } else { false } }

    /// The value as a finite number, or `nil` with an error.
    func number(_ what: String = "a number") -> Double? {
        if case .number(let n) = value, n.isFinite { return n }
        if case .bool(let b) = value { return b ? 1 : 0 }
        log.error(path, "expected \(what), got \(Self.describe(value))")
        return nil
    }

    /// A finite number under `key`: `nil` with an error naming `key` when it is missing.
    func required(_ key: String, _ what: String = "a number") -> Double? {
        guard let node = self[key] else {
            log.error(path.key(key), "missing; expected \(what)")
            return nil
        }
        return node.number(what)
    }

    func optionalNumber(_ key: String) -> Double? { self[key]?.number() }

    /// A number under `key` as an integer (truncated toward zero), or `nil`: when it is
    /// missing, and with an error naming `key` when it is not a number or too large for one.
    func optionalInteger(_ key: String, _ what: String = "an integer") -> Int? {
        guard let n = optionalNumber(key) else { return nil }
        guard let i = n.truncatedInteger else {
            log.error(path.key(key), "expected \(what), got \(JSONWriter.number(n))")
            return nil
        }
        return i
    }

    func string(_ key: String) -> String? {
        guard let node = self[key] else { return nil }
        if case .string(let s) = node.value { return s }
        node.log.error(node.path, "expected a string, got \(Self.describe(node.value))")
        return nil
    }

    /// A list of numbers (a scalar counts as one).
    func numbers() -> [Double]? {
        switch value {
        case .number(let n) where n.isFinite: return [n]
        case .array(let items):
            var result: [Double] = []
            for (i, item) in items.enumerated() {
                guard case .number(let n) = item, n.isFinite else {
                    log.error(path.index(i), "expected a number, got \(Self.describe(item))")
                    return nil
                }
                result.append(n)
            }
            return result
        default:
            log.error(path, "expected a number or a list of numbers, got \(Self.describe(value))")
            return nil
        }
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let n): n.isFinite ? "\(n)" : "a number out of range"
        case .string(let s): "\"\(s.prefix(40))\""
        case .array: "a list"
        case .object: "an object"
        }
    }
}

extension Double {
    /// The number truncated toward zero, or `nil` when that is not an `Int` (not finite, or
    /// beyond ±2⁶³): a file's numbers converted this way never stop the process.
    var truncatedInteger: Int? { Int(exactly: rounded(.towardZero)) }
}
