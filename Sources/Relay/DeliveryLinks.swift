import Memberwise

/// What a phone app acts on a relayed notification with, and no other credential: the token that answers
/// it (`POST /v1/responses`), and the path that serves its first attachment for a day (the service
/// extension downloads it from the service's base URL and attaches it).
@MemberwiseInit
package struct DeliveryLinks: Sendable {
    package var responseToken: String
    /// The first attachment's identifier and download path, if the notification has one.
    package var attachment: (identifier: String, path: String)?
}
