import KinemaScenes

/// libFuzzer's entry point: the bytes as a scene file, decoded and validated; a scene that
/// decodes is built and inspected at three times.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let document = try? SceneDocument.decode(text) else { return 0 }
    let inspector = SceneInspector(document: document)
    for t in [0, 0.5, document.duration] {
        _ = inspector.inspect(at: t)
    }
    return 0
}
