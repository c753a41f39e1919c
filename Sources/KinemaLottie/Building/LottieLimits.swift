import KinemaJSON
import KinemaLayers

/// How much a Lottie file may ask to be built: limits on what it costs once precompositions,
/// parents and repeaters are expanded, not on how many bytes it is written in. A small file can
/// describe an enormous drawing (four precomposition layers each showing the asset that holds
/// them, nested 16 deep, are 4¹⁶ layers; three nested repeaters of 1,000 copies are 10⁹ shapes),
/// so each limit is counted while the layer tree is built and building stops at the first one
/// exceeded: ``LottieAnimation/init(data:)`` throws a ``LottieError`` naming the JSON path where
/// the limit was passed and the limit. Each limit leaves room for ordinary animations many times
/// over (the largest in lottie-ios's and lottie-web's sample files draw a few hundred layers and
/// a few thousand shapes) and keeps building, validating and drawing a frame of the largest file
/// allowed within about a second and a few hundred megabytes in a release build.
public enum LottieLimits {
    /// The most layers an animation draws once every precomposition layer is expanded into its
    /// asset's layers: 5,000. A layer counts once for itself and once more for each of its
    /// parents (a parent is drawn as a transform-only copy around each of its children), and a
    /// matte counts as a layer. Each counted layer becomes two to five layers of Kinema's tree
    /// (more with masks and mattes), so the largest animation allowed is some 10,000 to 25,000
    /// layers. In a release build 10,000 solids validated in 0.16 s and drew a frame in 0.5 s,
    /// but `kinema inspect`, which describes every layer of the tree, took 1.4 s and 345 MB for
    /// them; half as many keeps every command within about a second and 300 MB (100,000 solids
    /// took 3.9 s and 580 MB to draw). A file that holds more layers than this (its root's and
    /// every asset's together) is refused before it is decoded.
    public static let maximumLayers = 5_000

    /// The most shapes an animation draws once repeaters are expanded: 10,000. Each shape layer
    /// drawn (one per outline and fill or stroke), each repeater copy and each shape group counts
    /// one; copies multiply across nested repeaters, and the shapes of a precomposition count
    /// again each time it is shown. A shape costs far more to draw than a solid layer: 20,000
    /// stroked, trimmed circles from three nested repeaters (2 × 10 × 1,000) took 4.6 s to draw
    /// one frame in a debug build, and 23 s and 1 GB for three frames in the fuzzing build
    /// (release with AddressSanitizer), where the fuzzer found them; 10,000 is still a few times
    /// the shapes of the largest sample animations.
    public static let maximumShapes = 10_000

    /// The most shape items a file may hold, in every layer's, group's and glyph's lists
    /// together, before anything is built: 100,000. A file with more is refused before the items
    /// are decoded, naming the list where the count passes the limit. Items are cheaper than
    /// drawn shapes (a transform or a fill is an item, not a shape), so this bounds decoding, and
    /// ``maximumShapes`` what is drawn.
    public static let maximumShapeItems = 100_000

    /// The most characters of text an animation lays out, counted in Unicode scalars (so a letter
    /// with stacked accents counts each accent), over all its text layers and every time a
    /// precomposition shows them: 20,000. One text document longer than that is refused where it
    /// is written (`layers[i].t.d.k[0].s.t`).
    public static let maximumTextCharacters = 20_000

    /// How deep precompositions nest: 16. A precomposition layer deeper than that (or one that
    /// shows the asset it is in) is not drawn, and is reported in
    /// ``LottieAnimation/unsupportedFeatures``.
    public static let maximumPrecompositionDepth = 16

    /// How many features that are not drawn ``LottieAnimation/unsupportedFeatures`` lists: 100.
    /// Past that, one last entry at `$` says how many more there were.
    public static let maximumReportedFeatures = 100

    /// How deep a layer of the built tree may sit: Kinema's ``Layer/maximumDepth`` (256 levels),
    /// counting the levels that parents, precompositions, mattes and masks add. A layer that would
    /// sit deeper is an error naming it.
    public static var maximumTreeDepth: Int { Layer.maximumDepth }
}

/// What building a Lottie file has spent of ``LottieLimits``. Shared by every builder of one
/// build; once a limit is passed it reports that one error and ``isExhausted`` stops the build.
final class LottieBudget {
    let log: LottieLog
    private(set) var layers = 0
    private(set) var shapes = 0
    private(set) var textCharacters = 0
    /// Whether a limit was passed: nothing more is built.
    private(set) var isExhausted = false

    init(log: LottieLog) {
        self.log = log
    }

    /// Spends `count` layers for the layer at `path`; `false` (with the error) past the limit.
    func spendLayers(_ count: Int, at path: JSONPath) -> Bool {
        spend(&layers, count, limit: LottieLimits.maximumLayers, at: path) {
            "the animation would draw more than \($0) layers once precompositions are expanded (each layer counts once more per parent, and each precomposition layer draws its asset's layers again); the limit is LottieLimits.maximumLayers"
        }
    }

    /// Spends `count` shapes for the shape item (or layer) at `path`; `false` past the limit.
    func spendShapes(_ count: Int, at path: JSONPath) -> Bool {
        spend(&shapes, count, limit: LottieLimits.maximumShapes, at: path) {
            "the animation would draw more than \($0) shapes once repeaters are expanded (copies multiply across nested repeaters and precompositions); the limit is LottieLimits.maximumShapes"
        }
    }

    /// Spends `count` characters (Unicode scalars) of text at `path`; `false` past the limit.
    func spendText(_ count: Int, at path: JSONPath) -> Bool {
        spend(&textCharacters, count, limit: LottieLimits.maximumTextCharacters, at: path) {
            "the animation would lay out more than \($0) characters of text (Unicode scalars, over every text layer each time it is shown); the limit is LottieLimits.maximumTextCharacters"
        }
    }

    /// Whether `count` more shapes fit; `false` (with the error naming `path`) when they would
    /// pass the limit. Spends nothing: the shapes are spent as they are made.
    func affordsShapes(_ count: Int, at path: JSONPath) -> Bool {
        var would = shapes
        return spend(&would, count, limit: LottieLimits.maximumShapes, at: path) {
            "the repeater would draw more than \($0) shapes (\(count) copies and groups, copies multiplying across nested repeaters, on top of \(shapes) already drawn); the limit is LottieLimits.maximumShapes"
        }
    }

    /// Reports that the layer at `path` would sit deeper than the tree allows; stops the build.
    func tooDeep(at path: JSONPath) {
        guard !isExhausted else { return }
        isExhausted = true
        log.error(
            path,
            "the layer would sit more than \(LottieLimits.maximumTreeDepth) levels deep in the layer tree (each parent adds two to five levels, and precompositions, mattes and masks add more); the limit is LottieLimits.maximumTreeDepth"
        )
    }

    private func spend(_ counter: inout Int, _ count: Int, limit: Int, at path: JSONPath, message: (Int) -> String) -> Bool {
        guard !isExhausted else { return false }
        let (sum, overflow) = counter.addingReportingOverflow(max(count, 0))
        counter = overflow ? .max : sum
        guard counter > limit else { return true }
        isExhausted = true
        log.error(path, message(limit))
        return false
    }
}

extension Int {
    /// The sum, or `Int.max` when it would overflow (both non-negative).
    func saturatingAdd(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }

    /// The product, or `Int.max` when it would overflow (both non-negative).
    func saturatingMultiply(_ other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }
}
