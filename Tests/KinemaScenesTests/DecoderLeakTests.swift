import Testing

@testable import KinemaScenes

/// Found by the scene decoder's fuzz target: every decode leaked its view and dynamics catalogs
/// (and the issues they hold), because each referred to the other.
@Suite struct DecoderLeakTests {
    @Test func theCatalogsOfADecodeAreFreedWithIt() {
        weak var views: ViewCatalog?
        weak var dynamics: DynamicsCatalog?
        do {
            let catalog = ViewCatalog(issues: IssueCollector(), directory: nil)
            let dynamicsCatalog = DynamicsCatalog(views: catalog, specs: [])
            catalog.dynamics = dynamicsCatalog
            views = catalog
            dynamics = dynamicsCatalog
            #expect(catalog.dynamics === dynamicsCatalog)
        }
        #expect(views == nil && dynamics == nil)
    }
}
