import ErrorCodes
import Foundation
import NotificationCore
import Storage
import Synchronization
import Testing
import Webhooks

/// The contract of `NotificationStore` and its siblings, which every store keeps: the same suite runs
/// against every factory in `StoreFactory.all`.
@Suite struct StoreContractTests {
    static let now = Date(timeIntervalSince1970: 1_000_000)
    let center = CenterKey(appID: "a", centerID: "c")

    func pending(_ identifier: String, center: CenterKey? = nil, fireIn seconds: Double?, media: [String] = []) -> PendingRequest {
        var content = NotificationContent(title: identifier)
        if !media.isEmpty { content.attachments = media.map { AttachmentReference(identifier: $0, mediaID: $0) } }
        return PendingRequest(
            center: center ?? self.center,
            request: NotificationRequest(identifier: identifier, content: content, trigger: .timeInterval(seconds ?? 1, repeats: false)),
            addedAt: Self.now, nextFireDate: seconds.map { Self.now.addingTimeInterval($0) })
    }

    /// Runs `body` with a fresh store holding app `a` and its center `c`.
    func withStore(_ factory: StoreFactory, _ body: (any ContractStore, @escaping Reopen) async throws -> Void) async throws {
        try await factory.run { store, reopen in
            try await store.insertApp(AppRecord(id: "a", name: "A", createdAt: Self.now))
            try await store.insertCenter(CenterRecord(id: "c", appID: "a", createdAt: Self.now))
            try await body(store, reopen)
        }
    }

    /// A file of `bytes` to take in as media.
    func file(_ bytes: Int) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("media-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 7, count: bytes))
        return path
    }

    func fire(_ store: any ContractStore, _ claims: [StoredPending], at date: Date, delivered: Bool = false) async throws -> [FiringRecord]
    {
        try await store.fire(claims, at: date) { claim, _ in
            FiringRecord(
                center: claim.center, identifier: claim.identifier, revision: claim.revision,
                delivered: delivered
                    ? DeliveredNotification(date: date, request: claim.pending.request, presentation: Presentation(list: true)) : nil,
                nextFireDate: nil)
        }.recorded
    }

    // MARK: durability and keys

