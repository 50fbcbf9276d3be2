import HTTPCore
import NotificationCore
import Webhooks

/// Every error of the API as a problem: the one place where errors become HTTP.
enum APIProblem {
    static func unauthorized(_ detail: String) -> Problem {
        Problem(status: 401, code: "unauthorized", title: "Unauthorized", detail: detail, headers: ["WWW-Authenticate": "Bearer"])
    }

    static func forbidden(_ detail: String) -> Problem {
        Problem(status: 403, code: "forbidden", title: "Forbidden", detail: detail)
    }

    static func notFound(_ code: String, _ detail: String) -> Problem {
        Problem(status: 404, code: code, title: "Not Found", detail: detail)
    }

    /// Domain errors: invalid input 422 (400 is for bodies that are not even the right shape), refusals
    /// by state 403/409, missing things 404, limits 409.
    static func map(_ error: any Error) -> Problem? {
        if let error = error as? WebhookConfigurationError {
            return Problem(status: 422, code: error.code, title: "Unprocessable Content", detail: error.message)
        }
        guard let error = error as? NotificationError else { return nil }
        // Attachment errors have one status each, whatever the path (upload, URL, add).
        switch error.code {
        case "attachmentInvalidFileSize": return Problem(status: 413, code: error.code, title: "Content Too Large", detail: error.message)
        case "attachmentUnrecognizedType":
            return Problem(status: 415, code: error.code, title: "Unsupported Media Type", detail: error.message)
        case "attachmentMoveIntoDataStoreFailed":
            return Problem(status: 507, code: error.code, title: "Insufficient Storage", detail: error.message)
        default: break
        }
        switch error.kind {
        case .invalid:
            return Problem(status: 422, code: error.code, title: "Unprocessable Content", detail: error.message)
        case .refused:
            let status = error.code == "notificationsNotAllowed" || error.code == "authenticationRequired" ? 403 : 409
            return Problem(status: status, code: error.code, title: status == 403 ? "Forbidden" : "Conflict", detail: error.message)
        case .notFound:
            return Problem(status: 404, code: error.code, title: "Not Found", detail: error.message)
        case .limit:
            return Problem(status: 409, code: error.code, title: "Conflict", detail: error.message)
        }
    }
}
