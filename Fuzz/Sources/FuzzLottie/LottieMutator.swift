import Foundation

/// libFuzzer's byte mutator, which a custom mutator falls back on.
@_silgen_name("LLVMFuzzerMutate")
func llvmFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// A structure-aware mutator for Lottie JSON: most byte flips break the JSON, and the costly
/// shapes of a Lottie file (precompositions that fan out, repeaters inside repeaters, chains of
/// track mattes and parents, huge numbers, long texts) are almost never reached by flipping
/// bytes. Half the time, when the input parses as JSON, one of the structural mutations below is
/// applied and the result written back; otherwise libFuzzer's own mutator runs. Deterministic in
/// `seed`, as libFuzzer requires.
///
/// On only when `KINEMA_FUZZ_STRUCTURE=1` (`make fuzz` sets it; `make test`'s short smoke run
/// does not, so that it replays the seeds and flips bytes without hunting for new slow inputs).
@_cdecl("LLVMFuzzerCustomMutator")
public func mutateLottie(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    var random = SplitMix(seed: UInt64(seed))
    guard structureAware, random.below(2) == 0,
        var root = (try? JSONSerialization.jsonObject(with: Data(bytes: data, count: size))) as? [String: Any]
    else {
        return llvmFuzzerMutate(data, size, maxSize)
    }
    LottieMutation.allCases[random.below(LottieMutation.allCases.count)].apply(to: &root, random: &random)
    guard let mutated = try? JSONSerialization.data(withJSONObject: root), mutated.count <= maxSize else {
        return llvmFuzzerMutate(data, size, maxSize)
    }
    mutated.copyBytes(to: data, count: mutated.count)
    return mutated.count
}

/// Whether the structure-aware mutations are on (`KINEMA_FUZZ_STRUCTURE=1`).
let structureAware = ProcessInfo.processInfo.environment["KINEMA_FUZZ_STRUCTURE"] == "1"

/// The structural changes the mutator makes to a Lottie document.
enum LottieMutation: CaseIterable {
    /// An asset gains precomposition layers pointing at an asset (itself included): fan-out and
    /// cycles.
    case precompositionFanOut
    /// A shape layer's shapes are wrapped in groups, each with a repeater of many copies.
    case nestedRepeaters
    /// Layers become track mattes of the layer after them, and precompositions nest as mattes.
    case matteChain
    /// Layers are parented in a long chain (or a cycle).
    case parentChain
    /// Shapes nest in groups many levels deep.
    case deepGroups
    /// A layer gains many masks.
    case manyMasks
    /// A number somewhere becomes huge, tiny or negative.
    case extremeNumber
    /// A text layer's text becomes long, mixing right-to-left text, emoji and stacked accents.
    case longText

