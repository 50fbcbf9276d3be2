import Foundation
import Logging
import NotificationCore
import Scheduling
import Storage

/// The `UNUserNotificationCenter` behaviour of every center, on top of a store and a scheduler.
///
/// Every change is committed to the store before the method returns. Domain refusals are thrown as
/// `NotificationError`s.
package final class NotificationCenterService: FiringHandler {
    package struct Configuration: Sendable {
        /// Pending requests a center may hold (the framework keeps 64). At the limit, adding a new
        /// identifier is refused with `pendingLimitReached`; replacing an existing one is allowed.
        package var pendingLimit = 64
        package var pageLimit = 500

        package init() {}
    }

    let store: any NotificationStore
    package let clock: any SchedulerClock
    let events: any CenterEventSink
    let delegate: any CenterDelegate
    /// Firings waiting on the app's extensions.
    let lane = ExtensionLane()
    let configuration: Configuration
    let logger: Logger
    let wake: @Sendable () -> Void
    /// Called after pending or delivered notifications were removed, before the caller hears of it: what
    /// they held (attachment files) may be let go now.
    let released: @Sendable () async -> Void

    package init(
        store: any NotificationStore, clock: any SchedulerClock, events: any CenterEventSink = DiscardingEventSink(),
        delegate: any CenterDelegate = NoDelegate(), configuration: Configuration = Configuration(), logger: Logger,
        wake: @escaping @Sendable () -> Void, released: @escaping @Sendable () async -> Void = {}
    ) {
        self.released = released
        self.store = store
        self.clock = clock
        self.events = events
        self.delegate = delegate
        self.configuration = configuration
        self.logger = logger
        self.wake = wake
    }

    // MARK: centers

    package func createCenter(appID: String, id: String, state: CenterState = CenterState()) async throws -> CenterRecord {
        let center = CenterRecord(id: id, appID: appID, state: state, createdAt: clock.now)
        try await store.insertCenter(center)
        return center
    }

    package func center(_ id: String) async throws -> CenterRecord {
        guard let center = try await store.center(id: id) else { throw NotificationError.centerNotFound(id) }
        return center
    }

    package func deleteCenter(_ id: String) async throws {
        guard try await store.deleteCenter(id: id) else { throw NotificationError.centerNotFound(id) }
        await released()
    }

    // MARK: authorization and settings

    /// `requestAuthorization(options:)`: opens the prompt once, grants provisional at once, and returns
    /// the stored decision afterwards.
    package func requestAuthorization(centerID: String, options: Set<AuthorizationOption>) async throws -> AuthorizationRequestOutcome {
        let now = clock.now
        let promptID = UUID().uuidString.lowercased()
        let (outcome, opened) = try await updateCenter(centerID) { center in
            let hadPrompt = center.prompt != nil
            let outcome = AuthorizationRules.request(
                options, settings: &center.settings, prompt: &center.prompt, newPromptID: promptID, now: now)
            return (outcome, !hadPrompt && center.prompt != nil)
        }
        if opened, case .prompting(let prompt) = outcome { events.publish(.authorizationPrompt(prompt), centerID: centerID) }
        if case .decided(_, .provisional) = outcome {
            events.publish(.settingsChanged(try await center(centerID).settings), centerID: centerID)
        }
        return outcome
    }

    /// The user's answer to the open prompt.
    package func answerAuthorizationPrompt(centerID: String, allowed: Bool) async throws -> NotificationSettings {
        let settings = try await updateCenter(centerID) { center in
            try AuthorizationRules.answer(allowed: allowed, settings: &center.settings, prompt: &center.prompt)
            return center.settings
        }
        events.publish(.settingsChanged(settings), centerID: centerID)
        try await delegate.record(.authorizationChanged(settings), center: try await center(centerID))
        return settings
    }

    package func updateSettings(centerID: String, _ change: NotificationSettingsChange) async throws -> NotificationSettings {
        let settings = try await updateCenter(centerID) { center in
            try change.apply(to: &center.settings)
            if center.settings.authorizationStatus != .notDetermined { center.prompt = nil }
            return center.settings
        }
        events.publish(.settingsChanged(settings), centerID: centerID)
        try await delegate.record(.settingsChanged(settings), center: try await center(centerID))
        return settings
    }

    /// App state, lock, focus, time zone, locale. A new time zone moves calendar triggers that follow
    /// the device's wall clock.
    package func updateState(centerID: String, _ change: CenterStateChange) async throws -> CenterState {
        let (before, after) = try await updateCenter(centerID) { center in
            let before = center.state
            try change.apply(to: &center.state)
            return (before, center.state)
        }
        if before.timeZone != after.timeZone { try await rescheduleCalendarTriggers(centerID: centerID, zone: after.timeZone) }
        if !before.online, after.online { try await deliverHeldPush(centerID: centerID) }
        return after
    }

    private func rescheduleCalendarTriggers(centerID: String, zone: String) async throws {
        let now = clock.now
        for stored in try await store.pendingRequests(centerID: centerID, triggerKind: "calendar") {
            guard case .calendar(let match, _) = stored.pending.request.trigger, match.timeZone == nil else { continue }
            let next = match.nextDate(after: now, in: TimeZoneNames.zone(zone))
            try await store.reschedule(
                centerID: centerID, identifier: stored.pending.request.identifier, revision: stored.revision, nextFireDate: next)
        }
        wake()
    }

    // MARK: categories

    package func setCategories(appID: String, _ categories: [NotificationCategory]) async throws {
        try NotificationCategory.validate(categories)
        try await store.replaceCategories(appID: appID, categories)
    }

    package func stringTables(appID: String) async throws -> StringTables { try await store.stringTables(appID: appID) }

    package func setStringTable(appID: String, locale: String, _ strings: [String: String]?) async throws {
        try await store.setStringTable(appID: appID, locale: locale, strings)
    }

    package func setDefaultLocale(appID: String, _ locale: String?) async throws {
        try await store.setDefaultLocale(appID: appID, locale)
    }

    package func categories(appID: String) async throws -> [NotificationCategory] {
        try await store.categories(appID: appID)
    }

    // MARK: badge

    package func setBadgeCount(centerID: String, _ count: Int) async throws {
        guard (0...NotificationContent.maxCount).contains(count) else { throw NotificationError.badgeInputInvalid(count) }
        try await updateCenter(centerID) { $0.badge = count }
        events.publish(.badgeChanged(count), centerID: centerID)
    }

    func updateCenter<T: Sendable>(_ id: String, _ change: @Sendable (inout CenterRecord) throws -> T) async throws -> T {
        guard let result = try await store.updateCenter(id: id, change) else { throw NotificationError.centerNotFound(id) }
        return result
    }
}
