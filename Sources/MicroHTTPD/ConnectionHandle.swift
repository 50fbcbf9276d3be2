import CMicroHTTPD

/// A libmicrohttpd connection pointer that may cross threads, for the calls that are allowed off
/// libmicrohttpd's thread: `MHD_resume_connection`, and nothing else.
struct ConnectionHandle: @unchecked Sendable {
    let raw: OpaquePointer

    /// Returns a suspended connection to libmicrohttpd's loop, which then calls the access handler again.
    func resume() {
        MHD_resume_connection(raw)
    }
}
