// Scene files are JSON: the reader, its values and the writer come with KinemaScenes, so code
// that reads or writes scenes needs only this import.
@_exported import KinemaJSON
