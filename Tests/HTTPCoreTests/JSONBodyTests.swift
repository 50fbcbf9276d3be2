import ErrorCodes
import Foundation
import HTTPCore
import HTTPTypes
import Testing

@Suite struct JSONBodyTests {
    struct Payload: Codable, Equatable {
        struct Inner: Codable, Equatable { var count: Int }
        var title: String
        var inner: Inner
        var tags: [String]
    }

    func request(_ body: String, contentType: String? = "application/json") -> Request {
        var headers = HTTPFields()
        if let contentType { headers[.contentType] = contentType }
        return Request(method: .post, path: "/", headers: headers, body: Array(body.utf8))
    }

    @Test func validJSONDecodes() throws {
        let payload = try request(#"{"title":"t","inner":{"count":2},"tags":["a"]}"#, contentType: "application/json; charset=utf-8")
            .decodeJSON(Payload.self)
        #expect(payload == Payload(title: "t", inner: .init(count: 2), tags: ["a"]))
    }

    static let failures: [(body: String, contentType: String?, status: Int, code: String, mentions: String)] = [
        (#"{"title":"#, "application/json", 400, "malformedJSON", "not valid JSON"),
        (#"{"title":"t","inner":{"count":2}}"#, "application/json", 400, "missingField", "`tags`"),
        (#"{"title":5,"inner":{"count":2},"tags":[]}"#, "application/json", 400, "invalidField", "`title`"),
        (#"{"title":"t","inner":{"count":"two"},"tags":[]}"#, "application/json", 400, "invalidField", "`inner.count`"),
        (#"{"title":"t","inner":{"count":1},"tags":[1]}"#, "application/json", 400, "invalidField", "`tags[0]`"),
        (#"{"title":null,"inner":{"count":1},"tags":[]}"#, "application/json", 400, "invalidField", "must not be null"),
        (#"{}"#, "text/plain", 415, "unsupportedMediaType", "Content-Type: application/json"),
        (#"{}"#, nil, 415, "unsupportedMediaType", "application/json"),
    ]

    @Test(arguments: failures.indices)
    func badBodiesGiveProblemsThatSayWhatToFix(index: Int) {
        let failure = Self.failures[index]
        #expect {
            try request(failure.body, contentType: failure.contentType).decodeJSON(Payload.self)
        } throws: { error in
            guard let problem = error as? Problem else { return false }
            return problem.status.code == failure.status && problem.code.rawValue == failure.code
                && problem.detail.contains(failure.mentions)
        }
    }

    @Test func plusJSONMediaTypesCount() {
        #expect(JSONBody.isJSON("application/merge-patch+json"))
        #expect(JSONBody.isJSON("Application/JSON"))
        #expect(!JSONBody.isJSON("text/json"))
    }
}

@Suite struct UnknownFieldTests {
    struct Inner: Codable { var count: Int; var note: String? }
    struct Outer: Codable { var title: String; var inner: Inner; var list: [Inner]? }

    func decode(_ json: String) throws -> Outer {
        try Request(method: .post, path: "/", headers: [.contentType: "application/json"], body: Array(json.utf8)).decodeJSON(
            Outer.self)
    }

    @Test func knownFieldsPass() throws {
        _ = try decode(#"{"title":"t","inner":{"count":1,"note":"n"},"list":[{"count":2}]}"#)
    }

    @Test func explicitNullsAreRefused() {
        #expect {
            try decode(#"{"title":"t","inner":{"count":1,"note":null}}"#)
        } throws: { ($0 as? Problem)?.code.rawValue == "invalidField" && ($0 as? Problem)?.detail.contains("must not be null") == true }
    }

    @Test(arguments: [
        (#"{"title":"t","inner":{"count":1},"titel":"x"}"#, "`titel`"),
        (#"{"title":"t","inner":{"count":1,"cont":2}}"#, "`inner.cont`"),
        (#"{"title":"t","inner":{"count":1},"list":[{"count":1},{"count":2,"x":1}]}"#, "`list[1].x`"),
    ])
    func unknownFieldsAreRefusedByPath(json: String, path: String) {
        #expect {
            try decode(json)
        } throws: { ($0 as? Problem)?.code.rawValue == "unknownField" && ($0 as? Problem)?.detail.contains(path) == true }
    }
}
