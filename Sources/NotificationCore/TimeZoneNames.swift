import Foundation

/// IANA time zone names.
package enum TimeZoneNames {
    package static func isValid(_ name: String) -> Bool { TimeZone(identifier: name) != nil }

    /// The zone for `name`, UTC if it is unknown (validated names never are).
    package static func zone(_ name: String) -> TimeZone { TimeZone(identifier: name) ?? .gmt }
}
