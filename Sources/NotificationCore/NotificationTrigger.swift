import ErrorCodes
import Foundation

/// What makes a request fire: `UNTimeIntervalNotificationTrigger`, `UNCalendarNotificationTrigger`,
/// `UNLocationNotificationTrigger` or `UNPushNotificationTrigger`. A request with no trigger is
/// delivered at once.
///
/// JSON: `{"type":"timeInterval","timeInterval":90,"repeats":false}`,
/// `{"type":"calendar","dateComponents":{"hour":8,"minute":0},"repeats":true}`,
/// `{"type":"location","region":{…},"repeats":false}`, `{"type":"push"}`.
package enum NotificationTrigger: Sendable, Hashable, Codable {
    case timeInterval(TimeInterval, repeats: Bool)
    case calendar(DateMatch, repeats: Bool)
    case location(LocationRegion, repeats: Bool)
    case push

    /// The shortest repeating interval the framework allows.
    package static let minimumRepeatingInterval: TimeInterval = 60

    package var repeats: Bool {
        switch self {
        case .timeInterval(_, let repeats), .calendar(_, let repeats), .location(_, let repeats): repeats
        case .push: false
        }
    }

    package var kind: String {
        switch self {
        case .timeInterval: "timeInterval"
        case .calendar: "calendar"
        case .location: "location"
        case .push: "push"
        }
    }

    package func validate() throws(NotificationError) {
        switch self {
        case .timeInterval(let interval, let repeats):
            guard interval.isFinite, interval > 0 else {
                throw .invalid(.invalidTimeInterval, "`trigger.timeInterval` must be greater than 0; got \(interval).")
            }
            guard !repeats || interval >= Self.minimumRepeatingInterval else {
                throw .invalid(
                    .invalidTimeInterval, "`trigger.timeInterval` must be at least 60 seconds when `repeats` is true; got \(interval).")
            }
            guard interval <= 100 * 365 * 86_400 else {
                throw .invalid(.invalidTimeInterval, "`trigger.timeInterval` must be at most 100 years.")
            }
        case .calendar(let match, _):
            try match.validate()
        case .location(let region, _):
            try region.validate()
        case .push:
            throw .invalid(
                .invalidTrigger, "A push trigger cannot be scheduled; it is set on notifications that arrive through the push endpoint."
            )
        }
    }

    /// The first fire date of a request added at `added`, in `zone` for calendar triggers. nil for
    /// location and push triggers, and for a calendar trigger that can never match again.
    package func firstFireDate(addedAt added: Date, in zone: TimeZone) -> Date? {
        switch self {
        case .timeInterval(let interval, _): added.addingTimeInterval(interval)
        case .calendar(let match, _): match.nextDate(after: added, in: zone)
        case .location, .push: nil
        }
    }

    /// After a firing that was due at `due` and happened at `now`: the next fire date of a repeating
    /// trigger, always after `now`. Periods missed while the service was down are skipped, so a
    /// repeating request fires once on catching up, then on schedule.
    package func nextFireDate(afterDue due: Date, now: Date, in zone: TimeZone) -> Date? {
        guard repeats else { return nil }
        switch self {
        case .timeInterval(let interval, _):
            let missed = max(0, (now.timeIntervalSince(due) / interval).rounded(.down))
            var next = due.addingTimeInterval(interval * (missed + 1))
            if next <= now { next = next.addingTimeInterval(interval) }
            return next
        case .calendar(let match, _):
            return match.nextDate(after: max(due, now), in: zone)
        case .location, .push:
            return nil
        }
    }
}

extension NotificationTrigger {
    private enum CodingKeys: String, CodingKey { case type, timeInterval, dateComponents, region, repeats }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        let repeats = try container.decodeIfPresent(Bool.self, forKey: .repeats) ?? false
        switch type {
        case "timeInterval": self = .timeInterval(try container.decode(Double.self, forKey: .timeInterval), repeats: repeats)
        case "calendar": self = .calendar(try container.decode(DateMatch.self, forKey: .dateComponents), repeats: repeats)
        case "location": self = .location(try container.decode(LocationRegion.self, forKey: .region), repeats: repeats)
        case "push": self = .push
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown trigger type '\(type)'; use timeInterval, calendar or location"
            )
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .type)
        switch self {
        case .timeInterval(let interval, let repeats):
            try container.encode(interval, forKey: .timeInterval)
            try container.encode(repeats, forKey: .repeats)
        case .calendar(let match, let repeats):
            try container.encode(match, forKey: .dateComponents)
            try container.encode(repeats, forKey: .repeats)
        case .location(let region, let repeats):
            try container.encode(region, forKey: .region)
            try container.encode(repeats, forKey: .repeats)
        case .push:
            try container.encode(false, forKey: .repeats)
        }
    }
}
