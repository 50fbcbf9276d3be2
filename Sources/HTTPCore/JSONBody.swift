import Foundation

/// JSON request and response bodies through `Codable`, with errors that say what to fix.
extension HTTPRequest {
    /// Decodes the body as `T`. Refuses a body that is not declared `application/json` (415) and turns
    /// every decoding failure into a 400 problem naming the field and what was expected.
    package func decodeJSON<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = JSONBody.decoder) throws -> T {
        guard let contentType = headers["Content-Type"], JSONBody.isJSON(contentType) else {
            throw Problem.unsupportedMediaType(
                "Send the body as JSON with the header Content-Type: application/json."
            )
        }
        do {
            let value = try decoder.decode(T.self, from: Data(body))
            if let encodable = value as? any Encodable { try JSONBody.refuseUnknownFields(in: body, decoded: encodable) }
            return value
        } catch let error as DecodingError {
            throw JSONBody.problem(for: error)
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem.badRequest("The body is not valid JSON: \(error.localizedDescription)", code: "malformedJSON")
        }
    }
}

extension HTTPResponse {
    /// A JSON response of bytes already encoded.
    package static func json(bytes: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: .bytes(bytes))
    }

    /// A JSON response of `value`.
    package static func json<T: Encodable>(_ value: T, status: Int = 200, headers: HTTPHeaders = [:]) throws -> HTTPResponse {
        var all = headers
        all.set("Content-Type", "application/json")
        return HTTPResponse(status: status, headers: all, body: .bytes(Array(try JSONBody.encoder.encode(value))))
    }
}

package enum JSONBody {
    /// Reads dates as RFC 3339 (any fraction of a second, any offset).
    package static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            if let date = RFC3339.date(from: text) { return date }
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "expected an RFC 3339 date-time such as 2027-01-15T08:00:00Z"))
        }
        return decoder
    }()

    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        }
        return encoder
    }()

    /// Refuses a body with fields the type does not have (a misspelt optional field would otherwise be
    /// ignored without a word), and explicit nulls where the type has no null: every key of the body
    /// must come back, with a null only where it went in as one, when the decoded value is encoded again.
    static func refuseUnknownFields(in body: [UInt8], decoded: any Encodable) throws {
        guard let input = try? JSONSerialization.jsonObject(with: Data(body)),
            let output = try? JSONSerialization.jsonObject(with: encoder.encode(decoded))
        else { return }
        if let (path, isNull) = unknownPath(input, output, path: []) {
            let field = JSONBody.path(path.map(PathKey.init))
            if isNull { throw Problem.badRequest("\(field) must not be null; leave it out instead.", code: "invalidField") }
            throw Problem.badRequest(
                "\(field) is not a field of this object; check its spelling against /openapi.yaml.", code: "unknownField")
        }
    }

    private static func unknownPath(_ input: Any, _ output: Any, path: [String]) -> ([String], isNull: Bool)? {
        if let input = input as? [String: Any] {
            guard let output = output as? [String: Any] else { return nil }
            for (key, value) in input {
                guard let counterpart = output[key] else { return (path + [key], value is NSNull) }
                if value is NSNull, !(counterpart is NSNull) { return (path + [key], true) }
                if let found = unknownPath(value, counterpart, path: path + [key]) { return found }
            }
        } else if let input = input as? [Any], let output = output as? [Any] {
            for (index, (value, counterpart)) in zip(input, output).enumerated() {
                if let found = unknownPath(value, counterpart, path: path + ["#\(index)"]) { return found }
            }
        }
        return nil
    }

    private struct PathKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(_ name: String) {
            stringValue = name
            intValue = name.hasPrefix("#") ? Int(name.dropFirst()) : nil
        }
        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { self.init("#\(intValue)") }
    }

    /// Whether a Content-Type header names JSON (`application/json` or any `+json` type, parameters ignored).
    package static func isJSON(_ contentType: String) -> Bool {
        let mediaType =
            contentType.split(separator: ";", maxSplits: 1).first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            } ?? ""
        return mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
    }

    /// A 400 problem for a decoding failure: `malformedJSON` for syntax, `invalidField` for the rest.
    package static func problem(for error: DecodingError) -> Problem {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return .badRequest("The body is not valid JSON: \(describe(context)).", code: "malformedJSON")
        case .dataCorrupted(let context):
            return .badRequest("\(path(context.codingPath)) is invalid: \(context.debugDescription)", code: "invalidField")
        case .keyNotFound(let key, let context):
            return .badRequest(
                "\(path(context.codingPath + [key])) is required but missing.", code: "missingField"
            )
        case .typeMismatch(let type, let context):
            return .badRequest(
                "\(path(context.codingPath)) has the wrong type: expected \(describe(type)).", code: "invalidField"
            )
        case .valueNotFound(let type, let context):
            return .badRequest(
                "\(path(context.codingPath)) must not be null: expected \(describe(type)).", code: "invalidField"
            )
        @unknown default:
            return .badRequest("The body could not be decoded.", code: "malformedJSON")
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

    /// `content.attachments[0].url` for a coding path; `the body` when empty.
    package static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "The body" }
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return "`\(text)`"
    }
}
