import Foundation
import GRDB
import NotificationCore
import Storage
import Webhooks

/// Firings recorded a batch at a time, as the PostgreSQL store does: what is the same for many firings is
/// done once (each center's sequence and counts written back once, each app's webhook settings read
/// once, the media looked up once), and each firing costs only its own rows — its events, its delivered
/// row, its pending row.
extension SQLiteStore {
    /// A firing and the pending row it is about: the claim's (at the revision and fire date it claimed)
    /// or the revision's. A class: a batch's firings are large records, and each pass over the batch would
    /// copy every one of them (and retain each of its strings) to read a few of its fields.
    final class TargetedFiring {
        let firing: FiringRecord
        /// Whether the firing has a pending row to move on or remove; false for a delivery that never was
        /// pending.
        let pending: Bool
        /// A claimed firing: the fire date it claimed, which the row must still have.
        let claimedFire: Int64?

        init(firing: FiringRecord, pending: Bool, claimedFire: Int64? = nil) {
            (self.firing, self.pending, self.claimedFire) = (firing, pending, claimedFire)
        }
    }

    /// What the batch changes in one center, seen to once at its end. A firing leaves the center's
    /// pending count as it was: the count is at least the requests pending, which an add that reaches the
    /// limit counts exactly (`upsertOne`).
    struct CenterTally {
        /// The center's event sequence: the last event's number.
        var sequence: Int64
        /// The sequence before the batch: the history is trimmed when the batch passes a multiple of 32.
        var eventsBefore: Int64
        var badge: Int?

        init(sequence: Int64) {
            self.sequence = sequence
            self.eventsBefore = sequence
        }
    }

    /// Which apps hold media at all, looked up once per app and batch: most hold none, and then a
    /// firing's rows need no look at `media_holds` (a delivered row that replaces one, a pending row that
    /// goes).
    struct MediaHolders {
        private var known: [String: Bool] = [:]

        mutating func any(_ appID: String, _ db: Database) throws -> Bool {
            if let holds = known[appID] { return holds }
            let holds =
                try Bool.fetchOne(
                    try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM media_holds WHERE app_id = ?)"), arguments: [appID]) ?? true
            known[appID] = holds
            return holds
        }

        /// The batch made the app hold media.
        mutating func added(_ appID: String) { known[appID] = true }
    }

    /// Whether an unclaimed firing has a pending row to move on or remove: false for a firing of no
    /// revision (no row), nil when the revision fired is no longer the one pending.
    static func hasPendingRow(_ key: CenterKey, _ identifier: String, revision: Int64, _ db: Database) throws -> Bool? {
        guard revision != 0 else { return false }
        let found = try Bool.fetchOne(
            try db.cachedStatement(sql: "SELECT 1 FROM pending WHERE app_id = ? AND center_id = ? AND identifier = ? AND revision = ?"),
            arguments: [key.appID, key.centerID, identifier, revision])
        return found == nil ? nil : true
    }

