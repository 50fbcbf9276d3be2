// Written by hand (not generated): what a client of usernotifyd needs beyond the generated code.
import OpenAPIRuntime

extension Configuration {
    /// usernotifyd writes dates as RFC 3339 with milliseconds (`2027-01-15T08:00:00.250Z`): firing dates
    /// are exact to the millisecond. Pass this to `Client(serverURL:configuration:transport:)`.
    public static let usernotifyd = Configuration(dateTranscoder: .iso8601WithFractionalSeconds)
}
