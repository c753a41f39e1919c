import CZlib

/// What is wrong with a PNG that cairo's decoder rejected.
///
/// cairo reports every error libpng raises while decoding as `CAIRO_STATUS_NO_MEMORY` ("out of
/// memory"), so a corrupt file would read as an allocation failure. When cairo fails, this walks
/// the file as libpng does (the chunks and their checksums, the header's fields, the zlib stream
/// of the image data and each row's filter type) and names the first problem it finds, without
/// decoding pixels: the image data is inflated through a fixed 64 KiB buffer.
struct PNGDiagnosis {
    let bytes: [UInt8]

    /// The header fields that decide how the image data is laid out.
    struct Header {
        var width: Int
        var height: Int
        var bitDepth: Int
        var colorType: Int
        var interlaced: Bool

        /// Bits per pixel: the channels of the colour type times the bit depth.
        var bitsPerPixel: Int {
            let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1
            return channels * bitDepth
        }

        /// The bytes of each row of image data, filter byte first: one pass of `height` rows, or
        /// Adam7's seven passes (passes without pixels have no rows).
        var passes: [(rows: Int, rowBytes: Int)] {
            let adam7: [(x: Int, y: Int, dx: Int, dy: Int)] =
                interlaced
                ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)] : [(0, 0, 1, 1)]
            return adam7.map { pass in
                let w = width > pass.x ? (width - pass.x + pass.dx - 1) / pass.dx : 0
                let h = height > pass.y ? (height - pass.y + pass.dy - 1) / pass.dy : 0
                return (w == 0 ? 0 : h, 1 + (w * bitsPerPixel + 7) / 8)
            }
        }
    }

    /// The first problem found, in words (`"invalid filter type 7 in row 3 of 4"`), or `nil`
    /// when the file looks well-formed (cairo failed for another reason).
    func problem() -> String? {
        var offset = 8
        var header: Header?
        var idat: [(start: Int, count: Int)] = []
        var seenPalette = false
        var afterIDAT = false
        while true {
            guard offset + 8 <= bytes.count else {
                return header == nil ? "the IHDR chunk is missing" : "the file ends at byte \(offset) before its IEND chunk"
            }
            let length = be32(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let name = "chunk '\(printable(type))' at byte \(offset)"
            guard length <= 0x7FFF_FFFF else { return "\(name) has length \(length); expected at most 2^31 − 1" }
            guard offset + 12 + length <= bytes.count else {
                return "\(name) is cut short: it declares \(length) bytes of data but the file ends at byte \(bytes.count)"
            }
            let critical = bytes[offset + 4] & 0x20 == 0
            if critical && crc(offset + 4, length + 4) != UInt32(be32(offset + 8 + length)) {
                return "\(name) has a wrong CRC checksum"
            }
            let data = offset + 8
            switch type {
            case "IHDR":
                guard header == nil, offset == 8 else { return "\(name): IHDR must be the first chunk, and only one" }
                guard length == 13 else { return "\(name) has \(length) bytes; expected 13" }
                let parsed = Header(
                    width: be32(data), height: be32(data + 4), bitDepth: Int(bytes[data + 8]), colorType: Int(bytes[data + 9]),
                    interlaced: bytes[data + 12] == 1)
                if let problem = check(parsed, compression: bytes[data + 10], filter: bytes[data + 11], interlace: bytes[data + 12]) {
                    return "IHDR: \(problem)"
                }
                header = parsed
            case "PLTE":
                seenPalette = true
                guard length > 0, length % 3 == 0, length / 3 <= 256 else {
                    return "\(name) has \(length) bytes; expected a multiple of 3, at most 768"
                }
            case "IDAT":
                guard header != nil else { return "\(name) comes before IHDR" }
                guard !afterIDAT else { return "\(name) follows another chunk after the image data; IDAT chunks must be consecutive" }
                idat.append((data, length))
            case "IEND":
                guard let header else { return "the IHDR chunk is missing" }
                guard !idat.isEmpty else { return "there is no IDAT chunk (no image data)" }
                if header.colorType == 3 && !seenPalette { return "the image has palette colours but no PLTE chunk" }
                return checkImageData(idat, header: header)
            default:
                guard header != nil else { return "\(name) comes before IHDR" }
                if critical { return "\(name) is a critical chunk this decoder does not know" }
            }
            if !idat.isEmpty && type != "IDAT" { afterIDAT = true }
            offset = data + length + 4
        }
    }

    /// What is wrong with the header's fields, if anything.
    func check(_ h: Header, compression: UInt8, filter: UInt8, interlace: UInt8) -> String? {
        let depths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let allowed = depths[h.colorType] else {
            return "invalid colour type \(h.colorType); expected 0, 2, 3, 4 or 6"
        }
        guard allowed.contains(h.bitDepth) else {
            return "invalid bit depth \(h.bitDepth) for colour type \(h.colorType); expected one of "
                + allowed.map(String.init).joined(separator: ", ")
        }
        if compression != 0 { return "invalid compression method \(compression); expected 0 (deflate)" }
        if filter != 0 { return "invalid filter method \(filter); expected 0" }
        if interlace > 1 { return "invalid interlace method \(interlace); expected 0 or 1 (Adam7)" }
        return nil
    }

    /// Inflates the concatenated IDAT data and checks each row's filter type.
    func checkImageData(_ chunks: [(start: Int, count: Int)], header: Header) -> String? {
        var data: [UInt8] = []
        for chunk in chunks { data += bytes[chunk.start..<chunk.start + chunk.count] }
        guard data.count >= 2 else { return "the image data is too short for a zlib stream" }
        let cmf = Int(data[0]), flg = Int(data[1])
        guard cmf & 0x0F == 8, cmf >> 4 <= 7, (cmf << 8 | flg) % 31 == 0, flg & 0x20 == 0 else {
            return "the image data does not start with a valid zlib header"
        }
        let passes = header.passes
        let totalRows = passes.reduce(0) { $0 + $1.rows }
        var pass = 0, row = 0, column = 0
        var rowsSeen = 0
        while pass < passes.count && passes[pass].rows == 0 { pass += 1 }
        var stream = z_stream()
        guard kinema_inflateInitRaw(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var adler = adler32(0, nil, 0)
        var status = Z_OK
        var problem: String?
        data.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + 2)
            stream.avail_in = UInt32(input.count - 2)
            while status == Z_OK && problem == nil {
                let produced: Int = buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    return out.count - Int(stream.avail_out)
                }
                adler = buffer.withUnsafeBufferPointer { adler32(adler, $0.baseAddress, UInt32(produced)) }
                var i = 0
                while i < produced && problem == nil {
                    guard pass < passes.count else {
                        problem = "the image data inflates to more than its \(totalRows) rows"
                        break
                    }
                    if column == 0 && buffer[i] > 4 {
                        let place =
                            header.interlaced ? "row \(row + 1) of interlace pass \(pass + 1)" : "row \(row + 1) of \(header.height)"
                        problem = "invalid filter type \(buffer[i]) in \(place); expected 0 to 4"
                        break
                    }
                    let step = min(produced - i, passes[pass].rowBytes - column)
                    i += step
                    column += step
                    if column == passes[pass].rowBytes {
                        column = 0
                        row += 1
                        rowsSeen += 1
                        if row == passes[pass].rows {
                            row = 0
                            pass += 1
                            while pass < passes.count && passes[pass].rows == 0 { pass += 1 }
                        }
                    }
                }
            }
        }
        if let problem { return problem }
        switch status {
        case Z_STREAM_END:
            break
        case Z_BUF_ERROR:
            return "the image data's zlib stream ends early, after \(rowsSeen) of \(totalRows) rows"
        default:
            let reason = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
            return "the image data's zlib stream is corrupt (\(reason)) after \(rowsSeen) of \(totalRows) rows"
        }
        if rowsSeen < totalRows { return "the image data holds \(rowsSeen) of \(totalRows) rows" }
        let end = 2 + Int(stream.total_in)
        guard end + 4 <= data.count else { return "the image data's zlib stream has no Adler-32 checksum" }
        let stored = data[end..<end + 4].reduce(UInt(0)) { $0 << 8 | UInt($1) }
        if stored != UInt(adler) { return "the image data's Adler-32 checksum is wrong" }
        return nil
    }

    func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }

    func crc(_ start: Int, _ count: Int) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress! + start, UInt32(count)) & 0xFFFF_FFFF) }
    }

    /// The chunk type with anything but ASCII letters shown as `?`.
    func printable(_ type: String) -> String {
        String(type.map { $0.isASCII && $0.isLetter ? $0 : "?" })
    }
}