    /// Records the firings with their events, in order, inside the caller's transaction. `tallies` holds
    /// the event sequence of every center they fire in (read with the center); it is updated in place, where
    /// a copy would cost the whole map at its first write. Each firing's pending row
    /// is moved on or removed first, matched by its revision (and a claim's fire date): a claim
    /// that no longer holds its row records nothing, and no separate read of the row is needed to know.
    /// Returns the firings recorded (without the attachments whose media went).
    static func record(
        _ batch: [TargetedFiring], tallies: inout [CenterKey: CenterTally], at now: Date, _ db: Database, _ effects: inout ChangeSet
    ) throws -> [FiringRecord] {
        guard !batch.isEmpty else { return [] }
        let batch = try droppingMissingMedia(batch, db)
        var settings: [String: WebhookConfiguration?] = [:]
        var holders = MediaHolders()
        // The browsers and phones of every center whose notification is shown, read at once (but those
        // whose messages were made already).
        let shown = batch.compactMap {
            $0.firing.pushMessages == nil && $0.firing.delivered?.presentation.isVisible == true ? $0.firing.center : nil
        }
        let targets = try pushTargets(Set(shown), db)
        let stamp = milliseconds(now)
        var deliveredRows = DeliveredRows(stamp: stamp)
        var outbox = OutboxRows()
        var recorded: [FiringRecord] = []
        recorded.reserveCapacity(batch.count)
        var notified: [CenterKey] = []
        notified.reserveCapacity(batch.count)
        // A shown firing's delivered row, its holds, and its messages to the app and to the devices;
        // false for a firing that shows nothing.
        func deliver(_ firing: FiringRecord, sequence: Int64) throws -> Bool {
            guard let delivered = firing.delivered else { return false }
            let key = firing.center
            // The delivered list is ordered by the sequence of each notification's `presented` event,
            // which the row is (`event_at`), as it is its receipt's `fired` step: one row instead of three.
            let fired = firing.receipt(at: now)
            deliveredRows.append(
                DeliveredRows.Entry(
                    key: key, identifier: firing.identifier, deliveredAt: milliseconds(delivered.date),
                    request: try firing.requestForm ?? encode(delivered.request),
                    presentation: try encodeShared(delivered.presentation),
                    sequence: sequence, heldUntil: delivered.presentation.heldUntil.map(milliseconds),
                    firedDetail: fired.detail, scheduledAt: fired.scheduledAt.map(milliseconds)))
            if let heldUntil = delivered.presentation.heldUntil { effects.announce(.summaryDue(heldUntil)) }
            let media = mediaIDs(of: delivered.request)
            if try !media.isEmpty || holders.any(key.appID, db) {
                try setHolds(key, holder: .delivered, identifier: firing.identifier, media: media, db)
            }
            if !media.isEmpty { holders.added(key.appID) }
            if settings[key.appID] == nil { settings[key.appID] = .some(try webhookSettings(appID: key.appID, db)) }
            if let message = try DelegateEvent.delivered(delivered).outboxMessage(
                center: key, settings: settings[key.appID] ?? nil, at: now, traceparent: firing.traceparent)
            {
                outbox.append(message)
            }
            // What the device shows goes to its browsers' push subscriptions and phones too.
            if let messages = firing.pushMessages {
                outbox.append(contentsOf: messages)
            } else if let targets = targets[key] {
                outbox.append(contentsOf: try firing.pushMessages(to: targets, at: now))
            }
            return true
        }
        var pending = PendingStatements()
        for targeted in batch {
            let firing = targeted.firing
            let key = firing.center
            // Its place in the map, where its tally is written back without hashing the key again.
            guard let slot = tallies.index(forKey: key) else { throw StoreError(.notFound, "center \(key) is gone") }
            var tally = tallies.values[slot]
            // One statement a row: SQLite's search of the key costs less than a set's (a `VALUES` list
            // materialized, then matched), and its count says whether this firing's row was there.
            if targeted.pending {
                guard
                    try updatePending(
                        firing, claimedFire: targeted.claimedFire, holdsMedia: holders.any(key.appID, db), &pending, db, &effects)
                else { continue }
            }
            if try deliver(firing, sequence: tally.sequence + 1) {
                tally.sequence += 1
            } else {
                try insertReceipt(firing.receipt(at: now), db)
            }
            if let badge = firing.badge {
                tally.badge = badge
                tally.sequence += 1
                try insertEvent(
                    "badgeChanged", try CenterEvent.badgeChanged(badge).data(), for: key, sequence: tally.sequence, at: stamp, db)
            }
            tallies.values[slot] = tally
            notified.append(key)
            recorded.append(firing)
        }
        effects.announce(.notifications(notified))
        // Before the history's trim: a row that replaces another keeps that one's `presented` event in it.
        try deliveredRows.write(db)
        if !outbox.isEmpty {
            try outbox.write(db)
            effects.announce(.outbox)
        }
        try writeBack(tallies, at: now, db, &effects)
        return recorded
    }

