@_exported import KinemaComponents
@_exported import KinemaDynamics
@_exported import KinemaGeometry
@_exported import KinemaGraphics
@_exported import KinemaJSON
@_exported import KinemaLayers
@_exported import KinemaLayoutSolver
@_exported import KinemaLottie
@_exported import KinemaLottieUI
@_exported import KinemaPhysics
@_exported import KinemaRender
@_exported import KinemaScenes
@_exported import KinemaTiming
@_exported import KinemaUI

// Foundation has an `AffineTransform` too, so a file that imports Foundation and Kinema (as any
// ported UIKit file does) would find the name ambiguous. Re-exporting Kinema's by name makes
// it the one such a file sees; Foundation's stays reachable as `Foundation.AffineTransform`.
@_exported import struct KinemaGeometry.AffineTransform
