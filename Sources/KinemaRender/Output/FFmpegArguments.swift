/// The ffmpeg command lines Kinema uses (their costs are in docs/rendering-notes.md).
///
/// Input is raw `bgra` frames on standard input, which is the renderer's ARGB32 memory on
/// little-endian machines, unchanged. Every command adds ffmpeg's bit-exact flags and drops
/// metadata, so the same frames give the same file, byte for byte.
enum FFmpegArguments {
    /// Arguments for ffmpeg reading `width × height` frames at `framesPerSecond` from standard
    /// input and writing `format` to `path`; `isTranslucent` says whether the first frame has
    /// pixels that are not opaque.
    static func arguments(
        format: OutputFormat, width: Int, height: Int, framesPerSecond: Double, path: String, isTranslucent: Bool = false
    ) -> [String] {
        let input = [
            "-hide_banner", "-nostats", "-loglevel", "error",
            "-f", "rawvideo", "-pix_fmt", "bgra", "-video_size", "\(width)x\(height)", "-framerate", rate(framesPerSecond), "-i", "-",
        ]
        let bitExact = ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1"]
        // `file:` keeps a path that starts with `-` or contains `:` from being read as an option or a protocol.
        return input + encoding(format: format, width: width, height: height, isTranslucent: isTranslucent) + bitExact + [
            "-y", "file:" + path,
        ]
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
            let graph = "[0:v]split[a][b];[a]palettegen[p];[b][p]paletteuse=dither=sierra2_4a:diff_mode=rectangle"
            return ["-filter_complex", graph] + (isTranslucent ? ["-gifflags", "-offsetting-transdiff"] : []) + ["-loop", "0", "-f", "gif"]
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
