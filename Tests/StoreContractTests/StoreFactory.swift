import Foundation
import SQLiteStorage
import Storage
import Testing

/// Every store protocol at once: what the service opens.
typealias ContractStore = NotificationStore & PrincipalStore & WebhookStore & MediaStore & ClockStore

/// Makes fresh, empty stores of one kind for the contract suite, and opens them again on the same data
/// (a restart).
struct StoreFactory: Sendable, CustomTestStringConvertible {
    let name: String
    /// A new empty store, and a function that opens another store on the same data.
    let make: @Sendable () async throws -> (store: any ContractStore, reopen: @Sendable () async throws -> any ContractStore)

    var testDescription: String { name }

    static let sqlite = StoreFactory(name: "SQLite") {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("usernotifyd.sqlite").path
        return (try SQLiteStore(path: path), { try SQLiteStore(path: path) })
    }

    /// Every store the suite runs against here.
    static let all: [StoreFactory] = [.sqlite]
}