    /// The firings with attachments whose media went dropped: the notification is delivered without
    /// them (content a service extension changed names media that was checked, but could have gone since).
    private static func droppingMissingMedia(_ batch: [TargetedFiring], _ db: Database) throws -> [TargetedFiring] {
        var wanted: [String: Set<String>] = [:]
        for targeted in batch {
            guard let attachments = targeted.firing.delivered?.request.content.attachments, !attachments.isEmpty else { continue }
            wanted[targeted.firing.center.appID, default: []].formUnion(attachments.compactMap(\.mediaID))
        }
        guard !wanted.isEmpty else { return batch }
        var existing: [String: Set<String>] = [:]
        for (appID, ids) in wanted { existing[appID] = try existingMedia(ids, appID: appID, db) }
        return batch.map { targeted in
            let kept = existing[targeted.firing.center.appID] ?? []
            var firing = targeted.firing
            firing.dropAttachments { kept.contains($0) }
            return TargetedFiring(firing: firing, pending: targeted.pending, claimedFire: targeted.claimedFire)
        }
    }

    /// The fired request's pending row: a repeating trigger's moves on to its next date, a location
    /// trigger that repeats stays, any other goes (with its media holds). Matched by the revision, and for
    /// a claimed firing by the fire date it claimed too (a repeating request's next occurrence is another
    /// claim's); false when no row matched (replaced, removed, or fired already).
    private static func updatePending(
        _ firing: FiringRecord, claimedFire: Int64?, holdsMedia: Bool, _ statements: inout PendingStatements, _ db: Database,
        _ effects: inout ChangeSet
    ) throws -> Bool {
        let change: PendingStatements.Change = firing.nextFireDate != nil ? .move : firing.keepPending ? .keep : .delete
        guard try statements.run(change, firing, claimedFire: claimedFire, db) else { return false }
        if let next = firing.nextFireDate { effects.announce(.due(next)) }
        if change == .delete { try releasePendingHolds(firing, holdsMedia: holdsMedia, db) }
        return true
    }

    /// The media holds of a firing's pending row, removed. A row holds the media its request's attachments
    /// name: a request delivered as it was stored (`requestForm`) without any held none; nor does any row
    /// of an app that holds no media.
    private static func releasePendingHolds(_ firing: FiringRecord, holdsMedia: Bool, _ db: Database) throws {
        let heldNothing = !holdsMedia || (firing.requestForm != nil && firing.delivered.map { mediaIDs(of: $0.request).isEmpty } == true)
        if !heldNothing { try releaseHolds(firing.center, holder: .pending, identifiers: [firing.identifier], db) }
    }

    /// Each center's new badge (the only thing of its row a firing changes: its newest sequence is its
    /// newest event's, its pending count an upper bound), its history trimmed and its delivered list kept
    /// to `DeliveredList.perCenter`.
    private static func writeBack(
        _ tallies: [CenterKey: CenterTally], at now: Date, _ db: Database, _ effects: inout ChangeSet
    ) throws {
        for (key, tally) in tallies {
            if let badge = tally.badge {
                try db.cachedStatement(sql: "UPDATE centers SET badge = ? WHERE app_id = ? AND id = ?")
                    .execute(arguments: [badge, key.appID, key.centerID])
                effects.announce(.centers([key]))
            }
            let events = tally.sequence - tally.eventsBefore
            guard events > 0 else { continue }
            try trimHistory(key, from: tally.eventsBefore, to: tally.sequence, db)
            effects.announce(.events(key, sequence: tally.sequence))
            if DeliveredList.isDue(from: tally.eventsBefore, to: tally.sequence) { try dropOldestDelivered(key, at: now, db, &effects) }
        }
    }
}
