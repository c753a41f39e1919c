import Foundation
import KinemaLottie
import KinemaRender

/// libFuzzer's entry point: the bytes as a Lottie file (JSON, a `.lottie` ZIP or a `.tgs` gzip,
/// told apart by their first bytes), decoded; an animation that decodes is built, and its first,
/// middle and last frames rendered at a quarter of a pixel per composition pixel by a renderer
/// with a 64 MiB memory budget (errors are fine, only crashes, hangs and leaks count).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLottie(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let animation = try? LottieAnimation(data: Data(bytes: data, count: size)) else { return 0 }
    let layer = animation.makeLayer()
    let renderer = Renderer(memoryBudget: 64 << 20)
    for t in [0, animation.duration / 2, animation.duration] where t.isFinite {
        _ = try? renderer.render(layer.renderTree(at: t), size: animation.size, scale: 0.25)
    }
    return 0
}

/// LeakSanitizer's suppressions: fontconfig (loaded by Pango for the first text measured) keeps
/// its configuration for the life of the process, which LeakSanitizer reports as a leak on that
/// first input and at exit. Kinema's own leaks are still reported.
@_cdecl("__lsan_default_suppressions")
public func leakSuppressions() -> UnsafePointer<CChar> {
    UnsafeRawPointer(("leak:libfontconfig.so\n\0" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
}
