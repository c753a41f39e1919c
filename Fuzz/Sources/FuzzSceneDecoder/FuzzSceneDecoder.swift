import KinemaRender
import KinemaScenes

/// libFuzzer's entry point: the bytes as a scene file, decoded and validated; a scene that
/// decodes is inspected at three times (those `kinema` would play), then built and one frame rendered at the middle of its
/// duration, at a quarter of a pixel per point, by a renderer with a 64 MiB memory budget (so
/// that a frame stays cheap; errors are fine, only crashes, hangs and leaks count).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let document = try? SceneDocument.decode(text) else { return 0 }
    // Times the tool would refuse (dynamics played past their limit) are skipped, as `kinema`
    // refuses them up front.
    let times = [0, 0.5, document.duration].filter { (try? document.checkPlayable(to: $0, option: "at")) != nil }
    let inspector = SceneInspector(document: document)
    for t in times {
        _ = inspector.inspect(at: t)
    }
    let middle = document.duration / 2
    guard (try? document.checkPlayable(to: middle, option: "at")) != nil else { return 0 }
    let scene = Scene(document: document)
    scene.advance(to: middle)
    let renderer = Renderer(memoryBudget: 64 << 20)
    _ = try? renderer.render(
        scene.rootLayer.renderTree(at: middle), size: document.size, scale: 0.25, background: document.background)
    return 0
}

/// LeakSanitizer's suppressions: fontconfig (loaded by Pango for the first text measured) keeps
/// its configuration for the life of the process, which LeakSanitizer reports as a leak on that
/// first input and at exit. Kinema's own leaks are still reported.
@_cdecl("__lsan_default_suppressions")
public func leakSuppressions() -> UnsafePointer<CChar> {
    UnsafeRawPointer(("leak:libfontconfig.so\n\0" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
}
