import ErrorCodes
import HTTPCore
import HTTPTypes
import NotificationCore
import Storage
import Webhooks

/// Every error of the API as a problem: the one place where errors become HTTP. Handlers throw domain
/// errors (`NotificationError`, `StoreError`, `WebhookConfigurationError`), which `map` turns into
/// problems by their kind, or the API's own problems below; no handler names a status.
enum APIProblem {
    /// Domain and store errors as problems: each kind has one status (400 is for bodies that are not
    /// even the right shape, and comes from the decoder). nil for anything else, which is a bug (500).
    static func map(_ error: any Error) -> Problem? {
        switch error {
        case let error as WebhookConfigurationError:
            return Problem(status: .unprocessableContent, code: error.code, detail: error.message)
        case let error as NotificationError:
            return Problem(status: status(of: error.kind), code: error.code, detail: error.message)
        case let error as StoreError:
            switch error.code {
            case .conflict:
                return Problem(status: .conflict, code: .conflict, detail: "The change conflicts with another: \(error.message).")
            case .notFound:
                return Problem(status: .notFound, code: .notFound, detail: "What the change needs is gone: \(error.message).")
            case .unavailable:
                return storageUnavailable
            case .storageFull:
                return Problem(status: .insufficientStorage, code: .insufficientStorage, detail: "The database's disk is full.")
            }
        default:
            return nil
        }
    }

    /// The status of each kind of domain refusal.
    static func status(of kind: NotificationError.Kind) -> HTTPStatus {
        switch kind {
        case .invalid: .unprocessableContent
        case .forbidden: .forbidden
        case .refused, .limit: .conflict
        case .notFound: .notFound
        case .tooLarge: .contentTooLarge
        case .unsupportedType: .unsupportedMediaType
        case .quota: .insufficientStorage
        }
    }

    // MARK: principals

    static func unauthorized(_ detail: String) -> Problem {
        Problem(status: .unauthorized, code: .unauthorized, detail: detail, headers: [.wwwAuthenticate: "Bearer"])
    }

    static func forbidden(_ detail: String) -> Problem {
        Problem(status: .forbidden, code: .forbidden, detail: detail)
    }

    static func notFound(_ code: ErrorCode, _ detail: String) -> Problem {
        Problem(status: .notFound, code: code, detail: detail)
    }

    // MARK: availability

    static let notReady = Problem(
        status: .serviceUnavailable, code: .notReady, detail: "Storage is still opening; retry shortly.", headers: [.retryAfter: "1"])

    static let storageUnavailable = Problem(
        status: .serviceUnavailable, code: .storageUnavailable, detail: "The database cannot be reached right now; retry shortly.",
        headers: [.retryAfter: "2"])

    // MARK: input the domain does not check

    static func invalidParameter(_ detail: String) -> Problem {
        Problem.badRequest(detail, code: .invalidParameter)
    }

    static let invalidCenterID = Problem(
        status: .unprocessableContent, code: .invalidIdentifier, detail: "`id` must be 1 to 64 letters, digits, '.', '_' or '-'.")

    static let invalidName = Problem(
        status: .unprocessableContent, code: .invalidName,
        detail: "`name` must be 1 to 200 characters (Unicode code points) with no control character.")

    static func invalidLocale(_ locale: String) -> Problem {
        Problem(
            status: .unprocessableContent, code: .invalidLocale, detail: "'\(locale)' is not a language tag such as en, de-CH or pt_BR.")
    }

    static func invalidStringTable(maxStrings: Int, maxLength: Int) -> Problem {
        Problem(
            status: .unprocessableContent, code: .invalidStringTable,
            detail:
                "A table holds at most \(maxStrings) strings, keys of 1 to 255 characters with no control character, values of at most \(maxLength)."
        )
    }

    // MARK: the virtual clock

    static let virtualClockOff = Problem(
        status: .conflict, code: .virtualClockOff,
        detail: "The clock is the system's; start usernotifyd with --virtual-clock 1 to move it.")

    static let invalidClockChange = Problem(
        status: .unprocessableContent, code: .invalidClockChange, detail: "Send either `now` (a date) or `advanceBy` (0 or more seconds).")

    static let clockPastRFC3339 = Problem(
        status: .unprocessableContent, code: .invalidClockChange,
        detail: "The clock cannot pass 9999-12-31T23:59:59.999Z, the last date RFC 3339 can write.")

    // MARK: media

    static func uploadTooLarge(limit: Int) -> Problem {
        Problem(
            status: .contentTooLarge, code: .attachmentInvalidFileSize,
            detail:
                "The file is larger than \(limit) bytes, the most any attachment may be (video); images may be 10,000,000 and audio 5,000,000.",
            headers: [.connection: "close"])
    }

    static func rangeNotSatisfiable(size: Int, headers: HTTPFields) -> Problem {
        Problem(
            status: .rangeNotSatisfiable, code: .rangeNotSatisfiable, detail: "The file has \(size) bytes; ask for a range inside it.",
            headers: headers)
    }

    // MARK: APNs

    /// An APNs error: its status and `reason`, as a problem whose `code` is the reason too.
    static func apns(_ reason: ErrorCode, _ detail: String) -> Problem {
        Problem(status: apnsStatus(reason), code: reason, detail: detail, members: [.init("reason", .string(reason.rawValue))])
    }

    /// The status APNs answers each of its reasons with.
    private static func apnsStatus(_ reason: ErrorCode) -> HTTPStatus {
        switch reason {
        case .missingProviderToken, .invalidProviderToken: .forbidden
        case .unregistered: .gone
        case .apnsPayloadTooLarge: .contentTooLarge
        default: .badRequest
        }
    }
}