    @Test(arguments: StoreFactory.all)
    func aCenterUpdateWritesWhatChangedAndKeepsTheRest(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, reopen) async throws in
            let prompt = AuthorizationPrompt(id: "p1", options: [.alert, .badge], askedAt: Self.now)
            _ = try await store.updateCenter(center, at: Self.now) { center, _ in center.prompt = prompt }
            _ = try await store.updateCenter(center, at: Self.now) { center, _ in center.settings.authorizationStatus = .authorized }
            _ = try await store.updateCenter(center, at: Self.now) { center, _ in center.state.timeZone = "Europe/Berlin" }
            _ = try await store.updateCenter(center, at: Self.now) { center, _ in center.badge = 3 }
            var record = try #require(try await reopen().center(center))
            #expect(record.prompt == prompt)
            #expect(record.settings.authorizationStatus == .authorized)
            #expect(record.state.timeZone == "Europe/Berlin")
            #expect(record.badge == 3)
            // Each change again, the others as they were: no column was written from a stale copy.
            _ = try await store.updateCenter(center, at: Self.now) { center, _ in
                center.prompt = nil
                center.state.locale = "de"
            }
            record = try #require(try await reopen().center(center))
            #expect(record.prompt == nil && record.state.locale == "de" && record.state.timeZone == "Europe/Berlin")
            #expect(record.settings.authorizationStatus == .authorized && record.badge == 3)
        }
    }

    @Test(arguments: StoreFactory.all)
    func reopeningKeepsTheData(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, reopen) async throws in
            _ = try await store.upsertPending(pending("p", fireIn: 10), limit: 64)
            let reopened = try await reopen()
            #expect(try await reopened.center(center)?.appID == "a")
            #expect(try await reopened.pendingRequests(center, after: nil, limit: 10).items.map(\.request.identifier) == ["p"])
        }
    }

    @Test(arguments: StoreFactory.all)
    func centerIdsAreScopedToTheirApp(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            try await store.insertApp(AppRecord(id: "b", name: "B", createdAt: Self.now))
            let other = CenterKey(appID: "b", centerID: "c")
            try await store.insertCenter(CenterRecord(id: "c", appID: "b", createdAt: Self.now))
            _ = try await store.upsertPending(pending("same", fireIn: 10), limit: 64)
            _ = try await store.upsertPending(pending("same", center: other, fireIn: 20), limit: 64)
            _ = try await store.updateCenter(other, at: Self.now) { center, events in
                center.badge = 3
                events.append(.user(.badgeChanged(3)))
            }
            #expect(try await store.center(center)?.badge == 0)
            #expect(try await store.center(other)?.badge == 3)
            #expect(
                try await store.pendingRequests(center, after: nil, limit: 10).items.first?.nextFireDate == Self.now.addingTimeInterval(10))
            #expect(
                try await store.pendingRequests(other, after: nil, limit: 10).items.first?.nextFireDate == Self.now.addingTimeInterval(20))
            #expect(try await store.latestEvent(center) == 0)
            #expect(try await store.latestEvent(other) == 1)
            #expect(try await store.deleteCenter(other, at: Self.now))
            #expect(try await store.pendingRequests(center, after: nil, limit: 10).items.count == 1, "app a's c is untouched")
        }
    }

    @Test(arguments: StoreFactory.all)
    func aSecondCenterWithTheSameKeyIsAConflict(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            await #expect {
                try await store.insertCenter(CenterRecord(id: "c", appID: "a", createdAt: Self.now))
            } throws: { ($0 as? StoreError)?.code == .conflict }
        }
    }

    // MARK: claims

    @Test(arguments: StoreFactory.all)
    func dueRowsAreClaimedOnceUntilTheLeaseExpires(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            // Due order is not the order of the keys: claims come in due order.
            for (id, seconds) in [("a", 2.0), ("b", 1.0), ("c", 30.0)] {
                _ = try await store.upsertPending(pending(id, fireIn: seconds), limit: 64)
            }
            let now = Self.now.addingTimeInterval(5)
            let claimed = try await store.claimDue(now: now, limit: 10, lease: Lease(seconds: 60, from: now)).claims
            #expect(claimed.map(\.identifier) == ["b", "a"])
            #expect(claimed.allSatisfy { $0.claim != nil })
            #expect(try await store.claimDue(now: now, limit: 10, lease: Lease(seconds: 60, from: now)).claims.isEmpty, "claimed once")
            #expect(try await store.nextFireDate(leaseNow: now) == Self.now.addingTimeInterval(30), "a live claim is not the next date")
            let later = now.addingTimeInterval(61)
            #expect(
                try await store.claimDue(now: later, limit: 10, lease: Lease(seconds: 60, from: later)).claims.map(\.identifier) == [
                    "b", "a", "c",
                ],
                "expired leases are taken over")
        }
    }

    @Test(arguments: StoreFactory.all)
    func aLiveClaimHidesItsRequestFromTheNextDateUntilItsLeaseEnds(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            _ = try await store.upsertPending(pending("a", fireIn: 1), limit: 64)
            let now = Self.now.addingTimeInterval(1)
            _ = try await store.claimDue(now: now, limit: 10, lease: Lease(seconds: 10, from: now))
            #expect(try await store.nextFireDate(leaseNow: now) == nil, "held")
            #expect(try await store.nextFireDate(leaseNow: now.addingTimeInterval(11)) == now, "claimable again once the lease ended")
        }
    }

    /// Leases are about processes: they run on the wall clock, whatever the schedule's clock says. A
    /// virtual clock moved far ahead neither ends a lease early nor keeps one alive; only the lease's
    /// own clock does.
    @Test(arguments: StoreFactory.all)
    func leasesRunOnTheirOwnClockNotTheSchedules(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            _ = try await store.upsertPending(pending("x", fireIn: 1), limit: 64)
            let schedule = Self.now.addingTimeInterval(1)
            let wall = Date(timeIntervalSince1970: 1_900_000_000)
            let first = try await store.claimDue(now: schedule, limit: 1, lease: Lease(seconds: 10, from: wall)).claims
            #expect(first.count == 1)
            let movedOn = schedule.addingTimeInterval(86_400)
            #expect(
                try await store.claimDue(now: movedOn, limit: 1, lease: Lease(seconds: 10, from: wall.addingTimeInterval(1))).claims
                    .isEmpty,
                "a day on the schedule's clock is a second on the lease's: still held")
            let taken = try await store.claimDue(now: schedule, limit: 1, lease: Lease(seconds: 10, from: wall.addingTimeInterval(11)))
                .claims
            #expect(taken.count == 1, "ten seconds on the lease's clock end it, though the schedule's stood still")
            #expect(try await fire(store, first, at: schedule).isEmpty, "the first holder is fenced")
            #expect(try await fire(store, taken, at: schedule).count == 1)
        }
    }

    /// A claim whose lease ran out still holds its request until another claim takes it: a scheduler on a
    /// virtual clock holds claims for dates that come whenever the operator moves the clock, which may be
    /// long after their leases ended. The fence is the token, not the time.
    @Test(arguments: StoreFactory.all)
    func aClaimWhoseLeaseEndedStillFiresWhileNobodyTookItsRequest(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            _ = try await store.upsertPending(pending("x", fireIn: 1), limit: 64)
            let now = Self.now.addingTimeInterval(1)
            let claimed = try await store.claimDue(now: now, limit: 1, lease: Lease(seconds: 10, from: Date(timeIntervalSince1970: 0)))
                .claims
            #expect(try await fire(store, claimed, at: now, delivered: true).count == 1)
        }
    }

    /// Fencing: a holder whose lease ran out and whose request another holder took records nothing; the
    /// new holder records the firing, once.
    @Test(arguments: StoreFactory.all)
    func onlyTheHoldingClaimRecordsAFiring(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            _ = try await store.upsertPending(pending("x", fireIn: 1), limit: 64)
            let now = Self.now.addingTimeInterval(1)
            let stale = try await store.claimDue(now: now, limit: 1, lease: Lease(seconds: 10, from: now)).claims
            let later = now.addingTimeInterval(11)
            let taken = try await store.claimDue(now: later, limit: 1, lease: Lease(seconds: 10, from: later)).claims
            #expect(taken.first?.claim != stale.first?.claim)
            #expect(try await fire(store, stale, at: later, delivered: true).isEmpty, "another claim holds it now")
            #expect(try await fire(store, taken, at: later, delivered: true).count == 1)
            #expect(try await fire(store, taken, at: later, delivered: true).isEmpty, "fired once")
            #expect(try await store.deliveredNotifications(center, after: nil, limit: 10).items.count == 1)
        }
    }

    @Test(arguments: StoreFactory.all)
    func aFiringLeavesARequestReplacedAfterItsClaimAlone(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            _ = try await store.upsertPending(pending("x", fireIn: 1), limit: 64)
            let now = Self.now.addingTimeInterval(2)
            let claimed = try await store.claimDue(now: now, limit: 1, lease: Lease(seconds: 60, from: now)).claims
            _ = try await store.upsertPending(pending("x", fireIn: 100), limit: 64)
            #expect(try await fire(store, claimed, at: now).isEmpty)
            #expect(
                try await store.pendingRequests(center, after: nil, limit: 10).items.first?.nextFireDate == Self.now.addingTimeInterval(100)
            )
        }
    }

    @Test(arguments: StoreFactory.all)
    func releasedClaimsAreClaimableAtOnce(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            _ = try await store.upsertPending(pending("x", fireIn: 1), limit: 64)
            let now = Self.now.addingTimeInterval(1)
            let claimed = try await store.claimDue(now: now, limit: 1, lease: Lease(seconds: 60, from: now)).claims
            try await store.releaseClaims(claimed)
            #expect(try await store.claimDue(now: now, limit: 1, lease: Lease(seconds: 60, from: now)).claims.count == 1)
        }
    }

    @Test(arguments: StoreFactory.all)
    func extendedClaimsOutliveTheirFirstLease(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            _ = try await store.upsertPending(pending("x", fireIn: 1), limit: 64)
            let now = Self.now.addingTimeInterval(1)
            let claimed = try await store.claimDue(now: now, limit: 1, lease: Lease(seconds: 10, from: now)).claims
            try await store.extendClaims(claimed, until: now.addingTimeInterval(30))
            let later = now.addingTimeInterval(20)
            #expect(try await store.claimDue(now: later, limit: 1, lease: Lease(seconds: 10, from: later)).claims.isEmpty)
            #expect(try await fire(store, claimed, at: later).count == 1)
        }
    }

    // MARK: the pending limit and pages

    @Test(arguments: StoreFactory.all)
    func theLimitCountsWhatIsPendingAfterFiringsAndRemovals(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            for id in ["a", "b"] { _ = try await store.upsertPending(pending(id, fireIn: 1), limit: 2) }
            await #expect(throws: NotificationError.pendingLimitReached(2)) {
                try await store.upsertPending(pending("c", fireIn: 1), limit: 2)
            }
            #expect(try await store.upsertPending(pending("a", fireIn: 5), limit: 2) == .replaced, "replacing works at the limit")
            let now = Self.now.addingTimeInterval(2)
            let claimed = try await store.claimDue(now: now, limit: 1, lease: Lease(seconds: 60, from: now)).claims
            #expect(try await fire(store, claimed, at: now).count == 1)
            #expect(try await store.upsertPending(pending("c", fireIn: 1), limit: 2) == .added)
            #expect(try await store.removePending(center, identifiers: nil, at: now) { _ in [] }.count == 2)
            for id in ["d", "e"] { _ = try await store.upsertPending(pending(id, fireIn: 1), limit: 2) }
        }
    }

    @Test(arguments: StoreFactory.all)
    func pagesFollowTheirCursors(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            for index in 0..<7 { _ = try await store.upsertPending(pending("p\(index)", fireIn: 10), limit: 64) }
            var cursor: String?
            var seen: [String] = []
            repeat {
                let page = try await store.pendingRequests(center, after: cursor, limit: 3)
                seen += page.items.map(\.request.identifier)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(seen == (0..<7).map { "p\($0)" })
        }
    }

    /// Concurrent adds: the limit holds exactly, a refused add leaves the others in, and all survive.
    @Test(arguments: StoreFactory.all)
    func concurrentAddsKeepTheLimitExact(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, reopen) async throws in
            let outcomes = await withTaskGroup(of: String.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        do {
                            return "\(try await store.upsertPending(self.pending("r\(index % 150)", fireIn: 60), limit: 64))"
                        } catch let error as NotificationError {
                            return error.code.rawValue
                        } catch {
                            return "\(error)"
                        }
                    }
                }
                return await group.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
            }
            #expect(outcomes["added", default: 0] == 64, "\(outcomes)")
            #expect(outcomes["pendingLimitReached", default: 0] + outcomes["replaced", default: 0] + 64 == 200, "\(outcomes)")
            #expect(try await reopen().pendingRequests(center, after: nil, limit: 500).items.count == 64)
        }
    }

    /// Concurrent adds that the store refuses (no such center, a missing attachment) fail alone: the
    /// adds written with them (PostgreSQL batches concurrent adds in one statement) are in, holds and all.
    @Test(arguments: StoreFactory.all)
    func refusedAddsAmongConcurrentOnesFailAlone(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, reopen) async throws in
            try await insertImage(store)
            let elsewhere = CenterKey(appID: "a", centerID: "nowhere")
            let outcomes = await withTaskGroup(of: (Int, String).self) { group in
                for index in 0..<60 {
                    group.addTask {
                        let request =
                            switch index % 3 {
                            case 0: self.pending("r\(index)", center: elsewhere, fireIn: 60)
                            case 1: self.pending("r\(index)", fireIn: 60, media: index % 2 == 0 ? ["m1"] : ["missing"])
                            default: self.pending("r\(index)", fireIn: 60)
                            }
                        do {
                            return (index, "\(try await store.upsertPending(request, limit: 64))")
                        } catch let error as NotificationError {
                            return (index, error.code.rawValue)
                        } catch {
                            return (index, "\(error)")
                        }
                    }
                }
                // An add PostgreSQL fails outright (text holds no NUL), which fails the statement of its batch.
                group.addTask {
                    (-1, (try? await store.upsertPending(self.pending("nul\u{0}", fireIn: 60), limit: 64)).map { "\($0)" } ?? "")
                }
                return await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
            }
            for (index, outcome) in outcomes where index >= 0 {
                let expected =
                    switch index % 3 {
                    case 0: "centerNotFound"
                    case 1: index % 2 == 0 ? "added" : "attachmentNotInDataStore"
                    default: "added"
                    }
                #expect(outcome == expected, "r\(index)")
            }
            let reopened = try await reopen()
            let listed = try await reopened.pendingRequests(center, after: nil, limit: 500).items.map(\.request.identifier)
            let nul = outcomes[-1] == "added" ? 1 : 0
            #expect(
                Set(listed.filter { $0.hasPrefix("r") }) == Set(outcomes.filter { $0.value == "added" && $0.key >= 0 }.map { "r\($0.key)" })
            )
            #expect(try await reopened.media(appID: "a", id: "m1")?.holds == 10)
            #expect(listed.count == 30 + nul)
            // The count the limit checks counted the adds that went in, and only those.
            #expect(try await reopened.upsertPending(pending("one more", fireIn: 60), limit: 31 + nul) == .added)
            await #expect(throws: NotificationError.pendingLimitReached(31 + nul)) {
                try await reopened.upsertPending(self.pending("too many", fireIn: 60), limit: 31 + nul)
            }
        }
    }

    // MARK: events, written with the change they report

    @Test(arguments: StoreFactory.all)
    func userEventsGetTheCentersNextSequences(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, reopen) async throws in
            _ = try await store.updateCenter(center, at: Self.now) { center, events in
                center.badge = 2
                events += [.user(.badgeChanged(2)), .user(.pendingRemoved(["x"]))]
            }
            _ = try await store.removeDelivered(center, identifiers: nil, at: Self.now) { _ in [.user(.badgeChanged(9))] }
            let page = try await reopen().events(center, after: 0, limit: 10)
            #expect(page.events.map(\.sequence) == [1, 2])
            #expect(page.events.map(\.name) == ["badgeChanged", "pendingRemoved"], "a removal of nothing reports nothing")
            #expect(String(decoding: page.events[0].data, as: UTF8.self) == #"{"badge":2}"#)
            #expect(!page.gap)
            #expect(try await store.events(center, after: 1, limit: 10).events.map(\.sequence) == [2])
            #expect(try await store.events(center, after: 2, limit: 10).events.isEmpty)
            #expect(try await store.events(center, after: 7, limit: 10).gap, "a sequence the center never reached")
        }
    }

    @Test(arguments: StoreFactory.all)
    func theHistoryKeepsTheNewestEventsAndSaysWhenItCannotReachBack(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            for badge in 1...(Int(EventHistory.perCenter) + 64) {
                _ = try await store.record([.user(.badgeChanged(badge))], for: center, at: Self.now)
            }
            #expect(try await store.events(center, after: 1, limit: 10).gap)
            let latest = try #require(try await store.latestEvent(center))
            #expect(!(try await store.events(center, after: latest - EventHistory.perCenter, limit: 10).gap))
        }
    }

    @Test(arguments: StoreFactory.all)
    func appEventsBecomeOutboxMessagesForTheDelegateURLInTheSameTransaction(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            let settings = NotificationSettings()
            // No settings: nothing to send.
            _ = try await store.updateCenter(center, at: Self.now) { _, events in events.append(.app(.settingsChanged(settings))) }
            #expect(try await store.deliveries(appID: "a", status: nil, after: nil, limit: 10).items.isEmpty)
            var configuration = WebhookConfiguration(delegateURL: "https://example.com/hook", secrets: [WebhookSecret.generate().text])
            configuration.events = [.settingsChanged]
            try await store.setWebhookConfiguration(appID: "a", configuration)
            _ = try await store.updateCenter(center, at: Self.now) { _, events in
                events += [.app(.settingsChanged(settings)), .app(.authorizationChanged(settings))]
            }
            let messages = try await store.deliveries(appID: "a", status: nil, after: nil, limit: 10).items
            #expect(messages.map(\.type) == [.settingsChanged], "only the events the app asked for")
            #expect(messages.first?.url == "https://example.com/hook")
            let body = try #require(try JSONSerialization.jsonObject(with: messages[0].payload) as? [String: Any])
            #expect(body["type"] as? String == "settings.changed")
            #expect((body["data"] as? [String: Any])?["centerID"] as? String == "c")
        }
    }

    @Test(arguments: StoreFactory.all)
    func aChangeThatFailsWritesNoEvents(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            struct Refused: Error {}
            await #expect(throws: Refused.self) {
                _ = try await store.updateCenter(self.center, at: Self.now) { center, events in
                    center.badge = 5
                    events.append(.user(.badgeChanged(5)))
                    throw Refused()
                }
            }
            #expect(try await store.latestEvent(center) == 0)
            #expect(try await store.center(center)?.badge == 0)
        }
    }

    @Test(arguments: StoreFactory.all)
    func firingsWriteTheirPresentedAndBadgeEvents(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            _ = try await store.upsertPending(pending("x", fireIn: 1), limit: 64)
            let now = Self.now.addingTimeInterval(1)
            let claimed = try await store.claimDue(now: now, limit: 1, lease: Lease(seconds: 60, from: now)).claims
            _ = try await store.fire(claimed, at: now) { claim, _ in
                FiringRecord(
                    center: claim.center, identifier: claim.identifier, revision: claim.revision,
                    delivered: DeliveredNotification(
                        date: now, request: claim.pending.request, presentation: Presentation(list: true, badge: true)),
                    nextFireDate: nil, badge: 4)
            }
            #expect(try await store.events(center, after: 0, limit: 10).events.map(\.name) == ["presented", "badgeChanged"])
            #expect(try await store.center(center)?.badge == 4)
        }
    }

    /// A claim that `decide` keeps (nil: the app's extensions first) records nothing and stays held: no
    /// claim takes its request meanwhile, and a later `fire` with it records the firing; the others of the
    /// batch fire at once and their claims end.
    @Test(arguments: StoreFactory.all)
    func aClaimKeptByDecideStaysHeldUntilALaterFiring(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            for identifier in ["now", "later"] { _ = try await store.upsertPending(pending(identifier, fireIn: 1), limit: 64) }
            let now = Self.now.addingTimeInterval(1)
            let claimed = try await store.claimDue(now: now, limit: 10, lease: Lease(seconds: 60, from: now)).claims
            #expect(claimed.count == 2)
            @Sendable func firing(_ claim: StoredPending) -> FiringRecord {
                FiringRecord(
                    center: claim.center, identifier: claim.identifier, revision: claim.revision,
                    delivered: DeliveredNotification(date: now, request: claim.pending.request, presentation: Presentation(list: true)),
                    nextFireDate: nil)
            }
            let first = try await store.fire(claimed, at: now) { claim, _ in claim.identifier == "later" ? nil : firing(claim) }
            #expect(first.recorded.map(\.identifier) == ["now"])
            #expect(first.kept.map(\.identifier) == ["later"])
            #expect(try await store.pendingRequests(center, after: nil, limit: 10).items.map(\.request.identifier) == ["later"])
            let again = try await store.claimDue(now: now, limit: 10, lease: Lease(seconds: 60, from: now))
            #expect(again.claims.isEmpty, "the kept claim still holds its request")
            let second = try await store.fire(first.kept, at: now) { claim, _ in firing(claim) }
            #expect(second.recorded.map(\.identifier) == ["later"])
            #expect(second.kept.isEmpty)
            #expect(try await store.pendingRequests(center, after: nil, limit: 10).items.isEmpty)
            #expect(try await store.deliveredNotifications(center, after: nil, limit: 10).items.count == 2)
        }
    }

    /// One claim's firings across centers whose ids hold what a batched lookup must quote (quotes,
    /// backslashes, a tab, non-ASCII), with a center that went after the claim: each live center's
    /// firing is recorded, the gone center's is not.
    @Test(arguments: StoreFactory.all)
    func firingsAcrossCentersWithAnyIdsAreRecordedAndAGoneCentersAreNot(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            let ids = [#"quote"d"#, #"back\slash"#, "tab\there", "Zürich ☀︎", "[\"x\",1]", "gone"]
            let keys = ids.map { CenterKey(appID: "a", centerID: $0) }
            for key in keys {
                try await store.insertCenter(CenterRecord(id: key.centerID, appID: "a", createdAt: Self.now))
                _ = try await store.upsertPending(pending("r", center: key, fireIn: 1), limit: 64)
            }
            let now = Self.now.addingTimeInterval(1)
            let claimed = try await store.claimDue(now: now, limit: 10, lease: Lease(seconds: 60, from: now)).claims
            #expect(claimed.count == ids.count)
            #expect(try await store.deleteCenter(keys[5], at: now))
            let fired = try await fire(store, claimed, at: now, delivered: true)
            #expect(Set(fired.map(\.center)) == Set(keys.prefix(5)))
            for key in keys.prefix(5) {
                #expect(try await store.deliveredNotifications(key, after: nil, limit: 10).items.map(\.request.identifier) == ["r"])
                #expect(try await store.pendingRequests(key, after: nil, limit: 10).items.isEmpty)
                #expect(try await store.latestEvent(key) == 1)
            }
        }
    }

    /// Hundreds of firings of two centers in one call: each recorded as if alone — its own presented
    /// event (sequences without gaps, the history trimmed as it grows), its delivered row, its pending
    /// row moved on (repeating) or gone (off the center's count), the last badge kept.
    @Test(arguments: StoreFactory.all)
    func aBatchOfFiringsIsRecordedAsManySeparateFirings(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, reopen) async throws in
            let other = CenterKey(appID: "a", centerID: "d")
            try await store.insertCenter(CenterRecord(id: "d", appID: "a", createdAt: Self.now))
            for index in 0..<300 { _ = try await store.upsertPending(pending("c\(index)", fireIn: 1), limit: 1000) }
            for index in 0..<20 { _ = try await store.upsertPending(pending("d\(index)", center: other, fireIn: 1), limit: 1000) }
            let now = Self.now.addingTimeInterval(1)
            let claimed = try await store.claimDue(now: now, limit: 500, lease: Lease(seconds: 60, from: now)).claims
            #expect(claimed.count == 320)
            let next = now.addingTimeInterval(3600)
            let fired = try await store.fire(claimed, at: now) { claim, _ in
                let index = Int(claim.identifier.dropFirst())!
                return FiringRecord(
                    center: claim.center, identifier: claim.identifier, revision: claim.revision,
                    delivered: DeliveredNotification(date: now, request: claim.pending.request, presentation: Presentation(list: true)),
                    // The first five of each center repeat.
                    nextFireDate: index < 5 ? next : nil, badge: claim.center == other ? index : nil)
            }
            #expect(fired.recorded.count == 320)
            let store = try await reopen()
            #expect(
                try await store.pendingRequests(center, after: nil, limit: 500).items.map(\.request.identifier).sorted()
                    == (0..<5).map { "c\($0)" })
            #expect(try await store.nextFireDate(leaseNow: now) == next)
            #expect(try await store.deliveredNotifications(center, after: nil, limit: 500).items.count == 300)
            #expect(try await store.center(other)?.badge == fired.recorded.last { $0.center == other }?.badge, "the last firing's badge")
            // 300 presented events: the newest 256 to 288 kept, in sequence.
            #expect(try await store.latestEvent(center) == 300)
            let history = try await store.events(center, after: 0, limit: 500)
            #expect(history.gap)
            let kept = try await store.events(center, after: 300 - EventHistory.perCenter, limit: 500).events
            #expect(kept.map(\.sequence) == Array((300 - EventHistory.perCenter + 1)...300))
            #expect(kept.allSatisfy { $0.name == "presented" })
            // Presented then badge, per firing, for the other center.
            let otherEvents = try await store.events(other, after: 0, limit: 100).events
            #expect(otherEvents.map(\.sequence) == Array(1...40))
            #expect(otherEvents.map(\.name) == Array(repeating: ["presented", "badgeChanged"], count: 20).flatMap { $0 })
            // The count of pending requests went down by the firings that removed theirs.
            for index in 0..<59 { _ = try await store.upsertPending(pending("n\(index)", fireIn: 60), limit: 64) }
            await #expect(throws: NotificationError.self) { _ = try await store.upsertPending(self.pending("over", fireIn: 60), limit: 64) }
        }
    }

    /// `notification.delivered` is opt-in; listed, each firing writes one message with the firing.
    @Test(arguments: StoreFactory.all)
    func aFiringWritesItsDeliveredMessageOnlyForAnAppThatAskedForIt(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            let secret = WebhookSecret.generate().text
            try await store.setWebhookConfiguration(
                appID: "a", WebhookConfiguration(delegateURL: "https://example.com/hook", secrets: [secret]))
            #expect(!WebhookEventType.standard.contains(.notificationDelivered))
            for identifier in ["x", "y"] { _ = try await store.upsertPending(pending(identifier, fireIn: 1), limit: 64) }
            let now = Self.now.addingTimeInterval(1)
            let claimed = try await store.claimDue(now: now, limit: 2, lease: Lease(seconds: 60, from: now)).claims
            _ = try await fire(store, [claimed[0]], at: now, delivered: true)
            #expect(try await store.deliveries(appID: "a", status: nil, after: nil, limit: 10).items.isEmpty)

            var configuration = WebhookConfiguration(delegateURL: "https://example.com/hook", secrets: [secret])
            configuration.events = [.notificationDelivered]
            try await store.setWebhookConfiguration(appID: "a", configuration)
            _ = try await fire(store, [claimed[1]], at: now, delivered: true)
            _ = try await fire(store, [claimed[1]], at: now, delivered: true)
            let messages = try await store.deliveries(appID: "a", status: nil, after: nil, limit: 10).items
            #expect(messages.map(\.type) == [.notificationDelivered], "one message for the one firing that happened")
            let body = try #require(try JSONSerialization.jsonObject(with: messages[0].payload) as? [String: Any])
            let data = try #require(body["data"] as? [String: Any])
            #expect(data["centerID"] as? String == "c")
            #expect(
                ((data["notification"] as? [String: Any])?["request"] as? [String: Any])?["identifier"] as? String == claimed[1].identifier)
        }
    }

    @Test(arguments: StoreFactory.all)
    func aRequestFiredAsItWasStoredWritesTheEventAndRowOfOneEncodedAnew(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            // What could tell the stored form from the wire form: slashes, non-ASCII, escapes, nesting, numbers.
            var content = NotificationContent(title: "Sale/Soldes — 20 %", body: "Line\n\"quoted\" \u{1F600} https://example.com/a/b")
            content.userInfo = ["url": .string("https://example.com/x?y=1&z=/2"), "n": .number(1.5), "list": .array([.bool(true), .null])]
            content.threadIdentifier = "thread/1"
            content.badge = 4
            let match = DateMatch(hour: 9, minute: 0, timeZone: "Europe/Paris")
            let request = NotificationRequest(identifier: "id/1", content: content, trigger: .calendar(match, repeats: false))
            let pendingRequest = PendingRequest(
                center: center, request: request, addedAt: Self.now, nextFireDate: Self.now.addingTimeInterval(1))
            _ = try await store.upsertPending(pendingRequest, limit: 64)
            let now = Self.now.addingTimeInterval(5)
            let claim = try #require(try await store.claimDue(now: now, limit: 1, lease: Lease(seconds: 60, from: now)).claims.first)
            let form = try #require(claim.requestForm, "a claim carries the stored bytes of its request")
            let presentation = Presentation(banner: true, list: true, sound: false, badge: true, reasons: ["focus"])
            let delivered = DeliveredNotification(date: now, request: claim.pending.request, presentation: presentation)
            _ = try await store.fire([claim], at: now) { claim, _ in
                FiringRecord(
                    center: claim.center, identifier: claim.identifier, revision: claim.revision, delivered: delivered, nextFireDate: nil,
                    badge: 4, requestForm: form)
            }
            let events = try await store.events(center, after: 0, limit: 10).events
            #expect(events.map(\.name) == ["presented", "badgeChanged"])
            #expect(events.first?.data == (try CenterEvent.presented(delivered).data()), "the same bytes as the event encoded anew")
            #expect(try await store.deliveredNotification(center, identifier: "id/1") == delivered)
            #expect(try await store.center(center)?.badge == 4)
            #expect(try await store.pendingRequests(center, after: nil, limit: 10).items.isEmpty)
        }
    }

    /// A notification's `presented` event is the same in the history whatever becomes of the notification
    /// after: replaced by another firing of its identifier, removed from the list, released by a Scheduled
    /// Summary (presented again, as an event of its own), or kept in the list while the history's
    /// retention takes its event. A notification held for a summary has its date on the stream as any date.
    @Test(arguments: StoreFactory.all)
    func aPresentedEventOutlivesItsNotificationAndAgesWithTheHistory(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, reopen) async throws in
            func deliver(_ identifier: String, _ title: String, at date: Date, heldUntil: Date? = nil) async throws
                -> DeliveredNotification
            {
                let request = NotificationRequest(identifier: identifier, content: NotificationContent(title: title))
                let delivered = DeliveredNotification(
                    date: date, request: request, presentation: Presentation(list: true, heldUntil: heldUntil))
                // With its stored bytes, as a scheduled firing of a request unchanged has them.
                let firing = FiringRecord(
                    center: center, identifier: identifier, revision: 0, delivered: delivered, nextFireDate: nil,
                    requestForm: try request.storedForm())
                try await store.recordFirings([firing], at: date)
                return delivered
            }
            let early = Self.now, late = Self.now.addingTimeInterval(86_400), evening = late.addingTimeInterval(3600)
            let first = try await deliver("x", "one", at: early)
            let removed = try await deliver("y", "gone", at: early)
            let held = try await deliver("z", "held", at: early, heldUntil: evening)
            let second = try await deliver("x", "two", at: late)
            _ = try await store.removeDelivered(center, identifiers: ["y"], at: late) { [.user(.deliveredRemoved($0))] }
            _ = try await store.deliverSummary(center, dueBy: evening, at: evening) { center, held in
                SummaryDelivery(held: held, center: center, categories: [], at: evening)
            }
            let expected = try [first, removed, held, second].map { try CenterEvent.presented($0).data() }
            for store in [store, try await reopen()] {
                let history = try await store.events(center, after: 0, limit: 20)
                #expect(!history.gap)
                #expect(
                    history.events.map(\.name) == [
                        "presented", "presented", "presented", "presented", "deliveredRemoved", "presented", "summaryDelivered",
                    ])
                #expect(Array(history.events.prefix(4).map(\.data)) == expected, "each as it was presented")
                #expect(history.events.map(\.sequence) == Array(1...7))
                #expect(history.events.prefix(3).allSatisfy { $0.createdAt == early } && history.events[3].createdAt == late)
                #expect(try await store.events(center, after: 3, limit: 1).events.map(\.sequence) == [4], "pages keep their order")
                #expect(
                    try await store.deliveredNotifications(center, after: nil, limit: 10).items.map(\.request.identifier) == ["z", "x"])
            }
            // The day before ages out of the history, though "x" is still in the list; what is left still
            // reaches back to its start.
            _ = try await store.deleteExpired(.events, before: late, limit: 100)
            #expect(try await store.events(center, after: 3, limit: 20).events.map(\.sequence) == Array(4...7))
            _ = try await store.deleteExpired(.events, before: evening, limit: 100)
            #expect(try await store.events(center, after: 5, limit: 20).events.map(\.name) == ["presented", "summaryDelivered"])
            #expect(try await store.events(center, after: 3, limit: 20).gap, "the second firing of x is gone from the history")
            #expect(try await store.deliveredNotification(center, identifier: "x") == second)
        }
    }

    /// A center's sequence never goes back, whatever held its newest: here a notification whose event
    /// aged out of the history and which is then removed, then every event aged out.
    @Test(arguments: StoreFactory.all)
    func aCentersSequenceNeverGoesBackWhenWhatHeldItsNewestGoes(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, reopen) async throws in
            let old = Self.now, later = Self.now.addingTimeInterval(86_400), latest = later.addingTimeInterval(86_400)
            let delivered = DeliveredNotification(
                date: old, request: NotificationRequest(identifier: "x", content: NotificationContent(title: "x")),
                presentation: Presentation(list: true))
            try await store.recordFirings(
                [FiringRecord(center: center, identifier: "x", revision: 0, delivered: delivered, nextFireDate: nil)], at: old)
            _ = try await store.deleteExpired(.events, before: later, limit: 100)
            #expect(try await store.latestEvent(center) == 1)
            #expect(try await store.events(center, after: 0, limit: 10).events.isEmpty)
            _ = try await store.removeDelivered(center, identifiers: ["x"], at: later) { [.user(.deliveredRemoved($0))] }
            #expect(try await store.events(center, after: 1, limit: 10).events.map(\.sequence) == [2])
            _ = try await store.deleteExpired(.events, before: latest, limit: 100)
            let store = try await reopen()
            #expect(try await store.latestEvent(center) == 2)
            #expect(try await store.record([.user(.badgeChanged(1))], for: center, at: latest))
            #expect(try await store.events(center, after: 2, limit: 10).events.map(\.sequence) == [3])
        }
    }

    /// A batch of more firings than one statement writes, some of which replace a notification delivered
    /// before it (SQLite writes a batch's delivered rows a set at a time, and finds those after): it ends as
    /// if each firing had been written in turn.
    @Test(arguments: StoreFactory.all)
    func aBatchThatReplacesNotificationsEndsAsIfWrittenInTurn(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, reopen) async throws in
            let before = [Self.delivery(center, "x", "x before"), Self.delivery(center, "z", "z before")]
            try await store.recordFirings(before.map(\.0), at: Self.now)
            // "x" replaced in the batch's first set of rows, "z" in its second.
            var batch = (0..<70).map { Self.delivery(center, "n\($0)", "n\($0)") }
            batch[3] = Self.delivery(center, "x", "x again")
            batch[66] = Self.delivery(center, "z", "z again")
            try await store.recordFirings(batch.map(\.0), at: Self.now)
            let presented = try (before + batch).map { try CenterEvent.presented($0.1).data() }
            for store in [store, try await reopen()] {
                let history = try await store.events(center, after: 0, limit: 100).events
                #expect(history.map(\.sequence) == Array(1...72))
                #expect(history.map(\.data) == presented, "each firing's presented event, in the batch's order")
                #expect(try await store.deliveredNotifications(center, after: nil, limit: 100).items.count == 70)
                #expect(try await store.deliveredNotification(center, identifier: "x") == batch[3].1)
                #expect(try await store.deliveredNotification(center, identifier: "z") == batch[66].1)
                #expect(try await store.deliveredNotification(center, identifier: "n69") == batch[69].1)
            }
        }
    }

    /// A batch that delivers one identifier twice, within one of the statements that write a batch's
    /// delivered rows a set at a time (SQLite) and across two of them: it ends as if each firing had been
    /// written in turn, the first of each pair kept in the history as the second replaced it.
    @Test(arguments: StoreFactory.all)
    func aBatchThatDeliversAnIdentifierTwiceEndsAsIfWrittenInTurn(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, reopen) async throws in
            var batch = (0..<70).map { Self.delivery(center, "n\($0)", "n\($0)") }
            (batch[3], batch[66]) = (Self.delivery(center, "x", "x first"), Self.delivery(center, "x", "x second"))
            (batch[10], batch[11]) = (Self.delivery(center, "y", "y first"), Self.delivery(center, "y", "y second"))
            try await store.recordFirings(batch.map(\.0), at: Self.now)
            let presented = try batch.map { try CenterEvent.presented($0.1).data() }
            for store in [store, try await reopen()] {
                let history = try await store.events(center, after: 0, limit: 100).events
                #expect(history.map(\.sequence) == Array(1...70))
                #expect(history.map(\.data) == presented, "each firing's presented event, in the batch's order")
                #expect(try await store.deliveredNotifications(center, after: nil, limit: 100).items.count == 68)
                #expect(try await store.deliveredNotification(center, identifier: "x") == batch[66].1)
                #expect(try await store.deliveredNotification(center, identifier: "y") == batch[11].1)
            }
        }
    }

    /// A claimed batch of more firings than one statement removes, in which a request was replaced and
    /// another removed after the claim (SQLite removes a batch's pending rows a set at a time, and undoes a
    /// set that finds fewer than it names): those two record nothing, every other firing records.
    @Test(arguments: StoreFactory.all)
    func aClaimedBatchRecordsOnlyTheFiringsThatStillHoldTheirRequest(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, reopen) async throws in
            for index in 0..<100 { _ = try await store.upsertPending(pending("r\(index)", fireIn: 1), limit: 1000) }
            let now = Self.now.addingTimeInterval(1)
            let claimed = try await store.claimDue(now: now, limit: 500, lease: Lease(seconds: 60, from: now)).claims
            #expect(claimed.count == 100)
            _ = try await store.upsertPending(pending("r5", fireIn: 60), limit: 1000)
            #expect(try await store.removePending(center, identifiers: ["r70"], at: now) { _ in [] } == ["r70"])
            let fired = try await fire(store, claimed, at: now, delivered: true)
            #expect(Set(fired.map(\.identifier)) == Set((0..<100).filter { $0 != 5 && $0 != 70 }.map { "r\($0)" }))
            let store = try await reopen()
            #expect(try await store.pendingRequests(center, after: nil, limit: 500).items.map(\.request.identifier) == ["r5"])
            let delivered = try await store.deliveredNotifications(center, after: nil, limit: 500).items.map(\.request.identifier)
            #expect(delivered.count == 98 && !delivered.contains("r5") && !delivered.contains("r70"))
            #expect(try await store.latestEvent(center) == 98)
        }
    }

    /// A claim may read its centers ahead of the firing (SQLite does): what changes after the claim is
    /// what the firing sees — the center's record for its decision, and its events for its sequence —
    /// whether this store changed it or another on the same data did (another replica; on SQLite another
    /// connection to the file, which this store's writer did not number).
    @Test(arguments: StoreFactory.all, [false, true])
    func aFiringSeesItsCenterAsItIsAtTheFiringNotAsItWasClaimed(_ factory: StoreFactory, throughAnotherStore: Bool) async throws {
        try await withStore(factory) { (store, reopen) async throws in
            _ = try await store.upsertPending(pending("x", fireIn: 1), limit: 64)
            let now = Self.now.addingTimeInterval(1)
            let claimed = try await store.claimDue(now: now, limit: 1, lease: Lease(seconds: 60, from: now)).claims
            let changing = throughAnotherStore ? try await reopen() : store
            _ = try await changing.updateCenter(center, at: now) { center, events in
                center.badge = 5
                events += [.user(.badgeChanged(5))]
            }
            let seen = Mutex<Int?>(nil)
            let fired = try await store.fire(claimed, at: now) { claim, center in
                seen.withLock { $0 = center.badge }
                return FiringRecord(
                    center: claim.center, identifier: claim.identifier, revision: claim.revision,
                    delivered: DeliveredNotification(date: now, request: claim.pending.request, presentation: Presentation(list: true)),
                    nextFireDate: nil)
            }
            #expect(fired.recorded.count == 1)
            #expect(seen.withLock { $0 } == 5, "decided on the center as the update left it")
            let events = try await reopen().events(center, after: 0, limit: 10).events
            #expect(events.map(\.sequence) == [1, 2], "the firing numbered after the event written since its claim")
            #expect(events.map(\.name) == ["badgeChanged", "presented"])
        }
    }

    /// A firing that delivers `title` as `identifier` in `center` now, and what it delivers.
    static func delivery(_ center: CenterKey, _ identifier: String, _ title: String) -> (FiringRecord, DeliveredNotification) {
        let delivered = DeliveredNotification(
            date: now, request: NotificationRequest(identifier: identifier, content: NotificationContent(title: title)),
            presentation: Presentation(list: true))
        return (FiringRecord(center: center, identifier: identifier, revision: 0, delivered: delivered, nextFireDate: nil), delivered)
    }

    // MARK: the change feed

    @Test(arguments: StoreFactory.all)
    func theFeedAnnouncesCommittedChanges(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            let heard = Mutex<[StoreChange]>([])
            store.changes.listen { change in heard.withLock { $0.append(change) } }
            _ = try await store.upsertPending(pending("x", fireIn: 5), limit: 64)
            #expect(heard.withLock { $0 }.contains(.notifications([center])))
            #expect(heard.withLock { $0 }.contains(.due(Self.now.addingTimeInterval(5))))
            _ = try await store.updateCenter(center, at: Self.now) { center, events in
                center.badge = 1
                events.append(.user(.badgeChanged(1)))
            }
            #expect(heard.withLock { $0 }.contains(.centers([center])))
            #expect(heard.withLock { $0 }.contains(.events(center, sequence: 1)))
            _ = try await store.deleteCredential(id: "nope", appID: "a")
            #expect(heard.withLock { $0 }.contains(.credentials))
        }
    }

    // MARK: push tokens

    @Test(arguments: StoreFactory.all)
    func rotatedAndDeletedTokensAreRetired(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            let first = try #require(try await store.center(center)?.pushToken)
            _ = try await store.updateCenter(center, at: Self.now) { center, _ in center.pushToken = CenterRecord.newPushToken() }
            #expect(try await store.center(pushToken: first) == .retired(appID: "a", at: Self.now))
            let second = try #require(try await store.center(center)?.pushToken)
            guard case .center(let found) = try await store.center(pushToken: second) else { Issue.record("not found"); return }
            #expect(found.key == center)
            let later = Self.now.addingTimeInterval(5)
            #expect(try await store.deleteCenter(center, at: later))
            #expect(try await store.center(pushToken: second) == .retired(appID: "a", at: later))
            #expect(try await store.center(pushToken: "0000") == .unknown)
        }
    }

    // MARK: media

    /// Stores media `m1` of app `a` (10 bytes, content `ab`).
    func insertImage(_ store: any ContractStore) async throws {
        let media = MediaRecord(id: "m1", appID: "a", sha256: "ab", uti: "public.png", mimeType: "image/png", size: 10, createdAt: Self.now)
        _ = try await store.insertMedia(media, quota: 100, file: try file(10)) {}
    }

    @Test(arguments: StoreFactory.all)
    func mediaLiveWhileSomethingHoldsThem(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            try await insertImage(store)
            await #expect {
                try await store.upsertPending(self.pending("nope", fireIn: 5, media: ["missing"]), limit: 64)
            } throws: { ($0 as? NotificationError)?.code.rawValue == "attachmentNotInDataStore" }
            _ = try await store.upsertPending(pending("x", fireIn: 1, media: ["m1"]), limit: 64)
            #expect(try await store.media(appID: "a", id: "m1")?.holds == 1)
            #expect(try await store.media(appID: "a", id: "m1")?.attached == true)
            let now = Self.now.addingTimeInterval(1)
            let claimed = try await store.claimDue(now: now, limit: 1, lease: Lease(seconds: 60, from: now)).claims
            _ = try await fire(store, claimed, at: now, delivered: true)
            #expect(try await store.media(appID: "a", id: "m1")?.holds == 1, "the delivered notification holds it now")
            let removed = Mutex<[String]>([])
            #expect(try await store.sweepMediaFiles { sha in removed.withLock { $0.append(sha) } } == 0)
            _ = try await store.removeDelivered(center, identifiers: nil, at: now) { _ in [] }
            #expect(try await store.sweepMediaFiles { sha in removed.withLock { $0.append(sha) } } == 1)
            #expect(removed.withLock { $0 } == ["ab"])
            #expect(try await store.media(appID: "a", id: "m1") == nil)
            #expect(try await store.mediaUsage(appID: "a") == MediaUsage(count: 0, bytes: 0))
        }
    }

    /// A firing that replaces a delivered notification lets go of what the one it replaced held, also in a
    /// batch where the app's other firings hold nothing.
    @Test(arguments: StoreFactory.all)
    func aReplacedDeliveredNotificationLetsGoOfItsMedia(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            try await insertImage(store)
            _ = try await store.upsertPending(pending("x", fireIn: 1, media: ["m1"]), limit: 64)
            var now = Self.now.addingTimeInterval(1)
            _ = try await fire(
                store, try await store.claimDue(now: now, limit: 10, lease: Lease(seconds: 60, from: now)).claims, at: now,
                delivered: true)
            #expect(try await store.media(appID: "a", id: "m1")?.holds == 1, "the delivered notification holds it")
            _ = try await store.upsertPending(pending("x", fireIn: 2), limit: 64)
            _ = try await store.upsertPending(pending("y", fireIn: 2), limit: 64)
            now = Self.now.addingTimeInterval(2)
            let claimed = try await store.claimDue(now: now, limit: 10, lease: Lease(seconds: 60, from: now)).claims
            #expect(try await fire(store, claimed, at: now, delivered: true).count == 2)
            #expect(try await store.media(appID: "a", id: "m1")?.holds == 0, "the notification that replaced it holds nothing")
        }
    }

    @Test(arguments: StoreFactory.all)
    func theQuotaIsPerApp(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            _ = try await store.insertMedia(
                MediaRecord(id: "m1", appID: "a", sha256: "s1", uti: "public.png", mimeType: "image/png", size: 60, createdAt: Self.now),
                quota: 100, file: try self.file(60)
            ) {}
            await #expect {
                _ = try await store.insertMedia(
                    MediaRecord(
                        id: "m2", appID: "a", sha256: "s2", uti: "public.png", mimeType: "image/png", size: 60, createdAt: Self.now),
                    quota: 100, file: try self.file(60)
                ) {}
            } throws: { ($0 as? NotificationError)?.code.rawValue == "attachmentMoveIntoDataStoreFailed" }
            let again = try await store.insertMedia(
                MediaRecord(id: "m3", appID: "a", sha256: "s1", uti: "public.png", mimeType: "image/png", size: 60, createdAt: Self.now),
                quota: 100, file: try self.file(60)
            ) {}
            #expect(again.id == "m1", "the same content is the same media")
        }
    }

    // MARK: the outbox

    func message(_ id: String, url: String, at date: Date = now) -> WebhookDeliveryRecord {
        WebhookDeliveryRecord(
            id: id, appID: "a", url: url, type: .notificationResponse, payload: Data("{}".utf8), nextAttempt: date, createdAt: date)
    }

    /// The trace context of the call that added a request is kept with it, and with a message.
    @Test(arguments: StoreFactory.all)
    func theTraceContextIsKeptWithRequestsAndMessages(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            let trace = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
            var traced = pending("traced", fireIn: 1)
            traced.traceparent = trace
            _ = try await store.upsertPending(traced, limit: 64)
            _ = try await store.upsertPending(pending("plain", fireIn: 1), limit: 64)
            let now = Self.now.addingTimeInterval(5)
            let claimed = try await store.claimDue(now: now, limit: 10, lease: Lease(seconds: 60, from: now)).claims
            #expect(
                Dictionary(uniqueKeysWithValues: claimed.map { ($0.identifier, $0.pending.traceparent ?? "") }) == [
                    "traced": trace, "plain": "",
                ])

            var message = message("msg_t", url: "https://example.com/hook")
            message.traceparent = trace
            try await store.enqueueDeliveries([message, self.message("msg_p", url: "https://example.com/hook")])
            let due = try await store.claimDueDeliveries(
                now: now, limit: 10, perEndpoint: [:], defaultPerEndpoint: 16, lease: Lease(seconds: 30, from: now))
            #expect(Dictionary(uniqueKeysWithValues: due.map { ($0.id, $0.traceparent ?? "") }) == ["msg_t": trace, "msg_p": ""])
        }
    }

    @Test(arguments: StoreFactory.all)
    func claimsFillEachEndpointsRoomInTheOrderMessagesCameDue(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            let busy = "https://busy.example/hook"
            let quiet = "https://quiet.example/hook"
            try await store.enqueueDeliveries(
                (0..<10).map { message("msg_b\($0)", url: busy, at: Self.now.addingTimeInterval(Double($0))) }
                    + [message("msg_q1", url: quiet, at: Self.now.addingTimeInterval(20))])
            let now = Self.now.addingTimeInterval(30)
            let full = try await store.claimDueDeliveries(
                now: now, limit: 100, perEndpoint: [WebhookEndpoint(appID: "a", url: busy): 0], defaultPerEndpoint: 16,
                lease: Lease(seconds: 30, from: now))
            #expect(full.map(\.id) == ["msg_q1"], "an endpoint without room does not hold up another")
            let capped = try await store.claimDueDeliveries(
                now: now, limit: 100, perEndpoint: [:], defaultPerEndpoint: 3, lease: Lease(seconds: 30, from: now))
            #expect(capped.map(\.id) == ["msg_b0", "msg_b1", "msg_b2"])
            #expect(
                try await store.nextDeliveryDate(excluding: [], leaseNow: now) == Self.now.addingTimeInterval(3), "the busy endpoint's next"
            )
            #expect(
                try await store.nextDeliveryDate(excluding: [WebhookEndpoint(appID: "a", url: busy)], leaseNow: now) == nil,
                "without the busy endpoint nothing is due: claimed messages are not")
            #expect(
                try await store.nextDeliveryDate(excluding: [WebhookEndpoint(appID: "a", url: busy)], leaseNow: now.addingTimeInterval(31))
                    == Self.now.addingTimeInterval(20),
                "once its lease has ended, a claimed message is due again")
            let roomy = try await store.claimDueDeliveries(
                now: now, limit: 100, perEndpoint: [WebhookEndpoint(appID: "a", url: busy): 2], defaultPerEndpoint: 16,
                lease: Lease(seconds: 30, from: now))
            #expect(roomy.map(\.id) == ["msg_b3", "msg_b4"], "an endpoint's own room, not the default")
        }
    }

    /// Claims go endpoint by endpoint (a loose index scan over apps and URLs): every endpoint of every
    /// app is found, each gives up to its room, and the whole claim comes in the order messages came due.
    @Test(arguments: StoreFactory.all)
    func claimsFindEveryEndpointOfEveryApp(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            try await store.insertApp(AppRecord(id: "b", name: "B", createdAt: Self.now))
            func message(_ id: String, app: String, url: String, at seconds: Double) -> WebhookDeliveryRecord {
                var message = self.message(id, url: url, at: Self.now.addingTimeInterval(seconds))
                message.appID = app
                return message
            }
            let first = "https://one.example/hook"
            let second = "https://two.example/hook"
            try await store.enqueueDeliveries([
                message("msg_a1_0", app: "a", url: first, at: 0), message("msg_a1_1", app: "a", url: first, at: 1),
                message("msg_a1_2", app: "a", url: first, at: 2), message("msg_a2_0", app: "a", url: second, at: 5),
                message("msg_b1_0", app: "b", url: first, at: 3), message("msg_b1_1", app: "b", url: first, at: 4),
            ])
            let now = Self.now.addingTimeInterval(10)
            let claimed = try await store.claimDueDeliveries(
                now: now, limit: 100, perEndpoint: [:], defaultPerEndpoint: 2, lease: Lease(seconds: 30, from: now))
            #expect(claimed.map(\.id) == ["msg_a1_0", "msg_a1_1", "msg_b1_0", "msg_b1_1", "msg_a2_0"])
            let full = try await store.claimDueDeliveries(
                now: now, limit: 100, perEndpoint: [WebhookEndpoint(appID: "a", url: first): 0], defaultPerEndpoint: 2,
                lease: Lease(seconds: 30, from: now))
            #expect(full.isEmpty, "the one message left is on an endpoint without room")
            let last = try await store.claimDueDeliveries(
                now: now, limit: 1, perEndpoint: [:], defaultPerEndpoint: 2, lease: Lease(seconds: 30, from: now))
            #expect(last.map(\.id) == ["msg_a1_2"])
        }
    }

    @Test(arguments: StoreFactory.all)
    func anAttemptIsRecordedOnlyByTheClaimThatHoldsTheMessage(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            try await store.enqueueDeliveries([message("msg_1", url: "https://example.com/hook")])
            let now = Self.now
            let stale = try #require(
                try await store.claimDueDeliveries(
                    now: now, limit: 1, perEndpoint: [:], defaultPerEndpoint: 16, lease: Lease(seconds: 30, from: now)
                ).first)
            let later = now.addingTimeInterval(31)
            let current = try #require(
                try await store.claimDueDeliveries(
                    now: later, limit: 1, perEndpoint: [:], defaultPerEndpoint: 16, lease: Lease(seconds: 30, from: later)
                )
                .first)
            var delivered = stale
            delivered.status = .delivered
            delivered.attempts = 1
            try await store.recordAttempt(
                DeliveryAttemptRecord(number: 1, at: later, statusCode: 200, error: nil, durationMilliseconds: 5), of: delivered,
                endpoint: .answered)
            #expect(try await store.delivery(appID: "a", id: "msg_1")?.1.isEmpty == true, "the stale claim recorded nothing")
            delivered.claim = current.claim
            try await store.recordAttempt(
                DeliveryAttemptRecord(number: 1, at: later, statusCode: 200, error: nil, durationMilliseconds: 5), of: delivered,
                endpoint: .answered)
            #expect(try await store.delivery(appID: "a", id: "msg_1")?.0.status == .delivered)
        }
    }

    /// Attempts recorded together are each fenced and recorded on their own: one whose claim was taken
    /// over records nothing, the others record theirs, and each endpoint hears what its attempt says.
    @Test(arguments: StoreFactory.all)
    func attemptsRecordedTogetherAreEachFencedAndRecorded(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            let ok = "https://ok.example/hook"
            let gone = "https://gone.example/hook"
            try await store.enqueueDeliveries([message("msg_1", url: ok), message("msg_2", url: ok), message("msg_3", url: gone)])
            let now = Self.now
            let claimed = try await store.claimDueDeliveries(
                now: now, limit: 10, perEndpoint: [:], defaultPerEndpoint: 16, lease: Lease(seconds: 30, from: now))
            let byID = Dictionary(uniqueKeysWithValues: claimed.map { ($0.id, $0) })
            func attempt(_ id: String, status: Int, claim: Int64? = nil, endpoint: EndpointOutcome) throws -> RecordedAttempt {
                var message = try #require(byID[id])
                if let claim { message.claim = claim }
                message.attempts = 1
                message.status = status == 200 ? .delivered : .pending
                return RecordedAttempt(
                    DeliveryAttemptRecord(number: 1, at: now, statusCode: status, error: nil, durationMilliseconds: 5), of: message,
                    endpoint: endpoint)
            }
            try await store.recordAttempts([
                try attempt("msg_1", status: 200, endpoint: .answered),
                try attempt("msg_2", status: 200, claim: (byID["msg_2"]?.claim ?? 0) + 1, endpoint: .answered),
                try attempt("msg_3", status: 410, endpoint: .gone),
            ])
            #expect(try await store.delivery(appID: "a", id: "msg_1")?.0.status == .delivered)
            #expect(try await store.delivery(appID: "a", id: "msg_2")?.1.isEmpty == true, "a stale claim records nothing")
            #expect(try await store.delivery(appID: "a", id: "msg_3")?.1.count == 1)
            #expect(try await store.disabledEndpoints(appID: "a") == [gone])
        }
    }

    /// A message that went while its attempt was under way (its app deleted) records nothing, and the
    /// batch's other attempts are recorded: the record finds each row by the claim's key, not by a look-up.
    @Test(arguments: StoreFactory.all)
    func anAttemptWhoseMessageWentRecordsNothingAndTheBatchStands(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            try await store.insertApp(AppRecord(id: "b", name: "B", createdAt: Self.now))
            var other = message("msg_b", url: "https://b.example/hook")
            other.appID = "b"
            try await store.enqueueDeliveries([message("msg_a", url: "https://a.example/hook"), other])
            let now = Self.now
            let claimed = try await store.claimDueDeliveries(
                now: now, limit: 10, perEndpoint: [:], defaultPerEndpoint: 16, lease: Lease(seconds: 30, from: now))
            #expect(claimed.count == 2)
            #expect(try await store.deleteApp(id: "b", at: now))
            try await store.recordAttempts(
                claimed.map { claimed in
                    var delivered = claimed
                    (delivered.attempts, delivered.status) = (1, .delivered)
                    return RecordedAttempt(
                        DeliveryAttemptRecord(number: 1, at: now, statusCode: 200, error: nil, durationMilliseconds: 5), of: delivered,
                        endpoint: .answered)
                })
            let recorded = try #require(try await store.delivery(appID: "a", id: "msg_a"))
            #expect(recorded.0.status == .delivered)
            #expect(recorded.1.map(\.statusCode) == [200])
            #expect(try await store.delivery(appID: "b", id: "msg_b") == nil)
        }
    }

    /// `/metrics`' outbox figures: every message waiting counts in the depth; how far the dispatchers are
    /// behind counts only what is due on an endpoint that is not disabled.
    @Test(arguments: StoreFactory.all)
    func theOutboxFiguresCountWhatWaitsAndDateWhatIsOverdue(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            let gone = "https://gone.example/hook"
            let live = "https://live.example/hook"
            try await store.enqueueDeliveries([
                message("msg_g", url: gone, at: Self.now), message("msg_a", url: live, at: Self.now.addingTimeInterval(5)),
                message("msg_b", url: live, at: Self.now.addingTimeInterval(60)),
            ])
            #expect(try await store.outboxFigures(at: Self.now.addingTimeInterval(10)) == OutboxFigures(depth: 3, oldestDue: Self.now))
            let claimed = try #require(
                try await store.claimDueDeliveries(
                    now: Self.now, limit: 1, perEndpoint: [:], defaultPerEndpoint: 16, lease: Lease(seconds: 30, from: Self.now)
                ).first)
            #expect(claimed.id == "msg_g")
            var answered = claimed
            answered.attempts = 1
            try await store.recordAttempts([
                RecordedAttempt(
                    DeliveryAttemptRecord(number: 1, at: Self.now, statusCode: 410, error: nil, durationMilliseconds: 5), of: answered,
                    endpoint: .gone)
            ])
            #expect(
                try await store.outboxFigures(at: Self.now.addingTimeInterval(10))
                    == OutboxFigures(depth: 3, oldestDue: Self.now.addingTimeInterval(5)),
                "a disabled endpoint's messages wait, but nobody is behind on them")
            #expect(try await store.outboxFigures(at: Self.now) == OutboxFigures(depth: 3, oldestDue: nil), "nothing due yet")
        }
    }

    /// An endpoint hears the attempts of one batch in their order: a failure starts its streak, an
    /// answer ends it, the next failure starts another, and a failure past the cutoff disables the
    /// other endpoint. Each attempt keeps its status or its error, whichever it had.
    @Test(arguments: StoreFactory.all)
    func anEndpointHearsTheAttemptsOfABatchInOrder(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            let flaky = "https://flaky.example/hook"
            let down = "https://down.example/hook"
            try await store.enqueueDeliveries(
                (1...3).map { message("msg_f\($0)", url: flaky) } + (1...2).map { message("msg_d\($0)", url: down) })
            let now = Self.now
            let claimed = try await store.claimDueDeliveries(
                now: now, limit: 10, perEndpoint: [:], defaultPerEndpoint: 16, lease: Lease(seconds: 30, from: now))
            let byID = Dictionary(uniqueKeysWithValues: claimed.map { ($0.id, $0) })
            func attempt(_ id: String, at seconds: Double, status: Int?, endpoint: EndpointOutcome) throws -> RecordedAttempt {
                var message = try #require(byID[id])
                message.attempts = 1
                message.status = status == 200 ? .delivered : .pending
                message.failures = status == 200 ? 0 : 1
                message.nextAttempt = status == 200 ? nil : now.addingTimeInterval(60)
                return RecordedAttempt(
                    DeliveryAttemptRecord(
                        number: 1, at: now.addingTimeInterval(seconds), statusCode: status,
                        error: status == nil ? "no response within 15s" : nil,
                        durationMilliseconds: 5), of: message, endpoint: endpoint)
            }
            let never = EndpointOutcome.failed(disableIfFailingSince: now.addingTimeInterval(-3600))
            try await store.recordAttempts([
                try attempt("msg_f1", at: 1, status: nil, endpoint: never),
                try attempt("msg_d1", at: 1, status: 500, endpoint: never),
                try attempt("msg_f2", at: 2, status: 200, endpoint: .answered),
                try attempt("msg_d2", at: 2, status: 503, endpoint: .failed(disableIfFailingSince: now.addingTimeInterval(1))),
                try attempt("msg_f3", at: 3, status: 502, endpoint: never),
            ])
            let states = Dictionary(uniqueKeysWithValues: try await store.endpointStates(appID: "a").map { ($0.url, $0) })
            #expect(states[flaky]?.failingSince == now.addingTimeInterval(3), "the streak after the answer")
            #expect(states[flaky]?.disabledAt == nil)
            #expect(states[down]?.failingSince == now.addingTimeInterval(1))
            #expect(states[down]?.reason == .failing)
            let timedOut = try #require(try await store.delivery(appID: "a", id: "msg_f1"))
            #expect(timedOut.0.nextAttempt == now.addingTimeInterval(60))
            #expect(timedOut.1.map(\.statusCode) == [nil])
            #expect(timedOut.1.map(\.error) == ["no response within 15s"])
            let answered = try #require(try await store.delivery(appID: "a", id: "msg_f2"))
            #expect(answered.0.status == .delivered)
            #expect(answered.0.nextAttempt == nil)
            #expect(answered.1.map(\.statusCode) == [200])
            #expect(answered.1.map(\.error) == [nil])
        }
    }

    /// Messages claimed and never attempted go back at once; a claim taken over meanwhile is not undone.
    @Test(arguments: StoreFactory.all)
    func releasedClaimsCanBeClaimedAgainAtOnce(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, _) async throws in
            let url = "https://example.com/hook"
            try await store.enqueueDeliveries([message("msg_1", url: url), message("msg_2", url: url)])
            let now = Self.now
            let claimed = try await store.claimDueDeliveries(
                now: now, limit: 10, perEndpoint: [:], defaultPerEndpoint: 16, lease: Lease(seconds: 30, from: now))
            #expect(claimed.map(\.id) == ["msg_1", "msg_2"])
            var stale = try #require(claimed.last)
            stale.claim = (stale.claim ?? 0) + 1
            try await store.releaseDeliveries([try #require(claimed.first), stale])
            let again = try await store.claimDueDeliveries(
                now: now, limit: 10, perEndpoint: [:], defaultPerEndpoint: 16, lease: Lease(seconds: 30, from: now))
            #expect(again.map(\.id) == ["msg_1"], "msg_2's claim was not the one released")
        }
    }

    // MARK: the virtual clock

    @Test(arguments: StoreFactory.all)
    func theVirtualClockOnlyMovesForward(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (store, reopen) async throws in
            #expect(try await store.virtualClock() == nil)
            #expect(try await store.advanceVirtualClock(to: Self.now) == Self.now)
            #expect(try await store.advanceVirtualClock(to: Self.now.addingTimeInterval(-5)) == Self.now)
            #expect(try await reopen().virtualClock() == Self.now)
        }
    }

    // MARK: the caches in front of a store

    @Test(arguments: StoreFactory.all)
    func cachedCentersAndCredentialsFollowTheFeed(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (base, _) async throws in
            let store = CachingStore(base)
            #expect(try await store.center(center)?.badge == 0)
            #expect(try await store.center(center)?.badge == 0, "second read, from memory")
            _ = try await store.updateCenter(center, at: Self.now) { center, _ in center.badge = 7 }
            #expect(try await store.center(center)?.badge == 7)
            try await store.insertCredential(
                CredentialRecord(id: "k", kind: .appKey, appID: "a", secretHash: Data([1, 2, 3]), createdAt: Self.now))
            #expect(try await store.credential(id: "k")?.appID == "a")
            #expect(try await store.deleteCredential(id: "k", appID: "a"))
            #expect(try await store.credential(id: "k") == nil)
            #expect(try await store.deleteCenter(center, at: Self.now))
            #expect(try await store.center(center) == nil)
        }
    }

    /// A batch's centers in one read, from the store and through the cache (some in memory, the rest
    /// read): those that exist, each under its own key, and a change after the read is seen.
    @Test(arguments: StoreFactory.all)
    func aBatchOfCentersIsReadAtOnceWithOrWithoutTheCache(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (base, _) async throws in
            try await base.insertApp(AppRecord(id: "b", name: "B", createdAt: Self.now))
            let other = CenterKey(appID: "a", centerID: "other")
            let sameIDElsewhere = CenterKey(appID: "b", centerID: "c")
            try await base.insertCenter(CenterRecord(id: "other", appID: "a", createdAt: Self.now))
            try await base.insertCenter(CenterRecord(id: "c", appID: "b", badge: 4, createdAt: Self.now))
            let missing = CenterKey(appID: "a", centerID: "missing")
            let keys: Set = [center, other, sameIDElsewhere, missing]
            #expect(try await base.centers([]).isEmpty)
            let read = try await base.centers(keys)
            #expect(Set(read.keys) == [center, other, sameIDElsewhere], "those that exist")
            #expect(read.allSatisfy { $0.key == $0.value.key } && read[sameIDElsewhere]?.badge == 4)
            let store = CachingStore(base)
            _ = try await store.center(center)  // one in memory, the others read
            let cached = try await store.centers(keys)
            #expect(cached == read)
            _ = try await store.updateCenter(other, at: Self.now) { center, _ in center.badge = 9 }
            #expect(try await store.centers(keys)[other]?.badge == 9, "the cache follows the feed")
            #expect(try await store.centers([center, missing]).keys.sorted() == [center])
        }
    }

    @Test(arguments: StoreFactory.all)
    func everyChangeNamingACenterMovesItsVersionOnAndReadsDoNot(_ factory: StoreFactory) async throws {
        try await withStore(factory) { (base, _) async throws in
            let store = CachingStore(base)
            let other = CenterKey(appID: "a", centerID: "other")
            try await store.insertCenter(CenterRecord(id: "other", appID: "a", createdAt: Self.now))
            var seen = store.version(ofCenter: center)
            let otherVersion = store.version(ofCenter: other)
            func movedOn() -> Bool {
                let version = store.version(ofCenter: center)
                defer { seen = version }
                return version != seen
            }
            _ = try await store.upsertPending(pending("r1", fireIn: 60), limit: 64)
            #expect(movedOn(), "add")
            _ = try await store.pendingRequests(center, after: nil, limit: 10)
            _ = try await store.center(center)
            #expect(!movedOn(), "reads")
            let now = Self.now.addingTimeInterval(60)
            let claims = try await store.claimDue(now: now, limit: 10, lease: Lease(seconds: 10, from: now)).claims
            _ = try await fire(base, claims, at: now, delivered: true)
            #expect(movedOn(), "fire")
            _ = try await store.removeDelivered(center, identifiers: nil, at: now) { _ in [] }
            #expect(movedOn(), "remove delivered")
            #expect(store.version(ofCenter: other) == otherVersion, "another center's changes are not this one's")
            #expect(try await store.deleteApp(id: "a", at: now))
            #expect(store.version(ofCenter: other) != otherVersion, "deleting the app changes all its centers")
        }
    }
}
