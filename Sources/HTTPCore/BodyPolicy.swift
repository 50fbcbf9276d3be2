/// How the server receives a request's body, decided from the head (method and path) before any of it
/// arrives.
package enum BodyPolicy: Sendable {
    /// Collected in memory, up to the server's `maxBodyBytes`.
    case buffered
    /// Written to a file in the server's spool directory as it arrives (never held in memory), up to
    /// `maxBytes`; a larger body is answered with `tooLarge` (413) and discarded. The handler finds the
    /// file in `Request.spooledBody`.
    case spooled(maxBytes: Int, tooLarge: Problem)
}
