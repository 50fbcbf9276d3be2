import Clocks
import ErrorCodes
import Foundation
import NotificationCore
import NotificationService
import SQLiteStorage
import Scheduling
import Storage
import Synchronization
import Testing

@Suite struct CenterBehaviourTests {
    @Test func aTimeIntervalRequestFiresAtItsDateToTheMillisecond() async throws {
        let harness = try CenterHarness()
        harness.startScheduler()
        _ = try await harness.authorizedCenter()
        _ = try await harness.add("c1", request("r1", .timeInterval(90.5, repeats: false)))
        await harness.advance(by: 90.499)
        #expect(try await harness.delivered().isEmpty)
        await harness.advance(by: 0.001)
        let delivered = try await harness.delivered()
        #expect(delivered.map(\.request.identifier) == ["r1"])
        #expect(delivered.first?.date == CenterHarness.start.addingTimeInterval(90.5))
        #expect(delivered.first?.presentation == Presentation(banner: true, list: true, sound: true))
        #expect(try await harness.pending().isEmpty)
        await harness.stop()
    }

    /// An add announces its due date; the scheduler claims it only once it comes within the lookahead —
    /// an add due in an hour costs no claim now — and it still fires at its date.
    @Test func anAddDueLaterIsClaimedWhenItComesWithinTheLookaheadNotAtOnce() async throws {
        let harness = try CenterHarness()
        harness.startScheduler()
        _ = try await harness.authorizedCenter()
        await harness.scheduler.settle()
        let claimsBefore = await harness.scheduler.claims
        for index in 0..<5 { _ = try await harness.add("c1", request("later-\(index)", .timeInterval(3600, repeats: false))) }
        await harness.scheduler.settle(claiming: false)
        #expect(await harness.scheduler.claims == claimsBefore, "nothing comes due within the lookahead yet")

        harness.clock.advance(by: 3599.9)
        await harness.scheduler.settle(claiming: false)
        #expect(await harness.scheduler.claims > claimsBefore, "claimed ahead of its date")
        #expect(try await harness.delivered().isEmpty)

        harness.clock.advance(by: 0.1)
        await harness.scheduler.settle(claiming: false)
        await harness.service.extensionsIdle()
        #expect(Set(try await harness.delivered().map(\.request.identifier)) == Set((0..<5).map { "later-\($0)" }))
        await harness.stop()
    }

    /// A stream of requests due a millisecond apart is claimed ahead in chunks — a refill beside the
    /// firing loop whenever the earliest unclaimed one comes within half the lookahead — not once per
    /// firing; each still fires at its date.
    @Test func aSteadyStreamIsClaimedInChunksNotOncePerFiring() async throws {
        let harness = try CenterHarness(pendingLimit: 300)
        harness.startScheduler()
        _ = try await harness.authorizedCenter()
        for index in 0..<200 {
            _ = try await harness.add("c1", request("s-\(index)", .timeInterval(10 + Double(index) / 1000, repeats: false)))
        }
        await harness.scheduler.settle()
        let claimsBefore = await harness.scheduler.claims
        // From before the first comes within the lookahead to past the last one's date.
        harness.clock.advance(by: 9.7)
        for _ in 0..<500 {
            harness.clock.advance(by: 0.001)
            await harness.scheduler.settle(claiming: false)
        }
        await harness.service.extensionsIdle()
        let delivered = try await harness.delivered()
        #expect(delivered.count == 200)
        for notification in delivered {
            let index = try #require(Int(notification.request.identifier.dropFirst(2)))
            #expect(abs(notification.date.timeIntervalSince(CenterHarness.start) - (10 + Double(index) / 1000)) < 0.0005)
        }
        let claims = await harness.scheduler.claims - claimsBefore
        #expect(claims <= 200 / 16 + 3, "claimed \(claims) times for 200 firings")
        await harness.stop()
    }

