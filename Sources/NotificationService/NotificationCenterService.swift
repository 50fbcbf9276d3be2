import Clocks
import Foundation
import Logging
import NotificationCore
import Scheduling
import Storage

/// The `UNUserNotificationCenter` behaviour of every center, on top of a store and a scheduler.
///
/// Every change is committed to the store before the method returns, together with the events it
/// reports to the user (the event stream) and to the app (its delegate's outbox), in one transaction.
/// Domain refusals are thrown as `NotificationError`s.
package final class NotificationCenterService: FiringHandler {
    package struct Configuration: Sendable, Equatable {
        /// Pending requests a center may hold (the framework keeps 64). At the limit, adding a new
        /// identifier is refused with `pendingLimitReached`; replacing an existing one is allowed.
        package var pendingLimit = 64
        package var pageLimit = 500
        /// How long a firing's claim lasts; firings that wait on the app's extensions renew it.
        package var lease: TimeInterval = Scheduler.defaultLease
        /// How many calls to one app's extensions (service extension, `willPresent`) one process makes at
        /// once; that app's others wait their turn.
        package var extensionConcurrency = 64

        package init() {}
    }

    let store: any NotificationStore
    package let clock: any SchedulerClock
    /// The wall clock the claims' leases run on (`Lease`), whatever `clock` is.
    package let wallClock: any WallClock
    let delegate: any CenterDelegate
    /// Firings waiting on the app's extensions.
    let lane = ExtensionLane()
    /// The calls to the apps' extensions in flight, at most `extensionConcurrency` for each app.
    let extensionCalls: CallLimiter
    let configuration: Configuration
    let logger: Logger
    /// Called after pending or delivered notifications were removed, before the caller hears of it: what
    /// they held (attachment files) may be let go now.
    let released: @Sendable () async -> Void

    package init(
        store: any NotificationStore, clock: any SchedulerClock, wallClock: any WallClock = SystemClock(),
        delegate: any CenterDelegate = NoDelegate(), configuration: Configuration = Configuration(), logger: Logger,
        released: @escaping @Sendable () async -> Void = {}
    ) {
        self.released = released
        self.store = store
        self.clock = clock
        self.wallClock = wallClock
        self.delegate = delegate
        self.configuration = configuration
        self.logger = logger
        extensionCalls = CallLimiter(limit: configuration.extensionConcurrency)
    }

    // MARK: centers

    /// Creates a center of the app; `centerExists` (409) if the app already has one with this id.
    package func createCenter(_ key: CenterKey, state: CenterState = CenterState()) async throws -> CenterRecord {
        let center = CenterRecord(id: key.centerID, appID: key.appID, state: state, createdAt: clock.now)
        do {
            try await store.insertCenter(center)
        } catch let error as StoreError where error.code == .conflict {
            throw NotificationError.centerExists(key.centerID)
        }
        return center
    }

    package func center(_ key: CenterKey) async throws -> CenterRecord {
        guard let center = try await store.center(key) else { throw NotificationError.centerNotFound(key.centerID) }
        return center
    }

    /// The sequence of the center's newest event (0 before the first).
    package func latestEvent(_ key: CenterKey) async throws -> Int64 {
        guard let latest = try await store.latestEvent(key) else { throw NotificationError.centerNotFound(key.centerID) }
        return latest
    }

    package func deleteCenter(_ key: CenterKey) async throws {
        guard try await store.deleteCenter(key, at: clock.now) else { throw NotificationError.centerNotFound(key.centerID) }
        await released()
    }

    // MARK: authorization and settings

    /// `requestAuthorization(options:)`: opens the prompt once, grants provisional at once, and returns
    /// the stored decision afterwards.
    package func requestAuthorization(_ key: CenterKey, options: Set<AuthorizationOption>) async throws -> AuthorizationRequestOutcome {
        let now = clock.now
        let promptID = UUID().uuidString.lowercased()
        return try await updateCenter(key) { center, events in
            let hadPrompt = center.prompt != nil
            let outcome = AuthorizationRules.request(
                options, settings: &center.settings, prompt: &center.prompt, newPromptID: promptID, now: now)
            if !hadPrompt, case .prompting(let prompt) = outcome { events.append(.user(.authorizationPrompt(prompt))) }
            if case .decided(_, .provisional) = outcome { events.append(.user(.settingsChanged(center.settings))) }
            return outcome
        }
    }

    /// The user's answer to the open prompt.
    package func answerAuthorizationPrompt(_ key: CenterKey, allowed: Bool) async throws -> NotificationSettings {
        try await updateCenter(key) { center, events in
            try AuthorizationRules.answer(allowed: allowed, settings: &center.settings, prompt: &center.prompt)
            events += [.user(.settingsChanged(center.settings)), .app(.authorizationChanged(center.settings))]
            return center.settings
        }
    }

    /// Settings the user changed. Leaving the Scheduled Summary ("Deliver Immediately") delivers what it
    /// held at once, as a summary.
    package func updateSettings(_ key: CenterKey, _ change: NotificationSettingsChange) async throws -> NotificationSettings {
        let (before, after) = try await updateCenter(key) { center, events in
            let before = center.settings
            try change.apply(to: &center.settings)
            if center.settings.authorizationStatus != .notDetermined { center.prompt = nil }
            events += [.user(.settingsChanged(center.settings)), .app(.settingsChanged(center.settings))]
            return (before, center.settings)
        }
        if before.scheduledDeliverySetting == .enabled, after.scheduledDeliverySetting != .enabled { _ = try await showNextSummary(key) }
        return after
    }

    /// App state, lock, focus, time zone, locale. A new time zone moves calendar triggers that follow
    /// the device's wall clock.
    package func updateState(_ key: CenterKey, _ change: CenterStateChange) async throws -> CenterState {
        let (before, after) = try await updateCenter(key) { center, _ in
            let before = center.state
            try change.apply(to: &center.state)
            return (before, center.state)
        }
        if before.timeZone != after.timeZone { try await rescheduleCalendarTriggers(key, zone: after.timeZone) }
        if !before.online, after.online { try await deliverHeldPush(key) }
        return after
    }

    private func rescheduleCalendarTriggers(_ key: CenterKey, zone: String) async throws {
        let now = clock.now
        for stored in try await store.pendingRequests(key, triggerKind: "calendar") {
            guard case .calendar(let match, _) = stored.pending.request.trigger, match.timeZone == nil else { continue }
            let next = match.nextDate(after: now, in: TimeZoneNames.zone(zone))
            try await store.reschedule(key, identifier: stored.identifier, revision: stored.revision, nextFireDate: next)
        }
    }

    // MARK: categories and string tables

    package func setCategories(appID: String, _ categories: [NotificationCategory]) async throws {
        try NotificationCategory.validate(categories)
        try await store.replaceCategories(appID: appID, categories)
    }

    package func categories(appID: String) async throws -> [NotificationCategory] {
        try await store.categories(appID: appID)
    }

    /// The app's category a request names (`content.categoryIdentifier`), if it names one the app has.
    package func category(of request: NotificationRequest, appID: String) async throws -> NotificationCategory? {
        guard let identifier = request.content.categoryIdentifier else { return nil }
        return try await store.categories(appID: appID).first { $0.identifier == identifier }
    }

    package func stringTables(appID: String) async throws -> StringTables { try await store.stringTables(appID: appID) }

    package func setStringTable(appID: String, locale: String, _ strings: [String: String]?) async throws {
        try await store.setStringTable(appID: appID, locale: locale, strings)
    }

    package func setDefaultLocale(appID: String, _ locale: String?) async throws {
        try await store.setDefaultLocale(appID: appID, locale)
    }

    // MARK: badge

    package func setBadgeCount(_ key: CenterKey, _ count: Int) async throws {
        guard (0...NotificationContent.maxCount).contains(count) else { throw NotificationError.badgeInputInvalid(count) }
        try await updateCenter(key) { center, events in
            center.badge = count
            events.append(.user(.badgeChanged(count)))
        }
    }

    /// Changes a center in one transaction with the events the change reports; `centerNotFound` if it
    /// does not exist.
    @discardableResult
    func updateCenter<T: Sendable>(
        _ key: CenterKey, _ change: @escaping @Sendable (inout CenterRecord, inout [ChangeEvent]) throws -> T
    ) async throws -> T {
        guard let result = try await store.updateCenter(key, at: clock.now, change) else {
            throw NotificationError.centerNotFound(key.centerID)
        }
        return result
    }
}
