/// The ffmpeg command lines Kinema uses (their costs are in docs/rendering-notes.md).
///
/// Input is raw `bgra` frames on standard input, which is the renderer's ARGB32 memory on
/// little-endian machines, unchanged. Every command adds ffmpeg's bit-exact flags and drops
/// metadata, so the same frames give the same file, byte for byte.
enum FFmpegArguments {
    /// Arguments for ffmpeg reading `width × height` frames at `framesPerSecond` from standard
    /// input and writing `format` to `path`; `isTranslucent` says whether the first frame has
    /// pixels that are not opaque.
    ///
    /// With a `palettePath` (GIF only), the palette is read from that file, written by
    /// ``paletteArguments(width:height:framesPerSecond:palettePath:)`` in a first pass, and the
    /// frames are mapped to it as they arrive instead of being held until the palette is known.
    static func arguments(
        format: OutputFormat, width: Int, height: Int, framesPerSecond: Double, path: String, isTranslucent: Bool = false,
        palettePath: String? = nil
    ) -> [String] {
        let input = rawInput(width: width, height: height, framesPerSecond: framesPerSecond)
        // `file:` keeps a path that starts with `-` or contains `:` from being read as an option or a protocol.
        if format == .gif, let palettePath {
            return input + ["-i", "file:" + palettePath, "-filter_complex", "[0:v][1:v]" + paletteUse] + gifOutput(isTranslucent)
                + bitExact + ["-y", "file:" + path]
        }
        return input + encoding(format: format, width: width, height: height, isTranslucent: isTranslucent) + bitExact + [
            "-y", "file:" + path,
        ]
    }

    /// Arguments for the palette pass of a GIF: the same raw frames in, the animation's palette
    /// (16 × 16 colours, as `palettegen` makes it) out to `palettePath` as a PNG.
    static func paletteArguments(width: Int, height: Int, framesPerSecond: Double, palettePath: String) -> [String] {
        rawInput(width: width, height: height, framesPerSecond: framesPerSecond) + ["-vf", "palettegen", "-f", "image2", "-update", "1"]
            + bitExact + ["-y", "file:" + palettePath]
    }

    /// Raw `bgra` frames of `width × height` at `framesPerSecond` from standard input.
    ///
    /// With a second input (a GIF's palette), ffmpeg reads each input on a thread of its own and
    /// queues up to 8 frames read ahead (`-thread_queue_size`); one is enough, since the frames
    /// come from a pipe no faster than they are encoded, and saves about 45 MB at 750 × 1334.
    private static func rawInput(width: Int, height: Int, framesPerSecond: Double) -> [String] {
        [
            "-hide_banner", "-nostats", "-loglevel", "error",
            "-f", "rawvideo", "-pix_fmt", "bgra", "-video_size", "\(width)x\(height)", "-framerate", rate(framesPerSecond),
            "-thread_queue_size", "1", "-i", "-",
        ]
    }

    private static let bitExact = ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1"]

    /// How frames are mapped to the palette.
    private static let paletteUse = "paletteuse=dither=sierra2_4a:diff_mode=rectangle"

    /// The GIF encoder's and muxer's options.
    private static func gifOutput(_ isTranslucent: Bool) -> [String] {
        (isTranslucent ? ["-gifflags", "-offsetting-transdiff"] : []) + ["-loop", "0", "-f", "gif"]
    }

    /// The filters, encoder and muxer options for `format`.
    static func encoding(format: OutputFormat, width: Int, height: Int, isTranslucent: Bool = false) -> [String] {
        switch format {
        case .gif:
            // One palette for the whole animation. ffmpeg keeps every frame in memory until the
            // palette is known. `palettegen=stats_mode=diff` (the usual recipe) is not used: ffmpeg
            // 5.1 (Debian 12) then builds the palette from the first frame only, so colours that
            // appear later are lost. With transparency in the first frame, the GIF encoder's
            // cropping and "unchanged pixels become transparent" optimisations (`offsetting`,
            // `transdiff`) produce wrong pixels in 5.1, so they are turned off.
            let graph = "[0:v]split[a][b];[a]palettegen[p];[b][p]" + paletteUse
            return ["-filter_complex", graph] + gifOutput(isTranslucent)
        case .mp4:
            // 4:2:0 needs even sizes: an odd width or height gets one black column or row.
            let padded = format.encodedSize(width: width, height: height)
            let pad = padded == (width, height) ? "" : "pad=\(padded.width):\(padded.height):0:0:black,"
            return [
                "-vf", pad + "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
                // A fixed thread count: x264's output depends on it, and "automatic" depends on the machine.
                "-c:v", "libx264", "-preset", "medium", "-crf", "18", "-threads", "4",
                "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
                "-movflags", "+faststart", "-f", "mp4",
            ]
        case .apng:
            return ["-plays", "0", "-f", "apng"]
        case .png:
            return ["-f", "image2", "-c:v", "png"]
        }
    }

    /// `framesPerSecond` as text ffmpeg reads: an integer when it is one, else the shortest
    /// decimal.
    static func rate(_ framesPerSecond: Double) -> String {
        if framesPerSecond == framesPerSecond.rounded(), abs(framesPerSecond) < 1e9 { return String(Int(framesPerSecond)) }
        return String(framesPerSecond)
    }
}
