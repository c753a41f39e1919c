import KinemaRender
import Testing

@Suite("Output: formats")
struct OutputFormatTests {
    @Test(
        "the extension picks the format, ignoring case",
        arguments: [
            ("out.png", OutputFormat.png), ("a/b.v2/clip.GIF", .gif), ("movie.Mp4", .mp4), ("/tmp/loop.apng", .apng),
            ("../x.y.mp4", .mp4), ("-dash.gif", .gif),
        ])
    func formats(path: String, format: OutputFormat) throws {
        #expect(try OutputFormat(path: path) == format)
    }

    @Test(
        "other names throw an error naming the output and listing the extensions",
        arguments: ["out", "out.webp", ".png", "dir.png/", "a.png.txt", "x."])
    func badNames(path: String) {
        #expect {
            _ = try OutputFormat(path: path)
        } throws: { error in
            guard case .invalidArgument(let name, let expected, let got) = error as? RenderError else { return false }
            return name == "output" && expected.contains(".png, .gif, .mp4, .apng") && got.contains(path)
        }
    }

    @Test(
        "MP4 pads odd sizes to even; the others keep the size",
        arguments: [
            (OutputFormat.mp4, 41, 30, 42, 30), (.mp4, 40, 31, 40, 32), (.mp4, 1, 1, 2, 2), (.mp4, 40, 30, 40, 30), (.gif, 41, 31, 41, 31),
            (.apng, 3, 5, 3, 5), (.png, 7, 9, 7, 9),
        ])
    func encodedSize(format: OutputFormat, width: Int, height: Int, encodedWidth: Int, encodedHeight: Int) {
        let size = format.encodedSize(width: width, height: height)
        #expect(size.width == encodedWidth && size.height == encodedHeight)
    }

    @Test("makeSink gives a PNG sink for PNG and an ffmpeg sink for the rest", arguments: OutputFormat.allCases)
    func sinks(format: OutputFormat) throws {
        let sink = try format.makeSink(path: "/tmp/kinema-unused.\(format.fileExtension)", frameCount: 3, framesPerSecond: 30)
        #expect((sink is PNGSink) == (format == .png))
        #expect((sink as? FFmpegSink)?.format == (format == .png ? nil : format))
    }
}
