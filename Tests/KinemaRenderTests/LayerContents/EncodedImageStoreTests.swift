import Foundation
import KinemaGeometry
import KinemaGraphics
import KinemaLayers
import Testing

@testable import KinemaRender

/// Contents holding image bytes in memory (``EncodedImage``): decoded once per instance, however
/// many contents name it, and never compared or hashed by their bytes.
@Suite struct EncodedImageStoreTests {
    static func png(red: Double) throws -> [UInt8] {
        let bitmap = try Bitmap(width: 3, height: 2)
        for y in 0..<2 { for x in 0..<3 { bitmap.row(y)[x] = 0xFF00_0000 | UInt32(red * 255) << 16 } }
        return try bitmap.pngData()
    }

    @Test func contentsSharingOneEncodedImageShareOneBitmap() throws {
        let bytes = try Self.png(red: 1)
        let shared = EncodedImage(bytes: bytes)
        let store = ImageStore()
        let a = try store.image(of: LayerContents(source: "first asset", encoded: shared))
        let b = try store.image(of: LayerContents(source: "second asset", encoded: shared))
        #expect(a === b, "one decode, one bitmap")
        #expect(a.width == 3 && a.height == 2)
        // Equal bytes in another instance are another image: the store never hashes the bytes.
        let c = try store.image(of: LayerContents(source: "first asset", encoded: EncodedImage(bytes: bytes)))
        #expect(c !== a)
        #expect(c.hasSamePixels(as: a))
    }

    @Test func bytesInMemoryAreNotTakenForAFileOfTheSameName() throws {
        let store = ImageStore()
        let name = FileManager.default.temporaryDirectory.appendingPathComponent("kinema-missing-\(UUID().uuidString).png").path
        let inMemory = try store.image(of: LayerContents(source: name, encoded: EncodedImage(bytes: try Self.png(red: 1))))
        #expect(inMemory.width == 3)
        #expect(throws: RenderError.self) { try store.image(at: name) }
    }

    @Test func anUnreadableImageInMemoryIsNamedByItsSource() throws {
        let store = ImageStore()
        let contents = LayerContents(
            source: "img_0.png in the .lottie archive", encoded: EncodedImage(bytes: [0x89, 0x50, 0x4E, 0x47, 1, 2]))
        do {
            _ = try store.image(of: contents)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("image 'img_0.png in the .lottie archive'"), "\(error)")
        }
    }

    @Test func equalContentsAreTheSameInstanceNotTheSameBytes() throws {
        let bytes = try Self.png(red: 1)
        let one = EncodedImage(bytes: bytes)
        #expect(LayerContents(source: "a", encoded: one) == LayerContents(source: "a", encoded: one))
        #expect(LayerContents(source: "a", encoded: one) != LayerContents(source: "a", encoded: EncodedImage(bytes: bytes)))
    }
}
