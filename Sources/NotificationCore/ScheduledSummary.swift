import Foundation

/// A Scheduled Summary as it is delivered: the notifications held for it, grouped by thread, each group
/// and the whole ordered by `relevanceScore` (highest first, then newest), the first one featured. A
/// group's line follows its category's `categorySummaryFormat`; with previews hidden (`never`, or
/// `whenAuthenticated` on a locked device) an item shows its category's `hiddenPreviewsBodyPlaceholder`.
package struct ScheduledSummary: Sendable, Hashable, Codable {
    package struct Item: Sendable, Hashable, Codable {
        package var identifier: String
        /// When it was delivered (and held).
        package var date: Date
        package var title: String?
        package var body: String?
        package var relevanceScore: Double?
    }

    package struct Group: Sendable, Hashable, Codable {
        package var threadIdentifier: String?
        /// The group's line: `categorySummaryFormat` with its count, or "N notifications".
        package var summary: String
        package var items: [Item]
    }

    /// When the summary came.
    package var date: Date
    /// The identifier of the featured notification (the most relevant).
    package var featured: String
    package var count: Int
    package var groups: [Group]

    /// The notification that shows the summary on the center's browsers and phones; it is not in the
    /// delivered list.
    package var notification: NotificationRequest {
        let first = groups.first?.items.first
        var lines = [[first?.title, first?.body].compactMap { $0 }.joined(separator: ": ")]
        lines += groups.map(\.summary)
        var content = NotificationContent(
            title: "Scheduled Summary", subtitle: count == 1 ? "1 notification" : "\(count) notifications",
            body: lines.filter { !$0.isEmpty }.joined(separator: "\n"), threadIdentifier: Self.threadIdentifier)
        content.userInfo = [
            "scheduledSummary": .object(["identifiers": .array(groups.flatMap(\.items).map { .string($0.identifier) })])
        ]
        return NotificationRequest(identifier: "\(Self.threadIdentifier)-\(Int64(date.timeIntervalSince1970 * 1000))", content: content)
    }

    /// The thread of summary notifications (and the prefix of their identifiers).
    package static let threadIdentifier = "scheduledSummary"

    /// The summary of `held` for a center with these settings and state, at `date`; nil when nothing is held.
    package init?(
        held: [DeliveredNotification], categories: [NotificationCategory], settings: NotificationSettings, state: CenterState, at date: Date
    ) {
        guard !held.isEmpty else { return nil }
        let hidden = settings.showPreviewsSetting == .never || (settings.showPreviewsSetting == .whenAuthenticated && state.locked)
        let byIdentifier = Dictionary(categories.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let ordered = held.sorted {
            let (left, right) = ($0.request.content.relevanceScore ?? 0, $1.request.content.relevanceScore ?? 0)
            return left != right ? left > right : $0.date > $1.date
        }
        var groups: [Group] = []
        var position: [String?: Int] = [:]
        for notification in ordered {
            let content = notification.request.content
            let category = content.categoryIdentifier.flatMap { byIdentifier[$0] }
            let item = Item(
                identifier: notification.request.identifier, date: notification.date, title: hidden ? nil : content.title,
                body: hidden ? category?.hiddenPreviewsBodyPlaceholder ?? "Notification" : content.body,
                relevanceScore: content.relevanceScore)
            if let index = position[content.threadIdentifier] {
                groups[index].items.append(item)
            } else {
                position[content.threadIdentifier] = groups.count
                groups.append(Group(threadIdentifier: content.threadIdentifier, summary: "", items: [item]))
            }
        }
        for index in groups.indices {
            let first = ordered.first { $0.request.content.threadIdentifier == groups[index].threadIdentifier }?.request.content
            let format = first?.categoryIdentifier.flatMap { byIdentifier[$0] }?.categorySummaryFormat
            groups[index].summary = Self.line(format, count: groups[index].items.count, argument: first?.summaryArgument)
        }
        self.date = date
        featured = ordered[0].request.identifier
        count = ordered.count
        self.groups = groups
    }

    /// A `categorySummaryFormat` filled in: `%u` (and the other integer forms) with the count, `%@`
    /// with the summary argument, `%%` as `%`.
    static func line(_ format: String?, count: Int, argument: String?) -> String {
        guard let format else { return count == 1 ? "1 notification" : "\(count) notifications" }
        var result = ""
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            let specifier = ["lu", "ld", "li", "u", "d", "i", "@", "%"].first { rest.hasPrefix($0) }
            switch specifier {
            case "@": result += argument ?? ""
            case "%": result += "%"
            case .some: result += String(count)
            case nil: result += "%"
            }
            if let specifier { rest = rest.dropFirst(specifier.count) }
        }
        return result + rest
    }

    /// What a notification released by its summary shows: to the list only (if the list is on), no
    /// banner, sound or Lock Screen; its badge was set when it was held.
    package static func released(_ notification: DeliveredNotification, settings: NotificationSettings) -> DeliveredNotification {
        var released = notification
        released.presentation = Presentation(
            list: notification.request.content.hasAlertText && settings.notificationCenterSetting == .enabled,
            badge: notification.presentation.badge, reasons: notification.presentation.reasons)
        return released
    }

    /// How the summary notification itself shows: a banner, or the Lock Screen on a locked device.
    package static func presentation(settings: NotificationSettings, state: CenterState) -> Presentation {
        Presentation(
            banner: settings.alertSetting == .enabled && settings.alertStyle != .none && !state.locked,
            lockScreen: state.locked && settings.lockScreenSetting == .enabled)
    }
}