    /// A burst is fired a batch at a time, and while one batch fires the next is already being claimed:
    /// when the first batch's firing starts, the claim of the second has started too.
    @Test func aBacklogClaimsTheNextBatchWhileOneFires() async throws {
        let counter = ClaimCounter()
        let harness = try CenterHarness(pendingLimit: 100, backlogBatchSize: 8) { service in
            counter.inner.withLock { $0 = service }
            return counter
        }
        counter.scheduler.withLock { $0 = harness.scheduler }
        harness.startScheduler()
        _ = try await harness.authorizedCenter()
        for index in 0..<30 {
            _ = try await harness.add("c1", request("b-\(index)", .timeInterval(60, repeats: false)))
        }
        await harness.scheduler.settle()
        let claimsBefore = await harness.scheduler.claims
        await harness.advance(by: 61)
        #expect(try await harness.delivered().count == 30)
        let fired = counter.fired.withLock { $0 }
        // How many batches depends on whether a refill ended before its cycle took what was due.
        #expect(
            fired.first.map { $0.claimsBefore - claimsBefore } == 2,
            "the first batch's claim, then the next one's, before it fired; batches \(fired.map(\.batch))")
        await harness.stop()
    }

    /// In a backlog a batch fires beside the loop, which takes and prepares the next meanwhile: the first
    /// batch's firing here goes on only once the second's has started. Two at most are in flight; one
    /// that fails gives its claims back, and they fire after the loop's pause, each request once. The
    /// backlog is long enough (64 requests in batches of 8) that whichever way claims and refills
    /// interleave, the batch after the first is still a backlog's, fired beside.
    @Test func aBacklogFiresTheNextBatchBesideTheOneBeingWritten() async throws {
        let probe = BesideProbe()
        let harness = try CenterHarness(pendingLimit: 100, backlogBatchSize: 8) { service in
            probe.inner.withLock { $0 = service }
            return probe
        }
        harness.startScheduler()
        _ = try await harness.authorizedCenter()
        for index in 0..<64 {
            _ = try await harness.add("c1", request("b-\(index)", .timeInterval(60, repeats: false)))
        }
        await harness.scheduler.settle()
        await harness.advance(by: 61)
        // The second batch failed: its requests fire once the pause (a second of the lease clock) is over.
        await harness.advance(by: FailureBackoff.first)
        #expect(try await harness.delivered().count == 64)
        #expect(try await harness.presented().count == 64, "each request fired once")
        let calls = probe.calls.withLock { $0 }
        #expect(calls.started >= 4 && calls.mostAtOnce == 2, "\(calls)")
        await harness.stop()
    }

    @Test func aRequestWithoutTriggerIsDeliveredAtOnceAndNeverPending() async throws {
        let harness = try CenterHarness()
        _ = try await harness.authorizedCenter()
        let result = try await harness.add("c1", request("now", nil))
        guard case .delivered(let delivered) = result else { Issue.record("not delivered: \(result)"); return }
        #expect(delivered.date == CenterHarness.start)
        #expect(try await harness.pending().isEmpty)
        #expect(try await harness.presented() == ["now"])
    }

    @Test func repeatingTriggersReArmAndReplaceTheirDeliveredNotification() async throws {
        let harness = try CenterHarness()
        harness.startScheduler()
        _ = try await harness.authorizedCenter()
        _ = try await harness.add("c1", request("tick", .timeInterval(60, repeats: true)))
        for round in 1...3 {
            await harness.advance(by: 60)
            #expect(try await harness.presented().count == round)
            #expect(try await harness.pending().first?.nextFireDate == CenterHarness.start.addingTimeInterval(Double(60 * (round + 1))))
        }
        let delivered = try await harness.delivered()
        #expect(delivered.count == 1)
        #expect(delivered.first?.date == CenterHarness.start.addingTimeInterval(180))
        await harness.stop()
    }

    @Test func addingTheSameIdentifierReplacesThePendingRequest() async throws {
        let harness = try CenterHarness()
        harness.startScheduler()
        _ = try await harness.authorizedCenter()
        _ = try await harness.add("c1", request("same", title: "first", .timeInterval(100, repeats: false)))
        await harness.advance(by: 50)
        let result = try await harness.add("c1", request("same", title: "second", .timeInterval(100, repeats: false)))
        guard case .scheduled(_, let replaced, _) = result else { Issue.record("\(result)"); return }
        #expect(replaced)
        #expect(try await harness.pending().count == 1)
        await harness.advance(by: 50)
        #expect(try await harness.delivered().isEmpty, "the first version must not fire")
        await harness.advance(by: 50)
        #expect(try await harness.delivered().map(\.request.content.title) == ["second"])
        // A later request with that identifier replaces the delivered one when it fires.
        _ = try await harness.add("c1", request("same", title: "third", .timeInterval(10, repeats: false)))
        #expect(try await harness.delivered().map(\.request.content.title) == ["second"])
        await harness.advance(by: 10)
        #expect(try await harness.delivered().map(\.request.content.title) == ["third"])
        await harness.stop()
    }

    @Test func aRequestRemovedAfterTheSchedulerClaimedItDoesNotFire() async throws {
        let harness = try CenterHarness()
        harness.startScheduler()
        _ = try await harness.authorizedCenter()
        _ = try await harness.add("c1", request("gone", .timeInterval(5, repeats: false)))
        _ = try await harness.add("c1", request("kept", .timeInterval(5, repeats: false)))
        // 100 ms before the due date both are claimed (the lookahead is 250 ms).
        await harness.advance(by: 4.9)
        // Their leases run on the wall clock, whatever the harness's clock says.
        #expect(try await harness.store.nextFireDate(leaseNow: Date()) == nil, "both claimed: nothing else comes next")
        _ = try await harness.service.removePendingRequests(harness.key("c1"), identifiers: ["gone"])
        await harness.advance(by: 0.1)
        #expect(try await harness.delivered().map(\.request.identifier) == ["kept"])
        await harness.stop()
    }

    @Test func thePendingLimitRefusesNewIdentifiersButAllowsReplacement() async throws {
        let harness = try CenterHarness(pendingLimit: 3)
        _ = try await harness.authorizedCenter()
        for index in 0..<3 { _ = try await harness.add("c1", request("r\(index)", .timeInterval(100, repeats: false))) }
        await #expect {
            try await harness.add("c1", request("r3", .timeInterval(100, repeats: false)))
        } throws: { ($0 as? NotificationError)?.code.rawValue == "pendingLimitReached" }
        _ = try await harness.add("c1", request("r1", title: "again", .timeInterval(5, repeats: false)))
        #expect(try await harness.pending().map(\.request.identifier) == ["r0", "r1", "r2"])
        _ = try await harness.service.removePendingRequests(harness.key("c1"), identifiers: ["r0", "unknown"])
        _ = try await harness.add("c1", request("r3", .timeInterval(100, repeats: false)))
        #expect(try await harness.pending().count == 3)
    }

    /// As the framework's `add`: an undecided center (the user has not answered) and a denied one refuse
    /// with `notificationsNotAllowed`, each saying why; nothing is kept. Once allowed, adds go in.
    @Test func anUndecidedOrDeniedCenterRefusesAddsAndKeepsNothing() async throws {
        let harness = try CenterHarness()
        _ = try await harness.service.createCenter(harness.key("c1"))
        for trigger: NotificationTrigger? in [.timeInterval(5, repeats: false), nil] {
            await #expect {
                try await harness.add("c1", request("early", trigger))
            } throws: { ($0 as? NotificationError) == .notificationsNotAllowed(.notDetermined) }
        }
        _ = try await harness.service.requestAuthorization(harness.key("c1"), options: [.alert])
        await #expect {
            try await harness.add("c1", request("asked", .timeInterval(5, repeats: false)))
        } throws: { ($0 as? NotificationError)?.message.contains("has not answered") == true }
        _ = try await harness.service.answerAuthorizationPrompt(harness.key("c1"), allowed: false)
        await #expect {
            try await harness.add("c1", request("late", .timeInterval(5, repeats: false)))
        } throws: { ($0 as? NotificationError) == .notificationsNotAllowed(.denied) }
        #expect(try await harness.pending().isEmpty)
        #expect(try await harness.delivered().isEmpty)

        // Allowed, then turned off in Settings: what was pending still fires, undelivered.
        try await harness.authorizedCenter("c2")
        _ = try await harness.add("c2", request("allowed", .timeInterval(5, repeats: false)))
        #expect(try await harness.pending("c2").map(\.request.identifier) == ["allowed"])
        var off = NotificationSettingsChange()
        off.authorizationStatus = .denied
        _ = try await harness.service.updateSettings(harness.key("c2"), off)
        harness.startScheduler()
        await harness.advance(by: 5)
        #expect(try await harness.pending("c2").isEmpty)
        #expect(try await harness.delivered("c2").isEmpty)
        await harness.stop()
    }

    @Test func theAuthorizationPromptIsAskedOnceAndPublished() async throws {
        let harness = try CenterHarness()
        _ = try await harness.service.createCenter(harness.key("c1"))
        let first = try await harness.service.requestAuthorization(harness.key("c1"), options: [.alert])
        let second = try await harness.service.requestAuthorization(harness.key("c1"), options: [.alert])
        #expect(first == second)
        #expect(try await harness.events().filter { $0.name == "authorizationPrompt" }.count == 1)
        _ = try await harness.service.answerAuthorizationPrompt(harness.key("c1"), allowed: true)
        #expect(
            try await harness.service.requestAuthorization(harness.key("c1"), options: [.alert])
                == .decided(granted: true, status: .authorized))
    }

    @Test func provisionalDeliversQuietly() async throws {
        let harness = try CenterHarness()
        _ = try await harness.service.createCenter(harness.key("c1"))
        #expect(
            try await harness.service.requestAuthorization(harness.key("c1"), options: [.provisional, .alert])
                == .decided(granted: true, status: .provisional))
        guard case .delivered(let delivered) = try await harness.add("c1", request("q", badge: 2, nil)) else {
            Issue.record("not delivered"); return
        }
        #expect(delivered.presentation.list)
        #expect(!delivered.presentation.banner && !delivered.presentation.sound && !delivered.presentation.badge)
        #expect(try await harness.service.center(harness.key("c1")).badge == 0)
    }

    @Test func badgesFollowContentAndSetBadgeCount() async throws {
        let harness = try CenterHarness()
        _ = try await harness.authorizedCenter()
        _ = try await harness.add("c1", request("b", badge: 5, nil))
        #expect(try await harness.service.center(harness.key("c1")).badge == 5)
        _ = try await harness.add("c1", request("nochange", nil))
        #expect(try await harness.service.center(harness.key("c1")).badge == 5)
        try await harness.service.setBadgeCount(harness.key("c1"), 0)
        #expect(try await harness.service.center(harness.key("c1")).badge == 0)
        await #expect(throws: NotificationError.badgeInputInvalid(-1)) { try await harness.service.setBadgeCount(harness.key("c1"), -1) }
    }

    @Test func calendarTriggersFireInTheCentersTimeZoneAndFollowItsChanges() async throws {
        let harness = try CenterHarness()
        harness.startScheduler()
        _ = try await harness.authorizedCenter(timeZone: "America/New_York")
        // 2027-01-15T08:00Z is 03:00 in New York; 09:00 there is 14:00Z.
        _ = try await harness.add("c1", request("daily", .calendar(DateMatch(hour: 9, minute: 0), repeats: true)))
        #expect(try await harness.pending().first?.nextFireDate == (try Date("2027-01-15T14:00:00Z", strategy: .iso8601)))
        // The user flies to Berlin: 09:00 there is 08:00Z the next day.
        _ = try await harness.service.updateState(harness.key("c1"), CenterStateChange(timeZone: "Europe/Berlin"))
        #expect(try await harness.pending().first?.nextFireDate == (try Date("2027-01-16T08:00:00Z", strategy: .iso8601)))
        await harness.advance(to: try Date("2027-01-16T08:00:00Z", strategy: .iso8601))
        #expect(try await harness.delivered().count == 1)
        #expect(try await harness.pending().first?.nextFireDate == (try Date("2027-01-17T08:00:00Z", strategy: .iso8601)))
        await harness.stop()
    }

    @Test func locationTriggersFireOnCrossingInTheAskedDirection() async throws {
        let harness = try CenterHarness()
        _ = try await harness.authorizedCenter()
        let region = LocationRegion(
            identifier: "office", latitude: 52.52, longitude: 13.405, radius: 150, notifyOnEntry: true, notifyOnExit: false)
        _ = try await harness.add("c1", request("arrive", .location(region, repeats: false)))
        let inside = Location(latitude: 52.5201, longitude: 13.4051)
        let outside = Location(latitude: 52.53, longitude: 13.405)
        #expect(try await harness.service.updateLocation(harness.key("c1"), inside).isEmpty, "being inside is not crossing")
        #expect(try await harness.service.updateLocation(harness.key("c1"), outside).isEmpty, "leaving an entry region")
        #expect(try await harness.service.updateLocation(harness.key("c1"), inside) == ["arrive"])
        #expect(try await harness.pending().isEmpty, "a one-shot leaves")
        #expect(try await harness.delivered().map(\.request.identifier) == ["arrive"])
        #expect(try await harness.service.updateLocation(harness.key("c1"), outside).isEmpty)
        // A repeating one stays pending as it was, and fires at each entry.
        _ = try await harness.add("c1", request("every", .location(region, repeats: true)))
        #expect(try await harness.service.updateLocation(harness.key("c1"), inside) == ["every"])
        #expect(try await harness.pending().map(\.request.identifier) == ["every"], "a repeating one stays")
        #expect(try await harness.service.updateLocation(harness.key("c1"), outside).isEmpty)
        #expect(try await harness.service.updateLocation(harness.key("c1"), inside) == ["every"])
        #expect(Set(try await harness.delivered().map(\.request.identifier)) == ["arrive", "every"])
    }

    @Test func respondingValidatesAgainstTheCategoryAndDismissRemoves() async throws {
        let harness = try CenterHarness()
        _ = try await harness.authorizedCenter()
        let reply = NotificationAction(identifier: "REPLY", title: "Reply", textInput: .init(buttonTitle: "Send", placeholder: ""))
        try await harness.service.setCategories(appID: "app", [NotificationCategory(identifier: "MSG", actions: [reply])])
        var message = request("m1", nil)
        message.content.categoryIdentifier = "MSG"
        _ = try await harness.add("c1", message)
        await #expect(throws: NotificationError.self) {
            try await harness.service.respond(harness.key("c1"), identifier: "m1", NotificationResponse(actionIdentifier: "REPLY"))
        }
        // Choosing an action clears the notification, as on iOS.
        let disposition = try await harness.service.respond(
            harness.key("c1"), identifier: "m1", NotificationResponse(actionIdentifier: "REPLY", userText: "hi"))
        #expect(disposition.forwardToDelegate && disposition.removesNotification)
        #expect(try await harness.delivered().isEmpty)
        _ = try await harness.add("c1", message)
        _ = try await harness.service.respond(
            harness.key("c1"), identifier: "m1", NotificationResponse(actionIdentifier: NotificationResponse.dismissActionIdentifier))
        #expect(try await harness.delivered().isEmpty)
        await #expect {
            try await harness.service.respond(
                harness.key("c1"), identifier: "m1", NotificationResponse(actionIdentifier: NotificationResponse.defaultActionIdentifier))
        } throws: { ($0 as? NotificationError)?.code.rawValue == "notificationNotFound" }
    }

    /// B20: a category registered later still works; until then the notification has no actions.
    @Test func aCategoryRegisteredAfterTheAddGetsItsActions() async throws {
        let harness = try CenterHarness()
        _ = try await harness.authorizedCenter()
        var message = request("m1", nil)
        message.content.categoryIdentifier = "LATER"
        _ = try await harness.add("c1", message)
        let done = NotificationResponse(actionIdentifier: "DONE")
        await #expect { try await harness.service.respond(harness.key("c1"), identifier: "m1", done) } throws: {
            ($0 as? NotificationError)?.code.rawValue == "unknownAction"
        }
        try await harness.service.setCategories(
            appID: "app", [NotificationCategory(identifier: "LATER", actions: [NotificationAction(identifier: "DONE", title: "Done")])])
        _ = try await harness.service.respond(harness.key("c1"), identifier: "m1", done)
    }
}

