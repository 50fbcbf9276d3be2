import ErrorCodes
import Foundation
import HTTPTypes
import StrictJSON

/// JSON request and response bodies through `Codable`, with errors that say what to fix.
extension Request {
    /// Decodes the body as `T`, strictly: RFC 8259 JSON only (no trailing commas, no duplicate members),
    /// no member the type does not read, no explicit null where a field has none. Refuses a body that is
    /// not declared `application/json` (415); every other failure is a 400 problem naming the field and
    /// what was expected.
    package func decodeJSON<T: Decodable>(_ type: T.Type) throws -> T {
        guard let contentType = headers.first(.contentType), JSONBody.isJSON(contentType) else {
            throw Problem.unsupportedMediaType(
                "Send the body as JSON with the header Content-Type: application/json."
            )
        }
        return try JSONBody.decode(type, from: body)
    }
}

extension Response {
    /// A JSON response of bytes already encoded.
    package static func json(bytes: [UInt8], status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .bytes(bytes))
    }

    /// A JSON response of `value`.
    package static func json<T: Encodable>(_ value: T, status: HTTPStatus = .ok, headers: HTTPFields = [:]) throws -> Response {
        var all = headers
        all[.contentType] = "application/json"
        return Response(status: status, headers: all, body: .bytes(Array(try JSONBody.encoder.encode(value))))
    }
}

package enum JSONBody {
    /// Reads request bodies: strict JSON, dates as RFC 3339 (any fraction of a second, any offset).
    package static let decoder = StrictJSONDecoder(date: RFC3339.date(from:))

    /// Decodes `bytes` as `T` with `decoder`; every failure becomes a 400 problem.
    package static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(Problem) -> T {
        do {
            return try decoder.decode(type, from: bytes)
        } catch let error as StrictJSONError {
            throw problem(for: error)
        } catch let error as DecodingError {
            throw problem(for: error)
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem.badRequest("The body could not be decoded: \(error).", code: .invalidField)
        }
    }

    /// Writes responses: the service's wire format.
    package static let encoder = WireFormat.encoder

    /// Whether a Content-Type header names JSON (`application/json` or any `+json` type, parameters ignored).
    package static func isJSON(_ contentType: String) -> Bool {
        // Nearly every client sends exactly this: no splitting, trimming or lowercasing for it.
        if contentType == "application/json" { return true }
        let mediaType =
            contentType.split(separator: ";", maxSplits: 1).first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            } ?? ""
        return mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
    }

    /// A 400 problem for text that is not strict JSON, a duplicate, unknown or null member.
    package static func problem(for error: StrictJSONError) -> Problem {
        switch error {
        case .syntax(let offset, let message):
            return .badRequest("The body is not valid JSON: \(message) (at byte \(offset)).", code: .malformedJSON)
        case .duplicateKey(let path, let key):
            let place = path.isEmpty ? "The body" : "\(JSONKey.describe(path))"
            return .badRequest("\(place) names the member '\(key)' twice; send it once.", code: .duplicateField)
        case .unknownKey(let path):
            return .badRequest(
                "\(JSONKey.describe(path)) is not a field of this object; check its spelling against /openapi.yaml.", code: .unknownField)
        case .null(let path):
            return .badRequest("\(JSONKey.describe(path)) must not be null; leave it out instead.", code: .invalidField)
        }
    }

    /// A 400 problem for a decoding failure: `malformedJSON` for syntax, `invalidField` for the rest.
    package static func problem(for error: DecodingError) -> Problem {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return .badRequest("The body is not valid JSON: \(describe(context)).", code: .malformedJSON)
        case .dataCorrupted(let context):
            return .badRequest("\(path(context.codingPath)) is invalid: \(context.debugDescription)", code: .invalidField)
        case .keyNotFound(let key, let context):
            return .badRequest(
                "\(path(context.codingPath + [key])) is required but missing.", code: .missingField
            )
        case .typeMismatch(let type, let context):
            return .badRequest(
                "\(path(context.codingPath)) has the wrong type: expected \(describe(type)).", code: .invalidField
            )
        case .valueNotFound(let type, let context):
            return .badRequest(
                "\(path(context.codingPath)) must not be null: expected \(describe(type)).", code: .invalidField
            )
        @unknown default:
            return .badRequest("The body could not be decoded.", code: .malformedJSON)
        }
    }

    private static func describe(_ context: DecodingError.Context) -> String {
        (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String ?? context.debugDescription
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Int.Type, is Int64.Type, is UInt.Type: "an integer"
        case is Double.Type, is Float.Type: "a number"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }

    /// `content.attachments[0].url` for a coding path; `The body` when empty.
    package static func path(_ codingPath: [any CodingKey]) -> String { JSONKey.describe(codingPath) }
}
