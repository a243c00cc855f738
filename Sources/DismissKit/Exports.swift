/// The core's values, recogniser, policy and pipeline, and the wire codec's scene files, host
/// commands and JSON lines, are DismissKit's own API: one import serves.
@_exported import DismissKitCore
@_exported import DismissKitWire
