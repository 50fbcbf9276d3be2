import Foundation
import InProcessHarness
import TestSupport
import Testing

/// Every class of bad input gets a problem+json with a stable code, and loses nothing.
@Suite struct ErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        var contentType = "application/json"
        var status: Int
        var code: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "malformed JSON", body: #"{"identifier": "#, status: 400, code: "malformedJSON"),
        Case(name: "wrong type", body: #"{"identifier": 5, "content": {}}"#, status: 400, code: "invalidField"),
        Case(name: "missing field", body: #"{"content": {"title": "x"}}"#, status: 400, code: "missingField"),
        Case(
            name: "unknown enum value", body: #"{"identifier": "a", "content": {"interruptionLevel": "loud"}}"#, status: 400,
            code: "invalidField"),
        Case(
            name: "unknown trigger type", body: #"{"identifier": "a", "content": {}, "trigger": {"type": "someday"}}"#, status: 400,
            code: "invalidField"),
        Case(name: "out of range", body: #"{"identifier": "a", "content": {"relevanceScore": 2}}"#, status: 422, code: "invalidContent"),
        Case(
            name: "repeating under 60 s",
            body: #"{"identifier": "a", "content": {}, "trigger": {"type": "timeInterval", "timeInterval": 30, "repeats": true}}"#,
            status: 422, code: "invalidTimeInterval"),
        Case(
            name: "unsupported media type", body: "identifier=a", contentType: "application/x-www-form-urlencoded", status: 415,
            code: "unsupportedMediaType"),
    ]

    @Test(arguments: cases)
    func badRequestBodiesAreProblems(_ testCase: Case) async throws {
        let server = try await APIServer()
        let (_, key) = try await server.makeApp()
        _ = try await server.makeAuthorizedCenter("c", key: key)
        let response = try await loopbackRequest(
            port: server.port, "POST", "/v1/centers/c/requests",
            headers: ["Authorization": "Bearer \(key)", "Content-Type": testCase.contentType], body: Array(testCase.body.utf8)
        )
        #expect(response.status == testCase.status)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(response.json["code"] as? String == testCase.code)
        #expect((response.json["detail"] as? String)?.isEmpty == false)
        #expect(response.json["type"] as? String == "urn:usernotifyd:problem:\(testCase.code)")
        // Nothing was added.
        #expect((try await server.call("GET", "/v1/centers/c/requests", token: key).json["requests"] as? [Any])?.isEmpty == true)
        try await server.stop()
    }

    @Test func oversizedBodiesAre413AndUndeclaredMethods405() async throws {
        let server = try await APIServer()
        let (_, key) = try await server.makeApp()
        let huge = try await loopbackRequest(
            port: server.port, "PUT", "/v1/categories", headers: ["Authorization": "Bearer \(key)", "Content-Type": "application/json"],
            body: Array(repeating: 0x20, count: 1_048_577)
        )
        #expect(huge.status == 413)
        #expect(huge.json["code"] as? String == "payloadTooLarge")
        let wrongMethod = try await server.call("PATCH", "/v1/categories", token: key, json: [:])
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.header("Allow") == "PUT, GET, HEAD")
        try await server.stop()
    }

    /// Every answer says `nosniff`: JSON, problems, 501s, health, media bytes, the console.
    @Test func everyAnswerForbidsSniffing() async throws {
        let server = try await APIServer()
        let (_, key) = try await server.makeApp()
        let uploaded = try await AttachmentTests.upload(server, key: key, MediaSamples.png())
        let mediaID = try server.field("id", of: uploaded)
        var answers = [uploaded]
        for (method, path, token) in [
            ("GET", "/v1/apps", testAdminToken), ("GET", "/v1/apps", nil), ("BREW", "/v1/apps", nil), ("GET", "/nowhere", nil),
            ("GET", "/healthz", nil), ("GET", "/v1/media/\(mediaID)/content", key), ("GET", "/console", nil), ("GET", "/openapi.yaml", nil),
        ] {
            answers.append(try await server.call(method, path, token: token))
        }
        for answer in answers {
            #expect(answer.header("X-Content-Type-Options") == "nosniff", "\(answer.status) \(answer.text.prefix(80))")
        }
        try await server.stop()
    }

    @Test func domainRefusalsUseTheFrameworksNames() async throws {
        try await InProcessApp.run { server in
            let (_, key) = try await server.makeApp()
            let created = try await server.call("POST", "/v1/centers", token: key, json: ["id": "denied"])
            let token = try #require(created.json["token"] as? String)
            _ = try await server.call("POST", "/v1/centers/denied/authorization", token: key, json: ["options": ["alert"]])
            _ = try await server.call("POST", "/v1/me/authorization", token: token, json: ["allowed": false])
            let add = try await server.call(
                "POST", "/v1/centers/denied/requests", token: key, json: ["identifier": "a", "content": ["title": "x"]])
            #expect(add.status == 403)
            #expect(add.json["code"] as? String == "notificationsNotAllowed")
            let badge = try await server.call("PUT", "/v1/centers/denied/badge", token: key, json: ["count": -1])
            #expect(badge.status == 422)
            #expect(badge.json["code"] as? String == "badgeInputInvalid")
            let duplicate = try await server.call("POST", "/v1/centers", token: key, json: ["id": "denied"])
            #expect(duplicate.status == 409)
        }
    }
}
