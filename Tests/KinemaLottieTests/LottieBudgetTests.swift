import Foundation
import KinemaGeometry
import KinemaLayers
import KinemaLottie
import Testing

/// `LottieLimits`: a file is bounded by what it costs once precompositions, parents and
/// repeaters are expanded, not by its size in bytes. Each hostile file here is a few kilobytes
/// that once asked for billions of layers, shapes or characters, or a layer tree deep enough to
/// overflow the stack; each must now end with an error naming the JSON path and the limit.
@Suite struct LottieBudgetTests {
    typealias J = LottieJSON

    /// The problems of the file, or a failed expectation when it decodes.
    private func problems(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> [LottieProblem] {
        do {
            _ = try LottieAnimation(data: Data(json.utf8))
            Issue.record("the file decoded", sourceLocation: sourceLocation)
            return []
        } catch {
            return error.problems
        }
    }

    private func square(ind: Int = 1, parent: Int? = nil) -> String {
        J.shapes([J.group([J.rect(p: [50, 50], s: [20, 20]), J.fill([1, 0, 0])])], ind: ind, parent: parent)
    }

    /// How many layers of the tree are shape layers.
    private func shapeLayerCount(_ layer: Layer) -> Int { layer.subtree.filter { $0 is ShapeLayer }.count }

    // MARK: Precomposition fan-out

    /// An asset whose layers are `references` precomposition layers showing the asset itself:
    /// nested to the precomposition depth limit, references¹⁶ layers.
    private func selfReferencing(_ references: Int) -> String {
        let inner = (1...references).map { J.precomp("loop", ind: $0) }
        return J.animation([J.precomp("loop")], assets: [J.asset("loop", inner + [square(ind: references + 1)])])
    }

    @Test func fourSelfReferencesStopAtTheLayerLimitNamingTheLayer() throws {
        let found = problems(selfReferencing(4))
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect(problem.path.hasPrefix("assets[0].layers["), "\(problem)")
        #expect(problem.message.contains("more than \(LottieLimits.maximumLayers) layers"), "\(problem)")
        #expect(problem.message.contains("LottieLimits.maximumLayers"))
    }

    @Test func twoSelfReferencesStopAtTheLayerLimitToo() throws {
        // 2 + 4 + … + 2¹⁶ precomposition layers, about 131,000.
        let found = problems(selfReferencing(2))
        #expect(found.count == 1)
        #expect(found.first?.message.contains("more than \(LottieLimits.maximumLayers) layers") == true)
    }

    /// One precomposition layer showing an asset of 100 precomposition layers, each showing an
    /// asset of `solids` solids: 1 + 50 + 50 × `solids` layers.
    private func fanOut(solids: Int) -> String {
        let leaves = (1...solids).map { J.layer(ty: 1, ind: $0, extra: ##""sc": "#ff0000", "sw": 10, "sh": 10"##) }
        let middle = (1...50).map { J.precomp("leaves", ind: $0) }
        return J.animation([J.precomp("middle")], assets: [J.asset("middle", middle), J.asset("leaves", leaves)])
    }

    @Test func aFanOutJustUnderTheLimitBuildsAndOneLayerMoreIsRefused() throws {
        #expect(LottieLimits.maximumLayers == 5_000)
        // 1 + 50 + 4,900 = 4,951 layers.
        let fits = try LottieAnimation(data: Data(fanOut(solids: 98).utf8))
        let solids = fits.makeLayer().subtree.filter { $0.backgroundColor == .red }
        #expect(solids.count == 4_900)
        // 1 + 50 + 4,950 = 5,001 layers.
        let found = problems(fanOut(solids: 99))
        #expect(found.count == 1)
        #expect(found.first?.path.hasPrefix("assets[1].layers[") == true, "\(found)")
    }

    @Test func eachParentCountsAsALayer() throws {
        // 2,501 layers under one parent are 5,002 layers with their parent copies.
        let children = (2...2_502).map { J.layer(ty: 1, ind: $0, extra: #""parent": 1, "sw": 1, "sh": 1"#) }
        let json = J.animation([J.null(ind: 1, ks: "{}")] + children)
        let found = problems(json)
        #expect(found.count == 1)
        #expect(found.first?.path.hasPrefix("layers[") == true)
        #expect(found.first?.message.contains("once more per parent") == true)
    }

    /// More layers than can be drawn are refused before any is decoded, null layers (which
    /// draw nothing) too: a million of them took a minute and 1.8 GB to say "ok".
    @Test func moreLayersInTheFileThanTheLimitAreRefusedBeforeDecoding() throws {
        let nulls = (1...LottieLimits.maximumLayers + 1).map { _ in #"{"ty": 3, "ip": 0, "op": 1, "ks": {}}"# }
        let found = problems(J.animation(nulls))
        #expect(found.count == 1)
        #expect(found.first?.path == "layers", "\(found)")
        #expect(found.first?.message.contains("more than \(LottieLimits.maximumLayers) layers") == true)
        // Counted over the assets too: the list where the count passes the limit is named.
        let half = Array(nulls.prefix(LottieLimits.maximumLayers / 2 + 1))
        let split = problems(J.animation([], assets: [J.asset("a", half), J.asset("b", half)]))
        #expect(split.map(\.path) == ["assets[1].layers"])
    }

    /// The count reads the JSON without parsing it: brackets, commas and quotes inside strings
    /// are not structure, and only the root's and the assets' layer lists count.
    @Test func theLayerCountIsNotFooledByStringsOrOtherLists() throws {
        let tricky = #"{"ty": 3, "nm": "a \"quoted\" ], [ {name}, ", "ip": 0, "op": 1, "ks": {}}"#
        let limit = LottieLimits.maximumLayers
        let fits = J.animation(Array(repeating: tricky, count: limit))
        #expect(throws: Never.self) { try LottieAnimation(data: Data(fits.utf8)) }
        #expect(problems(J.animation(Array(repeating: tricky, count: limit + 1))).map(\.path) == ["layers"])
        // A list called `layers` elsewhere (here in a marker) is not a list of layers.
        let markers = #", "markers": [{"cm": "m", "tm": 0, "layers": [\#(Array(repeating: "1", count: limit).joined(separator: ","))]}]"#
        var marked = J.animation(Array(repeating: tricky, count: 10))
        marked.insert(contentsOf: markers, at: marked.index(before: marked.endIndex))
        #expect(throws: Never.self) { try LottieAnimation(data: Data(marked.utf8)) }
    }

    @Test func aLottieFileIsToldFromASceneByItsTopLevelKeysAlone() {
        func isLottie(_ json: String) -> Bool { LottieAnimation.isLottie(Data(json.utf8)) }
        #expect(isLottie(J.animation([])))
        #expect(isLottie(#"{"x": "\"}{", "fr": 30, "op": 1, "layers": [], "#))  // the keys, even unfinished
        #expect(!isLottie(#"{"kinema": 1, "fr": 30, "op": 1, "layers": []}"#))
        #expect(!isLottie(#"{"kinema": 1, "views": [{"fr": 30, "op": 1, "layers": []}]}"#))
        #expect(!isLottie(#"[{"fr": 30, "op": 1, "layers": []}]"#))
        #expect(!isLottie(#"{"fr": 30, "layers": []}"#))
        #expect(!isLottie("   "))
    }

    @Test func moreShapeItemsInTheFileThanTheLimitAreRefusedBeforeDecoding() throws {
        let items = Array(repeating: #"{"ty": "xx"}"#, count: LottieLimits.maximumShapeItems + 1)
        let found = problems(J.animation([J.shapeLayer(items)]))
        #expect(found.count == 1)
        #expect(found.first?.path == "layers[0].shapes", "\(found)")
        #expect(found.first?.message.contains("more than \(LottieLimits.maximumShapeItems) shape items") == true)
    }

    // MARK: Reports

    @Test func aFeatureInAPrecompositionShownManyTimesIsReportedOnce() throws {
        let orphan = J.layer(ty: 1, ind: 1, extra: #""parent": 99, "sw": 1, "sh": 1"#)
        let shown = (1...50).map { J.precomp("inner", ind: $0) }
        let animation = try LottieAnimation(data: Data(J.animation(shown, assets: [J.asset("inner", [orphan])]).utf8))
        #expect(animation.unsupportedFeatures.map(\.path) == ["assets[0].layers[0].parent"])
    }

    @Test func reportsPastTheLimitAreCountedInOneLastLine() throws {
        let orphans = (1...250).map { J.layer(ty: 1, ind: $0, extra: #""parent": 9999, "sw": 1, "sh": 1"#) }
        let animation = try LottieAnimation(data: Data(J.animation(orphans).utf8))
        let features = animation.unsupportedFeatures
        #expect(features.count == LottieLimits.maximumReportedFeatures + 1)
        #expect(features.last?.path == "$")
        #expect(features.last?.message == "and \(250 - LottieLimits.maximumReportedFeatures) more features not drawn, not listed")
    }

    // MARK: Repeaters

    private func repeater(_ copies: Int) -> String {
        #"{"ty": "rp", "c": {"a": 0, "k": \#(copies)}, "o": {"a": 0, "k": 0}, "m": 1, "tr": {"ty": "tr", "p": {"a": 0, "k": [1, 0]}}}"#
    }

    /// Three groups, each repeating the one inside it `copies` times, around a filled square.
    private func nestedRepeaters(_ copies: Int) -> String {
        let innermost = J.group([J.rect(p: [10, 10], s: [2, 2]), J.fill([1, 0, 0]), repeater(copies)])
        let middle = J.group([innermost, repeater(copies)])
        let outer = J.group([middle, repeater(copies)])
        return J.animation([J.shapeLayer([outer])])
    }

    @Test func threeNestedRepeatersOfAThousandAreRefusedAtTheOutermost() throws {
        let found = problems(nestedRepeaters(1_000))
        #expect(found.count == 1)
        // The outer group's items: the middle group, its repeater, its transform.
        #expect(found.first?.path == "layers[0].shapes[0].it[1]", "\(found)")
        #expect(found.first?.message.contains("more than \(LottieLimits.maximumShapes) shapes") == true)
    }

    /// What the structure-aware fuzzer found: 20,000 stroked circles took 23 s for three frames
    /// under AddressSanitizer; 22³ copies are past the 10,000 shapes now allowed.
    @Test func tenThousandShapesFromModestRepeatersAreRefused() throws {
        let found = problems(nestedRepeaters(22))
        #expect(found.count == 1)
        #expect(found.first?.message.contains("more than \(LottieLimits.maximumShapes) shapes") == true, "\(found)")
    }

    @Test func nestedRepeatersWithinTheLimitMultiply() throws {
        let animation = try LottieAnimation(data: Data(nestedRepeaters(3).utf8))
        #expect(shapeLayerCount(animation.makeLayer()) == 27)
    }

    @Test func repeatedShapesCountAgainEachTimeAPrecompositionShowsThem() throws {
        let repeated = J.shapeLayer([J.rect(p: [10, 10], s: [2, 2]), J.fill([1, 0, 0]), repeater(1_000)])
        let shown = (1...150).map { J.precomp("inner", ind: $0) }
        let found = problems(J.animation(shown, assets: [J.asset("inner", [repeated])]))
        #expect(found.count == 1)
        #expect(found.first?.path == "assets[0].layers[0].shapes[2]", "\(found)")
    }

    // MARK: Depth

    /// `levels` assets, each holding a precomposition layer showing the next as the track
    /// matte of a square, the matte under a chain of `parents` 3D null layers.
    private func nestedMattes(levels: Int, parents: Int) -> String {
        var assets: [String] = []
        for level in 0..<levels {
            let nulls = (1...max(parents, 1)).map { i in
                J.null(ind: i, parent: i > 1 ? i - 1 : nil, ks: #"{"rx": {"a": 0, "k": 1}, "ry": {"a": 0, "k": 1}}"#)
            }
            var matte = level + 1 < levels ? J.precomp("m\(level + 1)", ind: 100) : square(ind: 100)
            matte.removeLast()
            matte += #", "td": 1, "parent": \#(max(parents, 1))}"#
            var matted = square(ind: 101)
            matted.removeLast()
            matted += #", "tt": 1}"#
            assets.append(J.asset("m\(level)", (parents > 0 ? nulls : []) + [matte, matted]))
        }
        return J.animation([J.precomp("m0")], assets: assets)
    }

    @Test func mattesNestedPastTheTreeDepthAreRefusedNamingTheLayer() throws {
        let found = problems(nestedMattes(levels: 16, parents: 60))
        #expect(found.count == 1)
        #expect(found.first?.path.hasPrefix("assets[") == true, "\(found)")
        #expect(found.first?.message.contains("more than \(Layer.maximumDepth) levels deep") == true)
    }

    @Test func shallowNestedMattesStillDraw() throws {
        let json = nestedMattes(levels: 3, parents: 1)
        let animation = try LottieAnimation(data: Data(json.utf8))
        let frame = try renderLottie(json, frame: 0)
        #expect(frame.probe(50, 50).red > 0.99)
        #expect(animation.makeLayer().subtree.contains { $0.mask != nil })
    }

    // MARK: Text

    private func text(_ characters: String, layers: Int = 1) -> String {
        let document = #"{"t": "\#(characters)", "f": "Sans", "s": 10, "j": 0, "fc": [1, 0, 0]}"#
        let layer = J.layer(ty: 5, extra: #""t": {"d": {"k": [{"t": 0, "s": \#(document)}]}, "a": []}"#)
        guard layers > 1 else { return J.animation([layer]) }
        let shown = (1...layers).map { J.precomp("text", ind: $0) }
        return J.animation(shown, assets: [J.asset("text", [layer])])
    }

    @Test func aMillionCharactersOfMixedScriptAreRefusedWhereTheTextIs() throws {
        // Right-to-left letters, an emoji with a skin tone, and a letter with stacked accents.
        let piece = "\u{5D0}\u{5D1}\u{644}\u{1F44D}\u{1F3FD}a\u{301}\u{302}\u{303}\u{304}"
        let found = problems(text(String(repeating: piece, count: 100_000)))
        #expect(found.count == 1)
        #expect(found.first?.path == "layers[0].t.d.k[0].s.t", "\(found)")
        #expect(found.first?.message.contains("got 1000000") == true)
    }

    @Test func stackedAccentsCountEachScalar() throws {
        // One character of 20,001 scalars.
        let found = problems(text("a" + String(repeating: "\u{301}", count: LottieLimits.maximumTextCharacters)))
        #expect(found.first?.path == "layers[0].t.d.k[0].s.t")
    }

    @Test func textShownByManyPrecompositionLayersCountsEachTime() throws {
        let found = problems(text(String(repeating: "ab", count: 2_000), layers: 6))
        #expect(found.count == 1)
        #expect(found.first?.path == "assets[0].layers[0].t", "\(found)")
        #expect(found.first?.message.contains("more than \(LottieLimits.maximumTextCharacters) characters") == true)
    }
}
