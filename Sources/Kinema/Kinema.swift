@_exported import KinemaGeometry
@_exported import KinemaLayers
@_exported import KinemaScenes
@_exported import KinemaTiming
