import ErrorCodes
import HTTPTypes

/// An RFC 9457 problem: what every error response of the service carries as `application/problem+json`.
///
/// `code` is the stable, machine-readable name clients switch on (the framework's `UNError` names where
/// one fits); `detail` says what to fix. Handlers throw problems; the router renders them, in one place.
package struct Problem: Error, Sendable, Equatable {
    package var status: HTTPStatus
    package var code: ErrorCode
    package var detail: String
    /// Extra header fields, e.g. `Allow` on a 405 or `Retry-After` on a 503.
    package var headers: HTTPFields
    /// Extension members (RFC 9457 §3.2) after the standard ones, e.g. APNs' `reason` and `timestamp`.
    package var members: [Member] = []

    package struct Member: Sendable, Equatable {
        package enum Value: Sendable, Equatable {
            case string(String)
            case integer(Int64)
        }

        package var name: String
        package var value: Value

        package init(_ name: String, _ value: Value) {
            self.name = name
            self.value = value
        }
    }

    package init(status: HTTPStatus, code: ErrorCode, detail: String, headers: HTTPFields = [:], members: [Member] = []) {
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = headers
        self.members = members
    }

    /// The status's reason phrase: the problem's short, human-readable summary.
    package var title: String { status.reasonPhrase }

    /// A URI naming the problem type.
    package var type: String { "urn:usernotifyd:problem:\(code.rawValue)" }

    package static let contentType = "application/problem+json"

    /// The response that carries this problem.
    package var response: Response {
        var body = JSONWriter()
        body.object {
            $0.field("type", type)
            $0.field("title", title)
            $0.field("status", status.code)
            $0.field("detail", detail)
            $0.field("code", code.rawValue)
            for member in members {
                switch member.value {
                case .string(let value): $0.field(member.name, value)
                case .integer(let value): $0.field(member.name, Int(value))
                }
            }
        }
        var all = headers
        all[.contentType] = Self.contentType
        return Response(status: status, headers: all, body: .bytes(body.bytes))
    }
}

extension Problem {
    package static func notFound(_ detail: String) -> Problem {
        Problem(status: .notFound, code: .notFound, detail: detail)
    }

    package static func methodNotAllowed(_ method: HTTPRequest.Method, path: String, allowed: [HTTPRequest.Method]) -> Problem {
        let allow = allowed.map(\.rawValue).joined(separator: ", ")
        return Problem(
            status: .methodNotAllowed, code: .methodNotAllowed,
            detail: "\(method) is not supported on \(path); use one of: \(allow).",
            headers: [.allow: allow]
        )
    }

    /// 501: the method is none the server knows (RFC 9110 §15.6.2), so no path is looked up. The detail
    /// does not repeat it: it is a client's text.
    package static func methodNotImplemented() -> Problem {
        let served = HTTPRequest.Method.served.map(\.rawValue).sorted().joined(separator: ", ")
        return Problem(
            status: .notImplemented, code: .methodNotImplemented, detail: "The method is not one this server knows; use one of: \(served).")
    }

    package static func payloadTooLarge(limit: Int) -> Problem {
        Problem(
            status: .contentTooLarge, code: .payloadTooLarge,
            detail: "The request body is larger than the limit of \(limit) bytes; send a smaller body.",
            headers: [.connection: "close"]
        )
    }

    package static func badRequest(_ detail: String, code: ErrorCode = .malformedRequest) -> Problem {
        Problem(status: .badRequest, code: code, detail: detail)
    }

    package static func unsupportedMediaType(_ detail: String) -> Problem {
        Problem(status: .unsupportedMediaType, code: .unsupportedMediaType, detail: detail)
    }

    package static func insufficientStorage(_ detail: String) -> Problem {
        Problem(status: .insufficientStorage, code: .insufficientStorage, detail: detail, headers: [.connection: "close"])
    }

    package static func serviceUnavailable(_ detail: String) -> Problem {
        Problem(
            status: .serviceUnavailable, code: .shuttingDown, detail: detail,
            headers: [.connection: "close", .retryAfter: "1"]
        )
    }

    package static func internalError() -> Problem {
        Problem(
            status: .internalServerError, code: .internalError,
            detail: "The server failed to handle the request; it was logged. Retry later."
        )
    }
}
