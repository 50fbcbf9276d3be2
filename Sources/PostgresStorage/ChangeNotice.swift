import Foundation
import NotificationCore
import Storage

/// What a transaction changed, as the text of `pg_notify` on one channel: the replicas hear every other
/// replica's changes and announce them on their own feeds.
///
/// One line per change after the origin's line (ids hold no tabs or newlines): `C app center` (a center's
/// record), `N app center` (its notifications), `E app center sequence`, `D milliseconds` (due), `O`
/// (outbox), `K` (credentials), `A app`, `S app` (string tables), `W app` (webhook settings), `T
/// milliseconds` (the virtual clock), `X app reason url` (an endpoint disabled), `M sha256` (media bytes removed), `R` (resynchronize). A transaction that touched more than one
/// notification holds (PostgreSQL's limit is 8000 bytes) sends several.
enum ChangeNotice: StoredForm {
    static let channel = "usernotifyd_changes"
    /// Bytes per notification, under PostgreSQL's 8000.
    static let maxPayload = 7800

    /// The notifications' payloads for `changes`, each headed by `origin`.
    static func payloads(_ changes: [StoreChange], origin: String) -> [String] {
        var lines: [String] = []
        for change in changes {
            switch change {
            case .centers(let keys): lines += keys.map { "C\t\($0.appID)\t\($0.centerID)" }
            case .notifications(let keys): lines += keys.map { "N\t\($0.appID)\t\($0.centerID)" }
            case .events(let key, let sequence): lines.append("E\t\(key.appID)\t\(key.centerID)\t\(sequence)")
            case .due(let date): lines.append("D\t\(milliseconds(date))")
            case .summaryDue(let date): lines.append("H\t\(milliseconds(date))")
            case .broadcastDue(let date): lines.append("B\t\(milliseconds(date))")
            case .outbox: lines.append("O")
            case .credentials: lines.append("K")
            case .app(let appID): lines.append("A\t\(appID)")
            case .stringTables(let appID): lines.append("S\t\(appID)")
            case .webhookSettings(let appID): lines.append("W\t\(appID)")
            case .clock(let date): lines.append("T\t\(milliseconds(date))")
            case .endpointDisabled(let appID, let url, let reason): lines.append("X\t\(appID)\t\(reason.rawValue)\t\(url)")
            case .mediaRemoved(let hashes): lines += hashes.map { "M\t\($0)" }
            case .resynchronize: lines.append("R")
            }
        }
        var payloads: [String] = []
        var current = origin
        for line in lines {
            if current.utf8.count + line.utf8.count + 1 > maxPayload, current != origin {
                payloads.append(current)
                current = origin
            }
            current += "\n" + line
        }
        if current != origin { payloads.append(current) }
        return payloads
    }

    /// The origin and changes of a payload (unknown lines are skipped: a newer replica's).
    static func parse(_ payload: String) -> (origin: String, changes: [StoreChange]) {
        var lines = payload.split(separator: "\n", omittingEmptySubsequences: true)
        guard !lines.isEmpty else { return ("", []) }
        let origin = String(lines.removeFirst())
        var centers: [CenterKey] = []
        var notifications: [CenterKey] = []
        var removedMedia: [String] = []
        var changes: [StoreChange] = []
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch (fields.first, fields.count) {
            case ("C", 3): centers.append(CenterKey(appID: fields[1], centerID: fields[2]))
            case ("N", 3): notifications.append(CenterKey(appID: fields[1], centerID: fields[2]))
            case ("E", 4):
                if let sequence = Int64(fields[3]) {
                    changes.append(.events(CenterKey(appID: fields[1], centerID: fields[2]), sequence: sequence))
                }
            case ("D", 2): if let ms = Int64(fields[1]) { changes.append(.due(date(ms))) }
            case ("H", 2): if let ms = Int64(fields[1]) { changes.append(.summaryDue(date(ms))) }
            case ("B", 2): if let ms = Int64(fields[1]) { changes.append(.broadcastDue(date(ms))) }
            case ("O", 1): changes.append(.outbox)
            case ("K", 1): changes.append(.credentials)
            case ("A", 2): changes.append(.app(fields[1]))
            case ("S", 2): changes.append(.stringTables(fields[1]))
            case ("W", 2): changes.append(.webhookSettings(fields[1]))
            case ("T", 2): if let ms = Int64(fields[1]) { changes.append(.clock(date(ms))) }
            case ("X", 4):
                if let reason = EndpointState.Reason(rawValue: fields[2]) {
                    changes.append(.endpointDisabled(appID: fields[1], url: fields[3], reason: reason))
                }
            case ("M", 2): removedMedia.append(fields[1])
            case ("R", 1): changes.append(.resynchronize)
            default: continue
            }
        }
        if !removedMedia.isEmpty { changes.append(.mediaRemoved(removedMedia)) }
        if !centers.isEmpty { changes.insert(.centers(centers), at: 0) }
        if !notifications.isEmpty { changes.insert(.notifications(notifications), at: 0) }
        return (origin, changes)
    }
}
