import Clocks
import ErrorCodes
import Foundation
import Logging
import NotificationCore
import Scheduling
import Storage

/// What `add` did.
package enum AddResult: Sendable, Hashable {
    /// Pending until its trigger fires; `replaced` when it took the place of one with the same identifier;
    /// `form`: the request's stored form, which is also its wire form.
    case scheduled(PendingRequest, replaced: Bool, form: Data)
    /// No trigger: delivered at once.
    case delivered(DeliveredNotification)
}

extension NotificationCenterService {
    /// `add(_:)`: validates in full, then schedules (an upsert by identifier) or, with no trigger,
    /// delivers at once. A center whose user has not allowed notifications (undecided or denied) refuses
    /// with `notificationsNotAllowed`, as the framework's `add` does.
    package func add(to center: CenterRecord, _ request: NotificationRequest) async throws -> AddResult {
        try request.validate()
        try center.settings.requireNotificationsAllowed()
        let now = clock.now
        guard let trigger = request.trigger else {
            let delivered = try await deliver(request, center: center, revision: 0, nextFireDate: nil, keepPending: false, at: now)
            guard let delivered else { throw NotificationError.notificationsNotAllowed(center.settings.authorizationStatus) }
            return .delivered(delivered)
        }
        let first = trigger.firstFireDate(addedAt: now, in: TimeZoneNames.zone(center.state.timeZone))
        if case .calendar = trigger, first == nil {
            throw NotificationError(
                code: .notificationInvalidNoDate, kind: .invalid,
                message: "`trigger.dateComponents` do not match any date after now; the request would never fire."
            )
        }
        let pending = PendingRequest(
            center: center.key, request: request, addedAt: now, nextFireDate: first, traceparent: TraceContext.traceparent)
        let form = try request.storedForm()
        let outcome = try await store.upsertPending(pending, form: form, limit: configuration.pendingLimit)
        return .scheduled(pending, replaced: outcome == .replaced, form: form)
    }

    package func pendingRequests(_ key: CenterKey, after cursor: String?, limit: Int) async throws -> Page<PendingRequest> {
        try await store.pendingRequests(key, after: cursor, limit: min(limit, configuration.pageLimit))
    }

    /// Removes pending requests by identifier (nil: all); identifiers that are not pending are ignored.
    package func removePendingRequests(_ key: CenterKey, identifiers: [String]?) async throws -> [String] {
        for identifier in identifiers ?? [] { try NotificationRequest.validateIdentifier(identifier, field: "identifiers") }
        let removed = try await store.removePending(key, identifiers: identifiers, at: clock.now) { [.user(.pendingRemoved($0))] }
        if !removed.isEmpty { await released() }
        return removed
    }

    package func deliveredNotifications(_ key: CenterKey, after cursor: String?, limit: Int) async throws -> Page<DeliveredNotification> {
        try await store.deliveredNotifications(key, after: cursor, limit: min(limit, configuration.pageLimit))
    }

    package func deliveredNotification(_ key: CenterKey, identifier: String) async throws -> DeliveredNotification {
        guard let notification = try await store.deliveredNotification(key, identifier: identifier) else {
            throw NotificationError.notificationNotFound(identifier)
        }
        return notification
    }

    /// Removes delivered notifications by identifier (nil: all), as the app does; others are ignored.
    package func removeDeliveredNotifications(_ key: CenterKey, identifiers: [String]?) async throws -> [String] {
        for identifier in identifiers ?? [] { try NotificationRequest.validateIdentifier(identifier, field: "identifiers") }
        let removed = try await store.removeDelivered(key, identifiers: identifiers, at: clock.now) { [.user(.deliveredRemoved($0))] }
        ReceiptEvent.count(.removed, by: removed.count)
        if !removed.isEmpty { await released() }
        return removed
    }

    // MARK: location