/// Watches the scheduler's firing calls: the first waits until the second has started, the second fails.
final class BesideProbe: FiringHandler {
    struct Calls: Sendable {
        var started = 0
        var inFlight = 0
        var mostAtOnce = 0
    }

    let inner = Mutex<(any FiringHandler)?>(nil)
    let calls = Mutex(Calls())
    private let secondStarted = WakeSignal()

    func fire(_ due: [StoredPending], at now: Date) async throws -> [FiringRecord] {
        let number = calls.withLock { calls in
            calls.started += 1
            calls.inFlight += 1
            calls.mostAtOnce = max(calls.mostAtOnce, calls.inFlight)
            return calls.started
        }
        defer { calls.withLock { $0.inFlight -= 1 } }
        switch number {
        case 1: await secondStarted.wait()
        case 2:
            secondStarted.signal()
            throw StoreError(.unavailable, "the second batch fails once")
        default: break
        }
        return try await inner.withLock { $0 }!.fire(due, at: now)
    }
}

/// Passes firings on to the service, noting each batch's size and how many claims the scheduler had
/// started when it came.
final class ClaimCounter: FiringHandler {
    let inner = Mutex<(any FiringHandler)?>(nil)
    let scheduler = Mutex<Scheduler?>(nil)
    let fired = Mutex<[(batch: Int, claimsBefore: Int)]>([])

    func fire(_ due: [StoredPending], at now: Date) async throws -> [FiringRecord] {
        let claims = await scheduler.withLock { $0 }?.claims ?? 0
        fired.withLock { $0.append((due.count, claims)) }
        return try await inner.withLock { $0 }!.fire(due, at: now)
    }
}
