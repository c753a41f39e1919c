import Testing

@testable import KinemaLayers

/// Frames load the start of every layer ahead of reading it (`Layer.prefetchFields()`): the
/// fields a frame reads must lie inside that span, or each layer waits on memory again for the
/// lines left out. Swift lays out a class's stored properties in declaration order, so adding a
/// field before the model moves it.
@Suite struct LayerLayoutTests {
    /// The offset of `field` from the start of `layer`'s object, in bytes.
    static func offset<T>(of field: inout T, in layer: Layer) -> Int {
        let base = Int(bitPattern: Unmanaged.passUnretained(layer).toOpaque())
        return withUnsafeMutablePointer(to: &field) { Int(bitPattern: $0) } - base
    }

    @Test func theModelLiesInsideThePrefetchedSpan() {
        let layer = Layer()
        let model = Self.offset(of: &layer.model, in: layer)
        #expect(model > 0)
        #expect(model + MemoryLayout<LayerState>.size <= Layer.framePrefixBytes)
    }

    /// The link to the next sibling is read on the way to the next layer: it shares the first
    /// line of the object with the header. (The timing properties have observers, so a test
    /// cannot take their addresses.)
    @Test func theSiblingLinkIsOnTheFirstLine() {
        let layer = Layer()
        #expect(Self.offset(of: &layer.nextSiblingReference, in: layer) + 8 <= 64)
    }
}
