import KinemaRender
import Testing

@Suite("Render errors")
struct RenderErrorTests {
    @Test func missingEncoderNamesTheDebianPackage() {
        let text = RenderError.missingEncoder(command: "ffmpeg", package: "ffmpeg").description
        #expect(text.contains("apt-get install ffmpeg"))
    }
}
