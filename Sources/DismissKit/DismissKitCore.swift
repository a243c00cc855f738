/// The core's values, recogniser, policy and pipeline are DismissKit's own API: one import serves.
@_exported import DismissKitCore
