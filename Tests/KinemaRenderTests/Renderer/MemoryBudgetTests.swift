import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import Testing

@testable import KinemaRender

/// The renderer's surfaces stay within its memory budget: a frame that needs more fails naming
/// the layer, before the memory is taken.
@Suite struct MemoryBudgetTests {
    /// A 600 × 600-point layer with rounded corners and a shadow (so it has a backing store and a
    /// shadow surface).
    static func layer(named name: String, color: Color, cornerRadius: Double, shadowRadius: Double) -> Layer {
        let layer = Layer()
        layer.name = name
        layer.bounds = Rect(x: 0, y: 0, width: 600, height: 600)
        layer.position = Point(x: 300, y: 300)
        layer.backgroundColor = color
        layer.cornerRadius = cornerRadius
        layer.shadowOpacity = 0.5
        layer.shadowRadius = shadowRadius
        return layer
    }

    /// The red layer `big`, as a render tree.
    static func tree() -> RenderNode {
        layer(named: "big", color: Color(red: 1, green: 0, blue: 0, alpha: 1), cornerRadius: 40, shadowRadius: 10).renderTree(at: 0)
    }

    @Test func aFrameOverTheBudgetNamesTheLayer() throws {
        let renderer = Renderer(memoryBudget: 1 << 20)
        #expect(throws: RenderError.self) { try renderer.render(Self.tree(), size: Size(width: 600, height: 600)) }
        do {
            _ = try renderer.render(Self.tree(), size: Size(width: 600, height: 600))
        } catch .overMemoryBudget(let layer, let width, let height, let budget) {
            #expect(layer == "big" && width * height * 4 > budget && budget == 1 << 20)
        } catch {
            Issue.record("expected overMemoryBudget, got \(error)")
        }
        #expect(renderer.pixels.liveBytes == 0, "a refused frame keeps nothing")
    }

    @Test func withinTheBudgetOnlyTheCacheStaysCounted() throws {
        let renderer = Renderer()
        let frame = try renderer.render(Self.tree(), size: Size(width: 600, height: 600))
        #expect(frame.pixel(x: 300, y: 300) == 0xFFFF_0000)
        // The working surfaces are gone; the cached stores are what remains counted.
        #expect(renderer.pixels.liveBytes > 0 && renderer.cache.count > 0)
        let cached = renderer.pixels.liveBytes
        renderer.cache.removeAll()
        #expect(renderer.pixels.liveBytes == 0 && cached <= renderer.memoryBudget / 2)
    }

    @Test func aFullCacheIsEmptiedRatherThanFailingTheFrame() throws {
        // Room for one frame's surfaces but not for two layers' cached stores as well.
        let renderer = Renderer(memoryBudget: 5 << 20)
        let first = try renderer.render(Self.tree(), size: Size(width: 600, height: 600))
        let other = Self.layer(named: "other", color: Color(red: 0, green: 0, blue: 1, alpha: 1), cornerRadius: 30, shadowRadius: 12)
        let second = try renderer.render(other.renderTree(at: 0), size: Size(width: 600, height: 600))
        #expect(first.pixel(x: 300, y: 300) == 0xFFFF_0000 && second.pixel(x: 300, y: 300) == 0xFF00_00FF)
        #expect(renderer.pixels.peakBytes <= renderer.memoryBudget)
    }

    @Test func theMessageNamesTheLayerSurfaceAndBudget() {
        let error = RenderError.overMemoryBudget(layer: "big", width: 16000, height: 16000, budget: 512 << 20)
        #expect(
            error.description
                == "layer 'big' needs a 16000×16000-pixel surface (976.6 MiB), which does not fit in the renderer's memory budget of 512 MiB"
        )
    }
}
