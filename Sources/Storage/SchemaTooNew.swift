import Memberwise

/// The database was migrated by a newer usernotifyd than this one: its schema has versions this binary
/// does not know, so it refuses to start rather than run on tables it does not understand (a rollback
/// must go back to a backup made before the upgrade, or forward to the newer version).
@MemberwiseInit
package struct SchemaTooNew: Error, Sendable, Equatable, CustomStringConvertible {
    /// The newest version the database has, and its name as the newer binary recorded it.
    package var found: Int
    package var foundName: String
    /// The newest version this binary knows.
    package var known: Int

    package var description: String {
        "the database's schema is version \(found) (\"\(foundName)\"), made by a newer usernotifyd; this one knows up to "
            + "version \(known). Run the newer version (or later), or restore a backup made before the upgrade."
    }
}