    /// A location update: fires every location trigger whose boundary the move crossed in a direction
    /// it asked for; one-shots then leave the pending list. Returns the identifiers fired.
    package func updateLocation(_ key: CenterKey, _ location: Location) async throws -> [String] {
        try location.validate()
        let previous = try await updateCenter(key) { center, _ in
            defer { center.state.location = location }
            return center.state.location
        }
        var fired: [String] = []
        for stored in try await store.pendingRequests(key, triggerKind: "location") {
            guard case .location(let region, let repeats) = stored.pending.request.trigger, region.isCrossed(from: previous, to: location)
            else { continue }
            let center = try await center(key)
            _ = try await deliver(
                stored.pending.request, center: center, revision: stored.revision, nextFireDate: nil, keepPending: repeats, at: clock.now)
            fired.append(stored.identifier)
        }
        return fired
    }

    // MARK: responses

    /// The user responded to a delivered notification: validated against its category; the content
    /// extension, if any, has its say; the response (if forwarded) and the removal (if any) are written
    /// with their events in one transaction. `admit` runs once the response is valid, before anything
    /// happens: what it throws refuses the response (a once-only token already used). `answeredOn`: the
    /// browser or phone the answer came from, which is sent no close of the notification.
    package func respond(
        _ key: CenterKey, identifier: String, _ response: NotificationResponse, answeredOn destination: String? = nil,
        channel: WebhookDeliveryRecord.Destination? = nil, admit: @Sendable () async throws -> Void = {}
    ) async throws -> ResponseDisposition {
        let center = try await center(key)
        guard let notification = try await store.deliveredNotification(key, identifier: identifier) else {
            throw NotificationError.notificationNotFound(identifier)
        }
        let category = try await category(of: notification.request, appID: center.appID)
        var disposition = try ResponseRules.validate(response, category: category, locked: center.state.locked)
        try await admit()
        // The category's content extension, if any, gets the category's actions first (B12).
        if disposition.action != nil, let option = await delegate.contentExtension(response, notification: notification, center: center) {
            disposition = disposition.answered(by: option)
        }
        // Durable in the outbox before the reply: the app gets it at least once. The receipt tells what
        // the user did, forwarded or not.
        let receipt = Self.receipt(of: response, to: notification, center: key, on: destination, channel: channel, at: clock.now)
        let forwarded: [ChangeEvent] =
            (disposition.forwardToDelegate ? [.app(.response(response, notification))] : []) + [.receipt(receipt)]
        if disposition.removesNotification {
            let removed = try await store.removeDelivered(key, identifiers: [identifier], at: clock.now) { removed in
                forwarded + (removed.isEmpty ? [] : [.user(.deliveredRemoved(removed)), .app(.notificationRemoved(removed))])
                    + (destination.map { [.answeredOn(destination: $0)] } ?? [])
            }
            ReceiptEvent.count(.removed, by: removed.count)
            if !removed.isEmpty { await released() }
        } else {
            _ = try await store.record(forwarded, for: key, at: clock.now)
        }
        receipt.count()
        return disposition
    }

    /// The receipt's step of a response: opened (the default action), dismissed, or one of the category's actions.
    private static func receipt(
        of response: NotificationResponse, to notification: DeliveredNotification, center: CenterKey, on destination: String?,
        channel: WebhookDeliveryRecord.Destination?, at date: Date
    ) -> ReceiptEvent {
        let stage: ReceiptEvent.Stage =
            switch response.actionIdentifier {
            case NotificationResponse.defaultActionIdentifier: .opened
            case NotificationResponse.dismissActionIdentifier: .dismissed
            default: .action
            }
        return ReceiptEvent(
            center: center, identifier: notification.request.identifier, deliveredAt: notification.date, destination: destination,
            channel: channel, stage: stage, at: date, detail: stage == .action ? response.actionIdentifier : nil)
    }

    // MARK: firing

