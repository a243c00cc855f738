/// The plot's colours, by what they mean: the screen's regions, the decisions and intents, the
/// timeline's panels and text. A colour that means two things has a name for each.
enum PlotPalette {
    // Paper and text.
    static let paper = "#ffffff"
    static let ink = "#222222"
    static let legendInk = "#333333"
    /// Axis labels, ticks, panel titles, secondary lines.
    static let secondaryInk = "#555555"
    /// The durations of gaps cut out of the timeline.
    static let faintInk = "#777777"
    /// "no touch", "no tap", "no sheet drag", and the finger's own line.
    static let absent = "#888888"

    // The timeline's panels.
    static let panelFill = "#fafbfc"
    static let panelBorder = "#c8ced6"
    static let gapHatch = panelBorder
    static let gridLine = "#e3e7ec"
    static let valueGridLine = "#eef0f3"
    static let zeroLine = "#9aa5b1"
    static let laneLine = "#8fa3b8"
    /// The HTML page's time cursor.
    static let cursor = "#d00000"

    // The screen and a presentation's regions.
    static let screenFill = "#eef1f5"
    static let dimming = "#000000"
    static let frameStroke = "#3b4a5a"
    static let topRegionFill = "#dbe8fb"
    static let topRegionStroke = "#5b8bd0"
    static let topRegionInk = "#2d5a9e"
    static let contentStroke = "#b8c2cc"
    static let grabber = "#7a7a7a"
    static let grabberHitFill = "#fde7c8"
    static let grabberHitStroke = "#d98a1c"
    static let grabberHitInk = "#a5620c"
    static let anchorFill = "#f8d7f0"
    static let anchorStroke = "#b0379a"
    static let anchorInk = "#8a2a78"
    static let passthroughFill = "#d6f2dd"

    // What was decided.
    /// A tap taken, a pass-through.
    static let taken = "#1b7f3b"
    static let passthrough = taken
    /// Something that was not a gesture, or was refused.
    static let refused = "#a04000"
    static let dragStart = "#1f5fbf"
    /// The sheet as the intents move it.
    static let sheet = "#1f3a5f"
    static let threshold = "#c0392b"
    static let dismissal = threshold
    static let projection = "#6c3483"
    static let velocity = "#117a65"
    static let save = velocity
    static let question = "#b9770e"
    static let questionOpen = "#f5cba7"
    static let cancelled = "#566573"
    static let hostCommand = "#7d3c98"

    /// The contacts' colours, in turn: distinct from each other and from the rest.
    static let contacts = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#008080", "#9a6324", "#808000"]

    /// The colour of the contact numbered `number`.
    static func colour(ofContact number: Int) -> String {
        contacts[number % contacts.count]
    }
}
