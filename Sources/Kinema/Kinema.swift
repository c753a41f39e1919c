@_exported import KinemaDynamics
@_exported import KinemaGeometry
@_exported import KinemaGraphics
@_exported import KinemaLayers
@_exported import KinemaRender
@_exported import KinemaScenes
@_exported import KinemaTiming
@_exported import KinemaUI
