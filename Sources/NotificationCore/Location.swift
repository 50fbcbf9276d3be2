import ErrorCodes
import Foundation
import Memberwise

/// A point on Earth, in degrees.
@MemberwiseInit
package struct Location: Sendable, Hashable, Codable {
    package var latitude: Double
    package var longitude: Double

    /// Great-circle distance in metres (haversine).
    package func distance(to other: Location) -> Double {
        let radians = Double.pi / 180
        let dLat = (other.latitude - latitude) * radians
        let dLon = (other.longitude - longitude) * radians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(latitude * radians) * cos(other.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 6_371_008.8 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }

    package func validate() throws(NotificationError) {
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw .invalid(.invalidLocation, "A location needs latitude -90…90 and longitude -180…180.")
        }
    }
}
