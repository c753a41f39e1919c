/// Writes JSON deterministically: object keys in the order given, numbers in Swift's shortest
/// round-tripping form, non-finite numbers as `null`.
public enum JSONWriter {
    /// One line of compact JSON.
    public static func compact(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, indent: nil, level: 0)
        return out
    }

    /// Indented JSON, two spaces per level.
    public static func pretty(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out, indent: "  ", level: 0)
        return out
    }

    /// A number as JSON.
    public static func number(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 1e15 { return n == 0 ? "0.0" : String(n) }
        return String(n)
    }

    private static func write(_ value: JSONValue, into out: inout String, indent: String?, level: Int) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += number(n)
        case .string(let s): out += quoted(s)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            let scalarOnly = items.allSatisfy { if case .array = $0 { false } else if case .object = $0 { false } else { true } }
            if indent == nil || scalarOnly {
                out += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { out += indent == nil ? "," : ", " }
                    write(item, into: &out, indent: indent, level: level + 1)
                }
                out += "]"
            } else {
                out += "[\n"
                for (i, item) in items.enumerated() {
                    out += String(repeating: indent!, count: level + 1)
                    write(item, into: &out, indent: indent, level: level + 1)
                    out += i < items.count - 1 ? ",\n" : "\n"
                }
                out += String(repeating: indent!, count: level) + "]"
            }
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            guard let indent else {
                out += "{"
                for (i, m) in members.enumerated() {
                    if i > 0 { out += "," }
                    out += quoted(m.key) + ":"
                    write(m.value, into: &out, indent: nil, level: level + 1)
                }
                out += "}"
                return
            }
            out += "{\n"
            for (i, m) in members.enumerated() {
                out += String(repeating: indent, count: level + 1) + quoted(m.key) + ": "
                write(m.value, into: &out, indent: indent, level: level + 1)
                out += i < members.count - 1 ? ",\n" : "\n"
            }
            out += String(repeating: indent, count: level) + "}"
        }
    }

    package static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
