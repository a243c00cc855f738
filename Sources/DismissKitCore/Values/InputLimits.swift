/// The bounds every input is held to: a file, a scene or a host command past one of them is
/// refused with a clear error, never buffered without end or walked for ever. Docs/limits.md's
/// "Limits" table lists them with what happens past each.
public enum InputLimits {
    /// The deepest nesting of a JSON document (scene file, host command) or a YAML recording.
    public static let maximumDepth = 64
    /// The longest line of an evemu recording, and of a host command (1 MiB).
    public static let maximumLineLength = 1 << 20
    /// The most YAML a recording may hold between two parser events, a scalar's length
    /// included (1 MiB): nothing in a recording comes near it.
    public static let maximumYAMLBytesBetweenEvents = 1 << 20
    /// The largest whole number a JSON number holds exactly, as a `Double` reads it: 2⁵³.
    public static let exactJSONInteger = 9_007_199_254_740_992.0
    /// The longest line of a session file (8 MiB), and the most YAML between two events of a
    /// `libinput record` session: what the recorder writes of an input it took, a 1 MiB host
    /// command with every character escaped (6 bytes each) or the scene of a 1 MiB scene file
    /// spelled with every default, within what the replay reads back.
    public static let maximumSessionLineLength = 8 << 20
    /// The longest a pipeline's scene may be spelled as a state spells it (with every field):
    /// a `scene` command carrying it back, `{"type":"scene","scene":…}`, fits a command line.
    public static let maximumSceneLength = maximumLineLength - 32
    /// The largest scene file (1 MiB): a kiosk's scene is a few kilobytes.
    public static let maximumSceneFileSize = 1 << 20
    /// The most presentations a scene may stack.
    public static let maximumPresentations = 1_000
    /// The longest presentation id, in UTF-8 bytes. Intents carry an id of up to 15 bytes in
    /// themselves, and their pipeline keeps a longer one's text (`PresentationNames`), so the
    /// bound also bounds what each distinct long id costs.
    public static let maximumPresentationIDLength = 256
    /// The most entries a scene's timeline may hold.
    public static let maximumTimelineEntries = 100_000
    /// The largest time, in microseconds either side of 0, that reaches the pipeline from an
    /// embedding toolkit: 2^53, about 285 years, exact as a Double, so no difference overflows.
    @inlinable public static var largestTime: Int64 { 1 << 53 }
    /// The seat slots a contact may have: `0 ..< seatSlots`. libinput keeps its seat's slots in a
    /// 32-bit map and gives a new contact the lowest free one; the replay decoder hands them out
    /// the same way, the recogniser tracks exactly these, and a touch on any other is refused
    /// (``TouchRefusal/seatSlotOutOfRange(_:)``). A host that feeds its toolkit's touches maps
    /// its touch ids onto them, lowest free first, as libinput does.
    public static let seatSlots: Int32 = 32
    /// The largest coordinate, in points either side of 0, that a touch position may have, and
    /// the largest length or coordinate a scene may give (`Scene.largestLength`).
    public static let largestCoordinate = 1_000_000_000.0
}
