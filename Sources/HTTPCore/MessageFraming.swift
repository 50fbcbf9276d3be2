import ErrorCodes
import HTTPTypes

/// How a request's body is delimited (RFC 9112 §6), and the heads whose framing must be refused.
///
/// A body length that two parsers could read differently is how requests are smuggled: a proxy reads
/// one length, the server another, and the rest of the body becomes a second request. So a head that
/// is not exactly one of the two unambiguous forms — one `Content-Length` of digits, or `Transfer-Encoding:
/// chunked` alone on HTTP/1.1 — is refused with 400 and its connection closed (§6.3: "the server MUST
/// respond with a 400 and then close the connection").
package enum MessageFraming {
    /// The problem with the head's framing, or nil when it is unambiguous.
    package static func problem(headers: HTTPFields, version: String) -> Problem? {
        let lengths = headers[values: .contentLength]
        let codings = headers[values: .transferEncoding]
        if !codings.isEmpty {
            guard lengths.isEmpty else {
                return ambiguous("The request has both Transfer-Encoding and Content-Length; send one of them.")
            }
            guard version == "HTTP/1.1" else {
                return ambiguous("Transfer-Encoding is not allowed on \(version); send Content-Length.")
            }
            guard codings.count == 1, codings[0].trimmed.lowercased() == "chunked" else {
                return Problem(
                    status: .notImplemented, code: .unsupportedTransferCoding,
                    detail: "Only `Transfer-Encoding: chunked` is supported (once); got '\(codings.joined(separator: ", "))'.",
                    headers: [.connection: "close"])
            }
            return nil
        }
        guard lengths.count <= 1 else {
            return ambiguous("The request has \(lengths.count) Content-Length fields; send exactly one.")
        }
        if let length = lengths.first {
            let digits = length.trimmed
            guard !digits.isEmpty, digits.utf8.count <= 18, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
                return ambiguous("Content-Length must be one decimal number; got '\(length)'.")
            }
        }
        return nil
    }

    private static func ambiguous(_ detail: String) -> Problem {
        Problem(
            status: .badRequest, code: .ambiguousBodyLength, detail: detail, headers: [.connection: "close"])
    }
}

extension String {
    /// Without the spaces and tabs HTTP allows around a field value.
    fileprivate var trimmed: String {
        var bytes = Substring(self).utf8[...]
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
        return String(Substring(bytes))
    }
}
