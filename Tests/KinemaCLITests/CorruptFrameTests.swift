import Foundation
import Testing

/// A PNG frame that libpng rejects is reported as corrupt, naming the file and what is wrong:
/// cairo reports every libpng error as "out of memory", which `kinema join` used to print.
@Suite struct CorruptFrameTests {
    /// A 4 × 4 RGB PNG whose third row has the filter type `filter` (0 to 4 are valid), its
    /// image data in a stored (uncompressed) deflate block.
    static func png(thirdRowFilter filter: UInt8) -> Data {
        func be32(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
        func crc32(_ bytes: [UInt8]) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(UInt32(data.count)) + body + be32(crc32(body))
        }
        var raw: [UInt8] = []
        for row in 0..<4 { raw += [row == 2 ? filter : 0] + [UInt8](repeating: 200, count: 12) }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let n = raw.count
        let zlib: [UInt8] =
            [0x78, 0x01, 1, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)] + raw + be32(b << 16 | a)
        let header = be32(4) + be32(4) + [8, 2, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", []))
    }

    @Test("kinema join of a frame with an invalid filter type says so, not 'out of memory'")
    func joinNamesTheCorruptFrame() throws {
        let files = try SceneFiles()
        _ = try files.write(Self.png(thirdRowFilter: 7), as: "f-0000.png")
        _ = try files.write(Self.png(thirdRowFilter: 0), as: "f-0001.png")
        let result = try Kinema.run(["join", "f-0000.png", "f-0001.png", "-o", "out.gif", "--quiet"], in: files.directory)
        #expect(result.status == 1 && !result.crashed, "\(result)")
        #expect(
            result.stderr.contains("error: image 'f-0000.png': corrupt PNG: invalid filter type 7 in row 3 of 4; expected 0 to 4"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("memory"), "\(result.stderr)")
    }
}