    /// Fires claimed requests (the scheduler's `FiringHandler`). Those the app's extensions must see
    /// first (`willPresent` in the foreground, the service extension), as their centers are in the
    /// firing's transaction, are kept claimed and go to the extension lane, which fires them there, their
    /// claims renewed meanwhile; the rest fire at once.
    @discardableResult
    package func fire(_ due: [StoredPending], at now: Date) async throws -> [FiringRecord] {
        let fired = try await fire(due, at: now, prepared: nil)
        guard !fired.kept.isEmpty else { return fired.recorded }
        let waiting = fired.kept
        lane.submit { [self] in
            do {
                let prepared = await self.holdingClaims(waiting) {
                    await self.prepare(waiting.map { ($0.center, $0.pending.request, $0.pending.traceparent) }, at: now)
                }
                // Cut short by shutdown, the answers are not the app's: record nothing; the claims
                // end with their leases and the requests fire then (here or on another replica).
                guard !Task.isCancelled else { return }
                _ = try await self.fire(waiting, at: now, prepared: prepared)
            } catch {
                // Given back, to be claimed again (if the store cannot take them, their leases end).
                self.logger.error("firing after the extensions failed", metadata: ["error": .string("\(error)")])
                try? await self.store.releaseClaims(waiting)
            }
        }
        return fired.recorded
    }

    /// Runs `work` while renewing the claims' leases (on the lease clock, as every lease), so that a slow
    /// extension never lets another process take them over.
    private func holdingClaims<T: Sendable>(_ claims: [StoredPending], _ work: @Sendable () async -> T) async -> T {
        let store = store
        let wallClock = wallClock
        let lease = configuration.lease
        return await renewingLease({ try await store.extendClaims(claims, until: wallClock.now.addingTimeInterval(lease)) }, work)
    }

