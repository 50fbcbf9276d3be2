import ErrorCodes
import Foundation
import Memberwise

/// One notification request for many centers: each member gets it as `add(_:)` on its own center would
/// give it — its authorization and settings decide what is presented, and a calendar trigger fires at
/// its date components in the member's own time zone (9:00 local everywhere). The audience is read when
/// each member's firing comes, not when the broadcast is made: a center that joins the topic before its
/// firing gets it, one that leaves does not.
@MemberwiseInit
package struct Broadcast: Codable, Sendable, Hashable {
    package enum Status: String, Codable, Sendable, Hashable {
        /// No member's firing has come yet.
        case scheduled
        /// Some members got it; others' firings (in later time zones) are still to come.
        case firing
        /// Every member's firing came.
        case completed
        /// Canceled (removed) before every member's firing came: those still to come never will.
        case canceled
        /// A later broadcast with the same identifier took its place where its firing had not come.
        case replaced
    }

    /// Who gets it: the centers subscribed to a topic, a list of centers, or every center of the app.
    package enum Audience: Sendable, Hashable {
        case topic(String)
        case centers([String])
        case all

        /// The most centers a list may name.
        package static let maxCenters = 1_000
    }

    /// What the firings so far did, member by member.
    @MemberwiseInit
    package struct Counts: Codable, Sendable, Hashable {
        /// Members whose firing came.
        package var targeted: Int = 0
        /// Members it was presented to (a banner, the Lock Screen or a sound).
        package var presented: Int = 0
        /// Members that got it quietly (in the list only, held for a summary, or silenced by a Focus).
        package var quiet: Int = 0
        /// Members whose user has not allowed notifications: they got nothing.
        package var notAuthorized: Int = 0
        /// Deliveries to members' browsers and phones that failed for good (the push service or provider
        /// refused, or the message expired).
        package var failed: Int = 0
    }

    package var id: String
    package var request: NotificationRequest
    package var audience: Audience
    package var status: Status = .scheduled
    package var createdAt: Date
    /// When the next members' firing comes (nil once none is to come).
    package var nextFireDate: Date?
    package var completedAt: Date?
    package var counts: Counts = Counts()

    package static func newID() -> String { "bc_" + RandomID.hex(bytes: 8) }

    /// The id as a UUID, as APNs names a published message in `apns-unique-id` (Apple's leads to the
    /// message's delivery log, this one to the broadcast and its counts): the id's hex digits last,
    /// `bc_1a2b3c4d5e6f7a8b` → `00000000-0000-0000-1a2b-3c4d5e6f7a8b`. Nil for an id not made by `newID`.
    package var uniqueID: String? {
        let hex = id.dropFirst(3).lowercased()
        guard id.hasPrefix("bc_"), hex.utf8.count == 16, hex.allSatisfy(\.isHexDigit) else { return nil }
        return "00000000-0000-0000-\(hex.prefix(4))-\(hex.dropFirst(4))"
    }

    /// Whether each member's firing comes at its own time zone's time: a calendar trigger whose date
    /// components name no zone of their own.
    package var isZoned: Bool {
        if case .calendar(let match, _) = request.trigger { match.timeZone == nil } else { false }
    }

    /// When the firing comes for a member in `zone`: at once with no trigger, the interval after the
    /// broadcast was made, or the trigger's next date after that in the zone; nil when the date
    /// components match no date after it there.
    package func fireDate(in zone: TimeZone) -> Date? {
        guard let trigger = request.trigger else { return createdAt }
        return trigger.firstFireDate(addedAt: createdAt, in: zone)
    }

    /// Every time zone there is, for the earliest date any member could fire at.
    private static let knownZones = TimeZone.knownTimeZoneIdentifiers.compactMap(TimeZone.init(identifier:))

    /// The earliest date a member's firing may come, whatever its zone: the fan-out looks then, and from
    /// its members' zones knows when the next comes.
    package var earliestFireDate: Date? {
        guard isZoned else { return fireDate(in: .gmt) }
        return nextFireDate(anywhereAfter: .distantPast)
    }

    /// The first date after `now` that a member's firing may come, in any zone there is (nil once it came
    /// in every zone, or for a broadcast that fires at one instant): until then a center may join the
    /// audience, or move, in a zone no member is in, and its firing still comes at its own date.
    package func nextFireDate(anywhereAfter now: Date) -> Date? {
        guard isZoned else { return nil }
        return Self.knownZones.lazy.compactMap(fireDate(in:)).filter { $0 > now }.min()
    }

    /// The zones furthest ahead of and behind UTC: a date that comes in neither comes nowhere.
    private static let extremeZones = ["Pacific/Kiritimati", "Etc/GMT+12"].compactMap(TimeZone.init(identifier:))

    /// Validates the request for a broadcast: as `add` would, with a trigger that fires once (no
    /// trigger, a time interval, or date components), and an audience within bounds.
    package func validate() throws(NotificationError) {
        try request.validate()
        switch request.trigger {
        case nil: break
        case .timeInterval(_, let repeats), .calendar(_, let repeats):
            guard !repeats else {
                throw .invalid(
                    .broadcastTriggerNotSupported,
                    "A broadcast fires once per member: `trigger.repeats` must be false (add a repeating request to each center instead).")
            }
        case .location, .push:
            throw .invalid(
                .broadcastTriggerNotSupported,
                "A broadcast's trigger is none, `timeInterval` or `calendar`; a location or push trigger belongs to one center's request.")
        }
        if isZoned, Self.extremeZones.allSatisfy({ fireDate(in: $0) == nil }) {
            throw .invalid(
                .notificationInvalidNoDate,
                "`trigger.dateComponents` match no date after now in any time zone; the broadcast would never fire.")
        }
        try audience.validate()
    }
}

extension Broadcast.Audience: Codable {
    private enum CodingKeys: String, CodingKey { case topic, centers, all }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let topic = try container.decodeIfPresent(String.self, forKey: .topic)
        let centers = try container.decodeIfPresent([String].self, forKey: .centers)
        let all = try container.decodeIfPresent(Bool.self, forKey: .all)
        switch (topic, centers, all) {
        case (let topic?, nil, nil): self = .topic(topic)
        case (nil, let centers?, nil): self = .centers(centers)
        case (nil, nil, true): self = .all
        default:
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "`audience` must have exactly one of `topic`, `centers` and `all` (which must be true)"))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .topic(let topic): try container.encode(topic, forKey: .topic)
        case .centers(let centers): try container.encode(centers, forKey: .centers)
        case .all: try container.encode(true, forKey: .all)
        }
    }

    func validate() throws(NotificationError) {
        switch self {
        case .topic(let topic): try Topic.validateIdentifier(topic, field: "audience.topic")
        case .centers(let centers):
            guard (1...Self.maxCenters).contains(centers.count) else {
                throw .invalid(
                    .invalidAudience,
                    "`audience.centers` must list 1 to \(Self.maxCenters) centers; for more, subscribe them to a topic or send to `all`.")
            }
            guard Set(centers).count == centers.count else {
                throw .invalid(.invalidAudience, "`audience.centers` lists a center more than once.")
            }
            for center in centers where !center.isIdentifier(max: 64) {
                throw .invalid(.invalidAudience, "`audience.centers` holds '\(center.prefix(80))', which is no center id.")
            }
        case .all: break
        }
    }
}

extension NotificationError {
    package static func broadcastNotFound(_ id: String) -> NotificationError {
        .notFound(.broadcastNotFound, "This app has no broadcast '\(id)'.")
    }
}
