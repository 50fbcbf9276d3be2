import Memberwise

extension PostgresStore {
    /// What a replica's `/metrics` says of its store (`PostgresStore.figures`).
    @MemberwiseInit
    package struct Figures: Sendable, Equatable {
        /// Connections of the pool in use by store calls now.
        package var inUse: Int
        /// Store calls waiting for a connection now.
        package var waiting: Int
        /// The most connections the pool opens.
        package var maximum: Int
        /// Transactions run again since the start: PostgreSQL rolled them back for a deadlock (40P01) …
        package var deadlocksRunAgain: Int
        /// … or a serialization failure (40001).
        package var serializationFailuresRunAgain: Int
    }
}
