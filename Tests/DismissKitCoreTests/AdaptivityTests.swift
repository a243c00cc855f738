import Testing
@testable import DismissKitCore

@Suite struct AdaptivityTests {
    static let regular = Scene(screen: ScreenSize(width: 1280, height: 800, widthMM: 217, heightMM: 136))
    static let compact = Scene(screen: ScreenSize(width: 390, height: 844, widthMM: 64, heightMM: 139))

    /// The declared style, its role in a regular width and in a compact one.
    static let roles: [(style: PresentationStyle, regular: PresentationRole, compact: PresentationRole)] = [
        (.sheet, .sheet, .sheet),
        (.pageSheet, .sheet, .sheet),
        (.formSheet, .sheet, .sheet),
        (.automatic, .sheet, .sheet),
        (.currentContext, .sheet, .sheet),
        (.popover, .popover, .sheet),
        (.fullScreen, .fullScreen, .fullScreen),
        (.alert, .alert, .alert),
    ]

    @Test(arguments: PresentationStyle.allCases.map(\.rawValue))
    func roleFollowsWidth(style: String) throws {
        let row = try #require(Self.roles.first { $0.style.rawValue == style })
        let presentation = Presentation(id: "p", style: row.style)
        #expect(Self.regular.role(of: presentation) == row.regular)
        #expect(Self.compact.role(of: presentation) == row.compact)
    }

    @Test func compactIsStrictlyBelowCompactWidth() {
        #expect(!Scene(screen: ScreenSize(width: 600, height: 800, widthMM: 100, heightMM: 130)).isCompact)
        #expect(Scene(screen: ScreenSize(width: 599, height: 800, widthMM: 100, heightMM: 130)).isCompact)
        #expect(!Scene(screen: ScreenSize(width: 599, height: 800, widthMM: 100, heightMM: 130), compactWidth: 500).isCompact)
    }

    /// Default tap-outside actions: style, modal, regular width, compact width.
    static let tapDefaults: [(name: String, style: PresentationStyle, modal: Bool, regular: TapOutsideAction, compact: TapOutsideAction)] = [
        ("modal sheet", .sheet, true, .dismiss, .ignore),
        ("non-modal sheet", .sheet, false, .ignore, .ignore),
        ("modal form sheet", .formSheet, true, .dismiss, .ignore),
        ("modal current context", .currentContext, true, .dismiss, .ignore),
        ("non-modal popover", .popover, false, .dismiss, .ignore),
        ("modal popover", .popover, true, .ignore, .ignore),
        ("full screen", .fullScreen, true, .ignore, .ignore),
        ("alert", .alert, true, .ignore, .ignore),
    ]

    @Test(arguments: tapDefaults.map(\.name))
    func tapOutsideDefaults(name: String) throws {
        let row = try #require(Self.tapDefaults.first { $0.name == name })
        let presentation = Presentation(id: "p", style: row.style, modal: row.modal)
        #expect(Self.regular.tapOutsideAction(of: presentation) == row.regular)
        #expect(Self.compact.tapOutsideAction(of: presentation) == row.compact)
    }

    @Test func overridesWinExceptOnAlertsAndFullScreen() {
        for action in [TapOutsideAction.dismiss, .ignore, .passthrough] {
            let sheet = Presentation(id: "s", style: .sheet, tapOutside: action)
            #expect(Self.compact.tapOutsideAction(of: sheet) == action)
            #expect(Self.regular.tapOutsideAction(of: sheet) == action)
            let alert = Presentation(id: "a", style: .alert, tapOutside: action)
            #expect(Self.regular.tapOutsideAction(of: alert) == .ignore)
            let fullScreen = Presentation(id: "f", style: .fullScreen, tapOutside: action)
            #expect(Self.regular.tapOutsideAction(of: fullScreen) == .ignore)
            let nonModalSheet = Presentation(id: "n", style: .sheet, detents: [.medium, .large], modal: false, tapOutside: action)
            #expect(Self.regular.tapOutsideAction(of: nonModalSheet) == .ignore)
        }
    }
}
