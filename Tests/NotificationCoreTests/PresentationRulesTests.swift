import Foundation
import NotificationCore
import Testing

/// The presentation decision as a table: content × settings × state × delegate → what shows.
@Suite struct PresentationRulesTests {
    static var authorized: NotificationSettings {
        var settings = NotificationSettings()
        settings.authorizationStatus = .authorized
        for path: WritableKeyPath<NotificationSettings, NotificationSetting> in [
            \.alertSetting, \.soundSetting, \.badgeSetting, \.notificationCenterSetting, \.lockScreenSetting, \.timeSensitiveSetting,
        ] { settings[keyPath: path] = .enabled }
        settings.alertStyle = .banner
        settings.scheduledDeliverySetting = .disabled
        return settings
    }

    static let full = NotificationContent(title: "Hi", badge: 3, sound: .default)

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var content = PresentationRulesTests.full
        var settings = PresentationRulesTests.authorized
        var state = CenterState()
        var foreground = ForegroundDecision.noDelegate
        /// "BLSbKH": banner, list, sound, badge, lock screen, held; nil = not delivered.
        var expected: String?
        var reason: String?
        var testDescription: String { name }
    }

    static func state(_ change: (inout CenterState) -> Void) -> CenterState {
        var state = CenterState()
        change(&state)
        return state
    }

    static func settings(_ change: (inout NotificationSettings) -> Void) -> NotificationSettings {
        var settings = authorized
        change(&settings)
        return settings
    }

    static let rows: [Row] = [
        Row(name: "background, unlocked: everything", expected: "BLSb"),
        Row(name: "background, locked: lock screen instead of banner", state: state { $0.locked = true }, expected: "LSbK"),
        Row(name: "denied: nothing is delivered", settings: settings { $0.authorizationStatus = .denied }, expected: nil),
        Row(name: "not determined: nothing is delivered", settings: NotificationSettings(), expected: nil),
        Row(
            name: "provisional: list only", settings: settings { $0.authorizationStatus = .provisional }, expected: "L",
            reason: "provisional"),
        Row(name: "alerts off: no banner, still listed", settings: settings { $0.alertSetting = .disabled }, expected: "LSb"),
        Row(name: "alert style none: no banner", settings: settings { $0.alertStyle = .none }, expected: "LSb"),
        Row(name: "sound off", settings: settings { $0.soundSetting = .disabled }, expected: "BLb"),
        Row(name: "badge off", settings: settings { $0.badgeSetting = .disabled }, expected: "BLS"),
        Row(name: "notification center off", settings: settings { $0.notificationCenterSetting = .disabled }, expected: "BSb"),
        Row(name: "no alert text: badge and sound only", content: NotificationContent(badge: 1, sound: .default), expected: "Sb"),
        Row(
            name: "passive: quiet", content: NotificationContent(title: "x", sound: .default, interruptionLevel: .passive), expected: "L",
            reason: "passive"),
        Row(name: "focus silences active", state: state { $0.focus = .init(name: "Work") }, expected: "Lb", reason: "focus"),
        Row(
            name: "time-sensitive breaks through focus",
            content: NotificationContent(title: "x", sound: .default, interruptionLevel: .timeSensitive),
            state: state { $0.focus = .init(name: "Work") }, expected: "BLS"),
        Row(
            name: "time-sensitive turned off by the user does not",
            content: NotificationContent(title: "x", sound: .default, interruptionLevel: .timeSensitive),
            settings: settings { $0.timeSensitiveSetting = .disabled }, state: state { $0.focus = .init(name: "Work") }, expected: "L",
            reason: "focus"),
        Row(
            name: "critical without the critical setting is silenced by focus",
            content: NotificationContent(title: "x", sound: .critical(name: nil, volume: 1), interruptionLevel: .critical),
            state: state { $0.focus = .init(name: "Sleep") }, expected: "L", reason: "focus"),
        Row(
            name: "critical with the critical setting breaks through",
            content: NotificationContent(title: "x", sound: .critical(name: nil, volume: 1), interruptionLevel: .critical),
            settings: settings { $0.criticalAlertSetting = .enabled }, state: state { $0.focus = .init(name: "Sleep") }, expected: "BLS"),
        Row(
            name: "a focus filter lets matching notifications through",
            content: NotificationContent(title: "x", filterCriteria: "family"),
            state: state { $0.focus = .init(name: "Home", filterCriteria: "family") }, expected: "BL"),
        Row(
            name: "a Focus that allows the app lets it through", state: state { $0.focus = .init(name: "Work", allowsApp: true) },
            expected: "BLSb"),
        Row(
            name: "a Focus filter narrows what an allowed app shows (in)", content: NotificationContent(title: "x", filterCriteria: "c"),
            state: state { $0.focus = .init(name: "Work", allowsApp: true, filter: FocusFilter(in: ["a", "b"])) }, expected: "L",
            reason: "focus"),
        Row(
            name: "a Focus filter lets matching ones through (in)", content: NotificationContent(title: "x", filterCriteria: "b"),
            state: state { $0.focus = .init(name: "Work", allowsApp: true, filter: FocusFilter(in: ["a", "b"])) }, expected: "BL"),
        Row(
            name: "a Focus filter lets matching ones through (prefix)", content: NotificationContent(title: "x", filterCriteria: "work:42"),
            state: state { $0.focus = .init(name: "Work", allowsApp: true, filter: FocusFilter(prefix: "work:")) }, expected: "BL"),
        Row(
            name: "a Focus filter never matches a notification without criteria", content: NotificationContent(title: "x"),
            state: state { $0.focus = .init(name: "Work", allowsApp: true, filter: FocusFilter(equals: "a")) }, expected: "L",
            reason: "focus"),
        Row(
            name: "a message from an allowed person comes through a Focus", content: PresentationRulesTests.message(from: "mom"),
            state: state { $0.focus = .init(name: "Sleep", allowedPeople: ["mom"]) }, expected: "BL"),
        Row(
            name: "a message from anyone else does not", content: PresentationRulesTests.message(from: "boss"),
            state: state { $0.focus = .init(name: "Sleep", allowedPeople: ["mom"]) }, expected: "L", reason: "focus"),
        Row(
            name: "a Focus without the time-sensitive allowance quiets time-sensitive ones",
            content: NotificationContent(title: "x", interruptionLevel: .timeSensitive),
            state: state { $0.focus = .init(name: "Sleep", allowsTimeSensitive: false) }, expected: "L", reason: "focus"),
        Row(
            name: "a scheduled Focus off at the moment changes nothing",
            state: state { $0.focus = .init(name: "Sleep", schedule: FocusSchedule(start: .init("22:00")!, end: .init("07:00")!)) },
            expected: "BLSb"),
        Row(
            name: "a scheduled Focus on at the moment quiets",
            state: state {
                $0.focus = .init(name: "Work", schedule: FocusSchedule(start: .init("09:00")!, end: .init("17:00")!))
                $0.timeZone = "Europe/Berlin"
            }, expected: "Lb", reason: "focus"),
        Row(
            name: "of several scheduled Focus modes, the one on at the moment quiets",
            state: state {
                $0.scheduledFocuses = [
                    .init(name: "Sleep", schedule: FocusSchedule(start: .init("22:00")!, end: .init("07:00")!)),
                    .init(name: "Work", schedule: FocusSchedule(start: .init("09:00")!, end: .init("17:00")!)),
                ]
            }, expected: "Lb", reason: "focus"),
        Row(
            name: "scheduled Focus modes all off change nothing",
            state: state {
                $0.scheduledFocuses = [.init(name: "Sleep", schedule: FocusSchedule(start: .init("22:00")!, end: .init("07:00")!))]
            }, expected: "BLSb"),
        Row(
            name: "the Focus on by hand counts before a scheduled one",
            state: state {
                $0.focus = .init(name: "Reading", allowsApp: true)
                $0.scheduledFocuses = [.init(name: "Work", schedule: FocusSchedule(start: .init("09:00")!, end: .init("17:00")!))]
            }, expected: "BLSb"),
        Row(
            name: "scheduled summary holds active ones", settings: settings { $0.scheduledDeliverySetting = .enabled }, expected: "bH",
            reason: "scheduledSummary"),
        Row(
            name: "scheduled summary holds passive ones",
            content: NotificationContent(title: "x", interruptionLevel: .passive),
            settings: settings { $0.scheduledDeliverySetting = .enabled }, expected: "H", reason: "scheduledSummary"),
        Row(
            name: "scheduled summary holds what the list alone would show",
            settings: settings {
                $0.scheduledDeliverySetting = .enabled
                $0.alertSetting = .disabled
            }, expected: "bH"),
        Row(
            name: "scheduled summary does not hold what would not be shown", content: NotificationContent(badge: 2),
            settings: settings { $0.scheduledDeliverySetting = .enabled }, expected: "b"),
        Row(
            name: "time-sensitive breaks through the summary",
            content: NotificationContent(title: "x", sound: .default, interruptionLevel: .timeSensitive),
            settings: settings { $0.scheduledDeliverySetting = .enabled }, expected: "BLS"),
        Row(
            name: "time-sensitive turned off is held",
            content: NotificationContent(title: "x", sound: .default, interruptionLevel: .timeSensitive),
            settings: settings {
                $0.scheduledDeliverySetting = .enabled
                $0.timeSensitiveSetting = .disabled
            }, expected: "H"),
        Row(
            name: "critical with the critical setting breaks through the summary",
            content: NotificationContent(title: "x", sound: .critical(name: nil, volume: 1), interruptionLevel: .critical),
            settings: settings {
                $0.scheduledDeliverySetting = .enabled
                $0.criticalAlertSetting = .enabled
            }, expected: "BLS"),
        Row(
            name: "a direct message breaks through the summary", content: PresentationRulesTests.message(from: "mom"),
            settings: settings {
                $0.scheduledDeliverySetting = .enabled
                $0.directMessagesSetting = .enabled
            }, expected: "BL"),
        Row(
            name: "a direct message is held when direct messages are off", content: PresentationRulesTests.message(from: "mom"),
            settings: settings { $0.scheduledDeliverySetting = .enabled }, expected: "H"),
        Row(
            name: "the summary holds nothing while the app is in the foreground",
            settings: settings { $0.scheduledDeliverySetting = .enabled }, state: state { $0.appState = .foreground }, expected: "BLSb"),
        Row(
            name: "held during a Focus: held, not only quiet", settings: settings { $0.scheduledDeliverySetting = .enabled },
            state: state { $0.focus = .init(name: "Work") }, expected: "bH", reason: "scheduledSummary"),
        Row(name: "foreground without delegate: the content's own options", state: state { $0.appState = .foreground }, expected: "BLSb"),
        Row(
            name: "foreground delegate chooses list and badge", state: state { $0.appState = .foreground },
            foreground: .delegate([.list, .badge]), expected: "Lb"),
        Row(
            name: "foreground delegate: deprecated alert means banner and list", state: state { $0.appState = .foreground },
            foreground: .delegate([.alert]), expected: "BL"),
        Row(
            name: "foreground delegate chooses nothing", state: state { $0.appState = .foreground }, foreground: .delegate([]), expected: ""
        ),
        Row(
            name: "foreground delegate timed out: not presented", state: state { $0.appState = .foreground },
            foreground: .delegateFailed(reason: "timeout"), expected: "", reason: "willPresent: timeout"),
        Row(
            name: "foreground delegate cannot override the user's settings", settings: settings { $0.soundSetting = .disabled },
            state: state { $0.appState = .foreground }, foreground: .delegate([.banner, .sound]), expected: "B"),
    ]

    static func message(from handle: String) -> NotificationContent {
        NotificationContent(title: "x", communication: Communication(sender: .init(handle: handle, displayName: "Someone")))
    }

    /// Wednesday 2026-03-04 10:30 UTC (11:30 in Berlin).
    static let now = Date(timeIntervalSince1970: 1_772_620_200)

    @Test(arguments: rows)
    func decide(_ row: Row) {
        let presentation = PresentationRules.decide(
            content: row.content, settings: row.settings, state: row.state, foreground: row.foreground, at: Self.now)
        guard let expected = row.expected else {
            #expect(presentation == nil)
            return
        }
        guard let presentation else {
            Issue.record("\(row.name): not delivered")
            return
        }
        var shown = ""
        if presentation.banner { shown += "B" }
        if presentation.list { shown += "L" }
        if presentation.sound { shown += "S" }
        if presentation.badge { shown += "b" }
        if presentation.lockScreen { shown += "K" }
        if presentation.heldUntil != nil { shown += "H" }
        #expect(shown == expected, "\(row.name)")
        if let reason = row.reason { #expect(presentation.reasons.contains(reason), "\(row.name): \(presentation.reasons)") }
    }
}
