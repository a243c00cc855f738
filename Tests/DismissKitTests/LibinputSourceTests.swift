import Glibc
import Testing
@testable import DismissKit
@testable import DismissKitCore

/// Real libinput, real failures: what a user sees when live input cannot start.
@Suite struct LibinputSourceTests {
    @Test func missingDeviceNodeNamesThePathAndTheErrno() {
        let path = "/dev/input/dismisskit-no-such-node"
        #expect(throws: LiveInputError.cannotOpen(path: path, errno: .noSuchFile)) {
            _ = try LibinputSource(backend: .devices([path]), screen: .standard)
        }
        let message = LiveInputError.cannotOpen(path: path, errno: .noSuchFile).description
        #expect(message.contains(path))
        #expect(message.contains("No such file or directory"))
    }

    @Test func nodeThatIsNotAnInputDeviceIsRejected() {
        #expect(throws: LiveInputError.notAnInputDevice(path: "/dev/null")) {
            _ = try LibinputSource(backend: .devices(["/dev/null"]), screen: .standard)
        }
    }

    @Test func seatWithoutDevicesHasNoTouchDevice() {
        #expect(throws: LiveInputError.noTouchDevice(searched: "seat 'dismisskit-empty-seat'")) {
            _ = try LibinputSource(backend: .seat("dismisskit-empty-seat"), screen: .standard)
        }
    }

    @Test(arguments: [[1.0, 0, 0, 0, 1], [1.0, 0, 0, 0, 1, 0, 0], [1.0, 0, 0, 0, .nan, 0], [1.0, 0, .infinity, 0, 1, 0],
                      [1.0, 0, 1e300, 0, 1, 0]])
    func calibrationMatrixNeedsSixFiniteValues(matrix: [Double]) {
        #expect(CalibrationMatrix(matrix.map(Float.init)) == nil)
    }

    @Test func permissionErrorPointsAtTheInputGroup() {
        let message = LiveInputError.cannotOpen(path: "/dev/input/event7", errno: .permissionDenied).description
        #expect(message.contains("Permission denied"))
        #expect(message.contains("'input' group"))
    }
}

/// The embedding API on a machine without a touchscreen: a clear error, not a crash.
@Suite struct LiveDismissalSessionTests {
    @Test func startingWithoutATouchscreenThrowsNoTouchDevice() {
        let scene = Scene(presentations: [Presentation(id: "compose", style: .sheet, unsavedChanges: true)])
        #expect(throws: LiveInputError.noTouchDevice(searched: "seat 'seat0'")) {
            try LiveDismissalSession(backend: .seat("seat0"), scene: scene)
        }
    }
}