    func apply(to root: inout [String: Any], random: inout SplitMix) {
        switch self {
        case .precompositionFanOut: Self.fanOut(&root, random: &random)
        case .nestedRepeaters:
            Self.editLayers(&root, random: &random) { layer, random in
                var shapes = layer["shapes"] as? [Any] ?? []
                for _ in 0..<(1 + random.below(4)) {
                    let copies = [2, 10, 1000, 100_000][random.below(4)]
                    shapes = [["ty": "gr", "it": shapes + [["ty": "rp", "c": ["a": 0, "k": copies], "o": ["a": 0, "k": 0]]]]]
                }
                layer["ty"] = 4
                layer["shapes"] = shapes
            }
        case .matteChain:
            Self.editLayerLists(&root) { layers in
                for i in layers.indices {
                    guard var layer = layers[i] as? [String: Any] else { continue }
                    if i + 1 < layers.count { layer["td"] = 1 }
                    if i > 0 { layer["tt"] = 1 + random.below(4) }
                    layers[i] = layer
                }
            }
        case .parentChain:
            Self.editLayerLists(&root) { layers in
                for i in layers.indices {
                    guard var layer = layers[i] as? [String: Any] else { continue }
                    layer["ind"] = i + 1
                    layer["parent"] = random.below(8) == 0 ? layers.count : i  // a cycle, now and then
                    if i == 0 { layer.removeValue(forKey: "parent") }
                    layer["ddd"] = random.below(2)
                    layers[i] = layer
                }
            }
        case .deepGroups:
            Self.editLayers(&root, random: &random) { layer, random in
                var shapes = layer["shapes"] as? [Any] ?? [["ty": "rc", "s": ["a": 0, "k": [10, 10]], "p": ["a": 0, "k": [0, 0]]]]
                for _ in 0..<(10 + random.below(300)) { shapes = [["ty": "gr", "it": shapes]] }
                layer["shapes"] = shapes
            }
        case .manyMasks:
            Self.editLayers(&root, random: &random) { layer, random in
                let mask: [String: Any] = [
                    "mode": ["a", "s", "i", "f"][random.below(4)], "inv": random.below(2) == 1,
                    "pt": [
                        "a": 0,
                        "k": [
                            "c": true, "v": [[0, 0], [50, 0], [0, 50]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]],
                        ],
                    ],
                    "o": ["a": 0, "k": 100],
                ]
                layer["hasMask"] = true
                layer["masksProperties"] = Array(repeating: mask, count: 1 + random.below(2000))
            }
        case .extremeNumber:
            let values: [Any] = [1e308, -1e308, Double.leastNonzeroMagnitude, 9_007_199_254_740_993, -1, 0, 1e9, 4_294_967_296]
            root = Self.replaceNumber(in: root, value: values[random.below(values.count)], random: &random) as? [String: Any] ?? root
        case .longText:
            Self.editLayers(&root, random: &random) { layer, random in
                let pieces = ["שלום ", "مرحبا ", "👩‍👩‍👧‍👦", "e\u{301}\u{302}\u{303}\u{304}", "abc "]
                let text = (0..<(100 + random.below(50_000))).map { _ in pieces[random.below(pieces.count)] }.joined()
                layer["ty"] = 5
                layer["t"] = ["d": ["k": [["t": 0, "s": ["t": text, "s": 12, "f": "Sans", "fc": [0, 0, 0], "j": random.below(3)]]]]]
            }
        }
    }

    /// Makes an asset with layers refer to assets through new precomposition layers.
    static func fanOut(_ root: inout [String: Any], random: inout SplitMix) {
        var assets = root["assets"] as? [[String: Any]] ?? []
        if assets.isEmpty { assets = [["id": "a0", "layers": root["layers"] ?? []]] }
        let target = random.below(assets.count)
        let ids = assets.compactMap { $0["id"] as? String }
        guard !ids.isEmpty else { return }
        var layers = assets[target]["layers"] as? [Any] ?? []
        for n in 0..<(2 + random.below(6)) {
            layers.append([
                "ty": 0, "refId": ids[random.below(ids.count)], "ind": 900 + n, "ip": 0, "op": 60, "st": 0, "w": 100, "h": 100,
                "ks": [:] as [String: Any],
            ])
        }
        assets[target]["layers"] = layers
        root["assets"] = assets
        var top = root["layers"] as? [Any] ?? []
        top.append(["ty": 0, "refId": ids[target], "ind": 999, "ip": 0, "op": 60, "st": 0, "w": 100, "h": 100, "ks": [:] as [String: Any]])
        root["layers"] = top
    }

    /// Runs `edit` on one layer (of the top level or an asset).
    static func editLayers(_ root: inout [String: Any], random: inout SplitMix, _ edit: (inout [String: Any], inout SplitMix) -> Void) {
        var random2 = random
        editLayerLists(&root) { layers in
            guard !layers.isEmpty else { return }
            let i = random2.below(layers.count)
            guard var layer = layers[i] as? [String: Any] else { return }
            edit(&layer, &random2)
            layers[i] = layer
        }
        random = random2
    }

    /// Runs `edit` on the top-level layer list and each asset's.
    static func editLayerLists(_ root: inout [String: Any], _ edit: (inout [Any]) -> Void) {
        if var layers = root["layers"] as? [Any] {
            edit(&layers)
            root["layers"] = layers
        }
        if var assets = root["assets"] as? [[String: Any]] {
            for i in assets.indices {
                guard var layers = assets[i]["layers"] as? [Any] else { continue }
                edit(&layers)
                assets[i]["layers"] = layers
            }
            root["assets"] = assets
        }
    }

    /// `value` with one number, chosen at random among those in it, replaced.
    static func replaceNumber(in value: Any, value replacement: Any, random: inout SplitMix) -> Any {
        if var object = value as? [String: Any], !object.isEmpty {
            let key = object.keys.sorted()[random.below(object.count)]
            object[key] = replaceNumber(in: object[key]!, value: replacement, random: &random)
            return object
        }
        if var array = value as? [Any], !array.isEmpty {
            let i = random.below(array.count)
            array[i] = replaceNumber(in: array[i], value: replacement, random: &random)
            return array
        }
        return value is NSNumber ? replacement : value
    }
}

/// A small deterministic generator (SplitMix64) seeded by libFuzzer.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` above 0).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