    /// Runs `work` while `renew` extends a lease every third of its length.
    func renewingLease<T: Sendable>(_ renew: @escaping @Sendable () async throws -> Void, _ work: @Sendable () async -> T) async -> T {
        let lease = configuration.lease
        return await withTaskGroup(of: T?.self) { group in
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(Int(lease * 1000 / 3)))
                    guard !Task.isCancelled else { break }
                    try? await renew()
                }
                return nil
            }
            let result = await work()
            group.cancelAll()
            return result
        }
    }

    /// Runs the extension lane until cancelled (beside the scheduler).
    package func runExtensionLane() async { await lane.run() }

    /// Returns once no firing waits on an extension (the virtual clock's settle).
    package func extensionsIdle() async { await lane.idle() }

    /// Whether the app's extensions get a say before `request` is delivered to `center`: `willPresent` in
    /// the foreground (B10), the service extension for `mutableContent` with alert text and alerts on (B18).
    static func asksExtensions(_ request: NotificationRequest, center: CenterRecord) -> Bool {
        guard center.settings.authorizationStatus.allowsDelivery else { return false }
        let mutable = request.content.mutableContent == true && request.content.hasAlertText && center.settings.alertSetting == .enabled
        return mutable || center.state.appState == .foreground
    }

    /// Decides the presentations from the centers as they are at this instant and records the whole
    /// batch, with its events, in one transaction. Without `prepared` (the extensions not asked yet), the
    /// requests the extensions must see first are kept claimed, not fired.
    private func fire(_ due: [StoredPending], at now: Date, prepared: [PreparedKey: Prepared]?) async throws -> FiredClaims {
        let tables = try await stringTables(for: due.map(\.center))
        let fired = try await store.fire(due, at: now) { stored, center in
            if prepared == nil, Self.asksExtensions(stored.pending.request, center: center) { return nil }
            let zone = TimeZoneNames.zone(center.state.timeZone)
            let next = stored.pending.request.trigger?.nextFireDate(afterDue: stored.pending.nextFireDate ?? now, now: now, in: zone)
            let ready = prepared?[PreparedKey(center: center.key, identifier: stored.identifier)]
            var firing = Self.firing(
                ready?.request ?? stored.pending.request, center: center, revision: stored.revision, nextFireDate: next, keepPending: false,
                at: now, foreground: ready?.foreground ?? .noDelegate, tables: tables[center.appID] ?? StringTables(),
                traceparent: stored.pending.traceparent, requestForm: ready == nil ? stored.requestForm : nil)
            firing.scheduledAt = stored.pending.addedAt
            return firing
        }
        ReceiptEvent.count(.fired, by: fired.recorded.count)
        return fired
    }

    /// The string tables of the apps of these centers (cached in memory).
    private func stringTables(for centers: [CenterKey]) async throws -> [String: StringTables] {
        var tables: [String: StringTables] = [:]
        for appID in Set(centers.map(\.appID)) { tables[appID] = try await store.stringTables(appID: appID) }
        return tables
    }

    /// Decides the presentation (after the extensions) and records the firing with its events.
    func deliver(
        _ request: NotificationRequest, center: CenterRecord, revision: Int64, nextFireDate: Date?, keepPending: Bool, at now: Date
    ) async throws -> DeliveredNotification? {
        let ready = await prepare([(center.key, request, TraceContext.traceparent)], at: now).values.first
        let record = Self.firing(
            ready?.request ?? request, center: center, revision: revision, nextFireDate: nextFireDate, keepPending: keepPending, at: now,
            foreground: ready?.foreground ?? .noDelegate, tables: try await store.stringTables(appID: center.appID),
            traceparent: TraceContext.traceparent)
        try await store.recordFirings([record], at: now)
        ReceiptEvent.count(.fired)
        return record.delivered
    }

    /// What the app's extensions make of requests about to be delivered, all at once (within the
    /// process's `extensionConcurrency` for each app): the service extension may change the content of a request with
    /// `mutableContent` and alert text, for a center that shows alerts (B18); then a center in the
    /// foreground asks `willPresent` (B10). Each call carries the `traceparent` of the call that added
    /// its request.
    func prepare(
        _ requests: [(center: CenterKey, request: NotificationRequest, traceparent: String?)], at now: Date
    ) async -> [PreparedKey: Prepared] {
        var asking: [(CenterRecord, NotificationRequest, String?)] = []
        let centers = (try? await store.centers(Set(requests.map(\.center)))) ?? [:]
        for (key, request, traceparent) in requests {
            guard let center = centers[key], Self.asksExtensions(request, center: center) else { continue }
            asking.append((center, request, traceparent))
        }
        guard !asking.isEmpty else { return [:] }
        let (delegate, calls) = (delegate, extensionCalls)
        return await withTaskGroup(of: (PreparedKey, Prepared).self) { group in
            for (center, request, traceparent) in asking {
                group.addTask {
                    await calls.run(center.appID) {
                        await TraceContext.$traceparent.withValue(traceparent) {
                            var ready = Prepared(request: request, foreground: .noDelegate)
                            if request.content.mutableContent == true,
                                let content = await delegate.serviceExtension(request, center: center)
                            {
                                ready.request.content = content
                            }
                            if center.state.appState == .foreground {
                                ready.foreground = await delegate.willPresent(ready.request, center: center, at: now)
                            }
                            return (PreparedKey(center: center.key, identifier: request.identifier), ready)
                        }
                    }
                }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
    }

    static func firing(
        _ request: NotificationRequest, center: CenterRecord, revision: Int64, nextFireDate: Date?, keepPending: Bool, at now: Date,
        foreground: ForegroundDecision, tables: StringTables, traceparent: String?, requestForm: Data? = nil
    ) -> FiringRecord {
        var request = request
        var requestForm = requestForm
        // Localization keys are resolved at delivery, in the center's locale (with the app's fallbacks).
        if request.content.titleLocalization != nil || request.content.subtitleLocalization != nil
            || request.content.bodyLocalization != nil
        {
            request.content = request.content.localized(with: tables, locale: center.state.locale)
            requestForm = nil
        }
        let presentation = PresentationRules.decide(
            content: request.content, settings: center.settings, state: center.state, foreground: foreground, at: now)
        return FiringRecord(
            center: center.key, identifier: request.identifier, revision: revision,
            delivered: presentation.map { DeliveredNotification(date: now, request: request, presentation: $0) },
            nextFireDate: nextFireDate, keepPending: keepPending, badge: presentation?.badge == true ? request.content.badge : nil,
            traceparent: traceparent, requestForm: presentation == nil ? nil : requestForm
        )
    }

}

/// One request of one center, for what `prepare` made of it.
struct PreparedKey: Hashable, Sendable {
    var center: CenterKey
    var identifier: String
}

/// A request as the extensions left it, and the delegate's answer in the foreground.
struct Prepared: Sendable {
    var request: NotificationRequest
    var foreground: ForegroundDecision
}
