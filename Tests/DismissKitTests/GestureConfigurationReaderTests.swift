import Foundation
import Testing
@testable import DismissKit
@testable import DismissKitCore

/// Gesture thresholds from a scene's `gestures` object and from `--config`.
@Suite struct GestureConfigurationReaderTests {
    @Test func aSceneFileCarriesEveryThreshold() throws {
        let file = try SceneFile.parse("""
            {"presentations": [], "gestures": {"slopMM": 3.5, "tapMaxDuration": 250000, "velocityWindow": 80000,
             "restCutoff": 0, "decelerationPerMillisecond": 0.99, "dismissFraction": 0.4, "rubberBandCoefficient": 0.3,
             "grabberHitTargetMinimumPoints": 48, "grabberHitTargetMinimumMM": 8}}
            """, path: "scene.json")
        #expect(file.configuration == GestureConfiguration(
            slopMM: 3.5, tapMaxDuration: 250_000, velocityWindow: 80_000, restCutoff: 0, decelerationPerMillisecond: 0.99,
            dismissFraction: 0.4, rubberBandCoefficient: 0.3, grabberHitTargetMinimumPoints: 48, grabberHitTargetMinimumMM: 8))
        // Printed by --explain with the same names, so the line reads back as the same thresholds.
        let printed = try GestureConfigurationReader.parse(file.configuration.jsonLine.text, path: "explain")
        #expect(printed == file.configuration)
    }

    @Test func absentFieldsKeepTheirValuesAndAConfigFileOverridesTheScene() throws {
        let scene = try SceneFile.parse(#"{"gestures": {"slopMM": 4}}"#, path: "scene.json")
        #expect(scene.configuration == GestureConfiguration(slopMM: 4))
        let tuned = try GestureConfigurationReader.parse(#"{"dismissFraction": 0.3}"#, path: "tuning.json", base: scene.configuration)
        #expect(tuned == GestureConfiguration(slopMM: 4, dismissFraction: 0.3))
    }

    @Test(arguments: [
        (#"{"gestures": {"slop": 2}}"#, #"scene.json:1: gestures: unknown key "slop""#),
        (#"{"gestures": {"slopMM": 0}}"#, "scene.json:1: gestures.slopMM: must be a number more than 0, up to 50"),
        (#"{"gestures": {"tapMaxDuration": 1.5}}"#, "scene.json:1: gestures.tapMaxDuration: expected a whole number, found 1.5"),
        (#"{"gestures": {"velocityWindow": 0}}"#, "scene.json:1: gestures.velocityWindow: must be whole microseconds from 1 to 10000000"),
        // Past 2^53 the number read is not the one written: it is not quoted back as if it were.
        (#"{"gestures": {"velocityWindow": 9223372036854775807}}"#,
         "scene.json:1: gestures.velocityWindow: expected a whole number from -2^53 to 2^53 (9007199254740992), found one beyond"),
        (#"{"gestures": {"decelerationPerMillisecond": 1}}"#,
         "scene.json:1: gestures.decelerationPerMillisecond: must be a number from 0, less than 1"),
        (#"{"gestures": {"dismissFraction": 1.5}}"#, "scene.json:1: gestures.dismissFraction: must be a number more than 0, up to 1"),
        (#"{"gestures": []}"#, "scene.json:1: gestures: expected an object, found an array"),
    ])
    func badThresholdsAreRefusedNamingTheKey(scene: String, message: String) throws {
        #expect {
            try SceneFile.parse(scene, path: "scene.json")
        } throws: { error in
            "\(error)" == message
        }
    }
}
