import ErrorCodes
import Foundation
import Memberwise

/// A `CLCircularRegion` for a location trigger.
@MemberwiseInit
package struct LocationRegion: Sendable, Hashable, Codable {
    package var identifier: String
    package var latitude: Double
    package var longitude: Double
    /// Metres.
    package var radius: Double
    package var notifyOnEntry: Bool = true
    package var notifyOnExit: Bool = true

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decode(String.self, forKey: .identifier)
        latitude = try container.decode(Double.self, forKey: .latitude)
        longitude = try container.decode(Double.self, forKey: .longitude)
        radius = try container.decode(Double.self, forKey: .radius)
        notifyOnEntry = try container.decodeIfPresent(Bool.self, forKey: .notifyOnEntry) ?? true
        notifyOnExit = try container.decodeIfPresent(Bool.self, forKey: .notifyOnExit) ?? true
    }

    private enum CodingKeys: String, CodingKey { case identifier, latitude, longitude, radius, notifyOnEntry, notifyOnExit }

    /// The largest radius accepted (Core Location caps monitored regions similarly).
    package static let maxRadius = 100_000.0

    func validate() throws(NotificationError) {
        guard identifier.isIdentifier(max: 255) else {
            throw .invalid(.invalidRegion, "`trigger.region.identifier` must be 1 to 255 characters with no control character.")
        }
        guard (-90...90).contains(latitude) else {
            throw .invalid(.invalidRegion, "`trigger.region.latitude` must be from -90 to 90; got \(latitude).")
        }
        guard (-180...180).contains(longitude) else {
            throw .invalid(.invalidRegion, "`trigger.region.longitude` must be from -180 to 180; got \(longitude).")
        }
        guard radius > 0, radius <= Self.maxRadius else {
            throw .invalid(
                .invalidRegion, "`trigger.region.radius` must be more than 0 and at most \(Int(Self.maxRadius)) metres; got \(radius).")
        }
        guard notifyOnEntry || notifyOnExit else {
            throw .invalid(.invalidRegion, "`trigger.region` must notify on entry, on exit, or both.")
        }
    }

    package func contains(_ location: Location) -> Bool {
        location.distance(to: Location(latitude: latitude, longitude: longitude)) <= radius
    }

    /// Whether moving from `previous` to `current` crosses the boundary in a direction asked for.
    /// Being inside is not crossing: with no previous location nothing fires.
    package func isCrossed(from previous: Location?, to current: Location) -> Bool {
        guard let previous else { return false }
        let wasInside = contains(previous)
        let isInside = contains(current)
        return (notifyOnEntry && !wasInside && isInside) || (notifyOnExit && wasInside && !isInside)
    }
}
