@_exported import KinemaGeometry
@_exported import KinemaTiming
@_exported import KinemaLayers
@_exported import KinemaScenes
