import Foundation
import KinemaGeometry
import KinemaLayers
import KinemaTiming
import TestSupport

/// The model `position.x` of the fixture layer: what the test tables write as "M" (the value shown
/// when no animation contributes). Distinct from every animated value.
let modelX = 777.0

/// The model `position.y` of the fixture layer (≠ x, so swapped axes fail).
let modelY = 33.0

/// A context at media time `time` with one root layer (bounds 20×20, position (`x`, 33)).
///
/// The model is set before the layer is attached, so no implicit animation runs; a root layer
/// with default timing has layer time = media time. Layers hold their context weakly: keep the
/// returned tuple bound (`let root = makeRoot()`), never `let (_, layer) = …`, or the context is
/// released and the layer silently becomes detached.
func makeRoot(time: Double = 0, x: Double = modelX, speed: Double = 1) -> (context: LayerContext, layer: Layer) {
    let context = LayerContext(time: time)
    let layer = Layer()
    layer.bounds = Rect(x: 0, y: 0, width: 20, height: 20)
    layer.position = Point(x: x, y: modelY)
    layer.speed = speed
    context.addRootLayer(layer)
    return (context, layer)
}

/// The timing tables' reference animation (rows T01–T41): `position.x` from 0 to 100, linear,
/// d = 2, b = 10.
func referenceAnimation(
    _ keyPath: LayerKeyPath = "position.x", from: AnimatableValue? = 0, to: AnimatableValue? = 100,
    by: AnimatableValue? = nil, duration: Double = 2, beginTime: Double = 10
) -> BasicAnimation {
    var a = BasicAnimation(keyPath: keyPath)
    a.fromValue = from
    a.toValue = to
    a.byValue = by
    a.duration = duration
    a.beginTime = beginTime
    return a
}

/// A detached layer with `bounds` and `position` (and optionally an anchor point).
func makeLayer(_ bounds: Rect, _ position: Point, anchor: Point? = nil) -> Layer {
    let layer = Layer()
    layer.bounds = bounds
    layer.position = position
    if let anchor { layer.anchorPoint = anchor }
    return layer
}

/// Records animation delegate events as short strings: `start`, `stop(true)`, `stop(false)`.
final class EventLog: AnimationDelegate {
    var events: [String] = []

    func animationDidStart(_ animation: AnyAnimation) {
        events.append("start")
    }

    func animationDidStop(_ animation: AnyAnimation, finished: Bool) {
        events.append("stop(\(finished))")
    }
}

/// The z rotation of a transform's x axis, in degrees: `atan2(m12, m11)`.
func zRotationDegrees(_ t: Transform3D) -> Double {
    atan2(t.m12, t.m11) * 180 / .pi
}

/// Whether two angles in degrees agree within `tolerance` modulo 360°.
func isCloseAngle(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
    var d = (a - b).truncatingRemainder(dividingBy: 360)
    if d > 180 { d -= 360 }
    if d < -180 { d += 360 }
    return abs(d) <= tolerance
}

func degrees(_ d: Double) -> Double { d * .pi / 180 }

/// Whether two colours agree within `tolerance` on every RGBA component (`nil` never does).
func isCloseColor(_ a: Color?, _ b: Color, _ tolerance: Double) -> Bool {
    guard let a else { return false }
    return [a.red - b.red, a.green - b.green, a.blue - b.blue, a.alpha - b.alpha].allSatisfy { abs($0) <= tolerance }
}
