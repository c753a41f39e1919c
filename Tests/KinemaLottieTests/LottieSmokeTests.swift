import Foundation
import KinemaGeometry
import KinemaLottie
import Testing

@Suite struct LottieSmokeTests {
    @Test func rectangle() throws {
        let json = LottieJSON.animation([
            LottieJSON.shapeLayer([LottieJSON.group([LottieJSON.rect(p: [50, 50], s: [40, 20]), LottieJSON.fill([1, 0, 0])])])
        ])
        let frame = try renderLottie(json, frame: 0)
        let c = frame.probe(35, 45)
        #expect(c.red > 0.99 && c.alpha > 0.99)
        #expect(frame.probe(50, 65).alpha == 0)
    }
}
