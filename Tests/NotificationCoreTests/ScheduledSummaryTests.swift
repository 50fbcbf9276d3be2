import Foundation
import NotificationCore
import Testing

/// A summary's grouping, order, lines and hidden previews, and how what it releases is presented.
@Suite struct ScheduledSummaryTests {
    static let now = Date(timeIntervalSince1970: 1_805_050_000)

    static func held(_ identifier: String, relevance: Double? = nil, thread: String? = nil, category: String? = nil, minutesAgo: Double)
        -> DeliveredNotification
    {
        DeliveredNotification(
            date: now.addingTimeInterval(-60 * minutesAgo),
            request: NotificationRequest(
                identifier: identifier,
                content: NotificationContent(
                    title: identifier.capitalized, body: "about \(identifier)", badge: 3, categoryIdentifier: category,
                    threadIdentifier: thread,
                    summaryArgument: thread.map { "\($0) desk" }, relevanceScore: relevance)),
            presentation: Presentation(badge: true, reasons: ["scheduledSummary"], heldUntil: now))
    }

    static let categories = [
        NotificationCategory(
            identifier: "STORY", actions: [], hiddenPreviewsBodyPlaceholder: "A story",
            categorySummaryFormat: "%u stories from the %@ (100%%)")
    ]

    static var settings: NotificationSettings { PresentationRulesTests.authorized }

    @Test func groupedByThreadMostRelevantFirstThenNewest() throws {
        let held = [
            Self.held("weather", minutesAgo: 30),
            Self.held("election", relevance: 0.9, thread: "politics", category: "STORY", minutesAgo: 60),
            Self.held("traffic", minutesAgo: 10),
            Self.held("debate", relevance: 0.5, thread: "politics", category: "STORY", minutesAgo: 5),
        ]
        let summary = try #require(
            ScheduledSummary(held: held, categories: Self.categories, settings: Self.settings, state: CenterState(), at: Self.now))
        #expect(summary.featured == "election" && summary.count == 4)
        #expect(summary.groups.map(\.threadIdentifier) == ["politics", nil])
        #expect(summary.groups[0].items.map(\.identifier) == ["election", "debate"])
        #expect(summary.groups[1].items.map(\.identifier) == ["traffic", "weather"], "equal relevance: newest first")
        #expect(summary.groups[0].summary == "2 stories from the politics desk (100%)")
        #expect(summary.groups[1].summary == "2 notifications")
        let notification = summary.notification
        #expect(notification.identifier == "scheduledSummary-1805050000000" && notification.content.threadIdentifier == "scheduledSummary")
        #expect(notification.content.body == "Election: about election\n2 stories from the politics desk (100%)\n2 notifications")
        #expect(ScheduledSummary(held: [], categories: [], settings: Self.settings, state: CenterState(), at: Self.now) == nil)
    }

    @Test(arguments: [
        (ShowPreviewsSetting.never, false, true), (.whenAuthenticated, true, true), (.whenAuthenticated, false, false),
        (.always, true, false),
    ])
    func hiddenPreviewsShowTheCategorysPlaceholder(_ previews: ShowPreviewsSetting, locked: Bool, hidden: Bool) throws {
        var settings = Self.settings
        settings.showPreviewsSetting = previews
        var state = CenterState()
        state.locked = locked
        let summary = try #require(
            ScheduledSummary(
                held: [Self.held("election", thread: "politics", category: "STORY", minutesAgo: 1), Self.held("weather", minutesAgo: 2)],
                categories: Self.categories, settings: settings, state: state, at: Self.now))
        let items = summary.groups.flatMap(\.items)
        if hidden {
            #expect(items.map(\.body) == ["A story", "Notification"] && items.allSatisfy { $0.title == nil })
        } else {
            #expect(items.map(\.body) == ["about election", "about weather"] && items.map(\.title) == ["Election", "Weather"])
        }
    }

    @Test func releasedQuietlyToTheListWithTheirBadge() {
        var settings = Self.settings
        let released = ScheduledSummary.released(Self.held("weather", minutesAgo: 1), settings: settings)
        #expect(released.presentation == Presentation(list: true, badge: true, reasons: ["scheduledSummary"]))
        #expect(!released.presentation.interrupts && released.level == .passive)
        settings.notificationCenterSetting = .disabled
        #expect(!ScheduledSummary.released(Self.held("weather", minutesAgo: 1), settings: settings).presentation.list)
        var state = CenterState()
        state.locked = true
        #expect(ScheduledSummary.presentation(settings: Self.settings, state: state) == Presentation(lockScreen: true))
        #expect(ScheduledSummary.presentation(settings: Self.settings, state: CenterState()) == Presentation(banner: true))
    }
}
