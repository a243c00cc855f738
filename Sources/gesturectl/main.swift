import DismissKit
import Glibc

// Temporary wiring on the `live` branch; main.swift is replaced when branches merge.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "devices": exit(runDevicesCommand(Array(arguments.dropFirst())))
case "run": exit(runLiveTouchEvents(Array(arguments.dropFirst())))
default: exit(64)
}
