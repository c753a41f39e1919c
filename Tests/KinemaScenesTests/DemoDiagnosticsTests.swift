import KinemaLayers
import KinemaScenes
import Testing

/// Every built-in demo animates only what its layers have: playing it through reports no
/// ``LayerDiagnostic`` (an animation of a misspelled or foreign key path would).
@Suite struct DemoDiagnosticsTests {
    @Test(arguments: DemoScenes.names)
    func demoReportsNothing(_ name: String) throws {
        let document = try #require(try DemoScenes.document(named: name))
        let scene = Scene(document: document)
        scene.context.diagnosticHandler = nil
        var t = 0.0
        while t <= 12 {
            scene.advance(to: t)
            t += 1.0 / 30
        }
        #expect(scene.context.diagnostics.map(\.description) == [])
    }
}
