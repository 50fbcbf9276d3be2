/// W3C Trace Context: the `traceparent` of an API call, carried to the webhook calls it leads to — at
/// once (a delivery without a trigger) or when its request fires later — so that an app can follow a
/// notification from its own API call to its own webhook. Forwarded as it came unless tracing is on
/// (`Tracing`): then usernotifyd's own spans stand between, and what it hands on is its span's.
package enum TraceContext {
    /// The `traceparent` of the API call being served, or of the request being fired.
    @TaskLocal package static var traceparent: String?

    /// `header` if it is a valid `traceparent` (version `00`: lowercase hex trace id and parent id, not
    /// all zeros, and flags), else nil: an invalid one is ignored, as the recommendation says.
    package static func validated(_ header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "00", parts[1].count == 32, parts[2].count == 16, parts[3].count == 2,
            parts.dropFirst().allSatisfy({ $0.utf8.allSatisfy(isLowercaseHex) }),
            parts[1].contains(where: { $0 != "0" }), parts[2].contains(where: { $0 != "0" })
        else { return nil }
        return header
    }

    private static func isLowercaseHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
