import Foundation
import GRDB
import NotificationCore
import Storage

/// The statements that move a batch's fired requests on in `pending`, each prepared once for the batch:
/// a firing's row is matched by its revision, and a claimed firing's by the fire date it claimed too (a
/// repeating request's next occurrence is another claim's). Their SQL is fixed, so no firing builds or
/// looks up a string.
struct PendingStatements {
    /// What a firing does to its pending row.
    enum Change: Int, CaseIterable {
        /// A repeating trigger's row moves on to its next fire date.
        case move
        /// A location trigger that repeats keeps its row as it is: it is only looked for.
        case keep
        /// Any other row goes.
        case delete
    }

    /// Each change's statement, unclaimed then claimed, prepared on first use.
    private var prepared: [DirectStatement?] = Array(repeating: nil, count: Change.allCases.count * 2)

    /// Runs the change on the firing's row; whether the row was there.
    mutating func run(_ change: Change, _ firing: FiringRecord, claimedFire: Int64?, _ db: Database) throws -> Bool {
        let slot = change.rawValue * 2 + (claimedFire == nil ? 0 : 1)
        var statement = try prepared[slot] ?? DirectStatement(db, sql: Self.sql[slot])
        defer { prepared[slot] = statement }
        if change == .move, let next = firing.nextFireDate { statement.bind(SQLiteStore.milliseconds(next)) }
        statement.bind(firing.center.appID)
        statement.bind(firing.center.centerID)
        statement.bind(firing.identifier)
        statement.bind(firing.revision)
        if let claimedFire { statement.bind(claimedFire) }
        if change == .keep { return try statement.fetchesRow(db) }
        return try statement.execute(db) > 0
    }

    /// The statements' SQL, in the order of `prepared`.
    private static let sql: [String] = Change.allCases.flatMap { change in
        [false, true].map { claimed in
            let match = "app_id = ? AND center_id = ? AND identifier = ? AND revision = ?" + (claimed ? " AND next_fire = ?" : "")
            return switch change {
            case .move: "UPDATE pending SET next_fire = ? WHERE \(match)"
            case .keep: "SELECT 1 FROM pending WHERE \(match)"
            case .delete: "DELETE FROM pending WHERE \(match)"
            }
        }
    }
}
