import Foundation
import InProcessHarness
import TestSupport
import Testing

/// CORS on the real binary: the flags reach the server, and an event stream — the one answer that is not a
/// complete body — carries the grant, so a web app on another origin can hold one open.
@Suite struct CORSTests {
    static let origin = "http://app.example:5173"

    @Test func aWebAppOnAnotherOriginCanPreflightCallAndHoldAnEventStream() async throws {
        let server = try await APIServer(arguments: ["--cors-allowed-origins", "https://other.example, \(Self.origin)"])
        let (_, key) = try await server.makeApp()
        let token = try await server.makeAuthorizedCenter("phone-1", key: key)

        let preflight = try await server.call(
            "OPTIONS", "/v1/me/events", token: nil,
            headers: ["Origin": Self.origin, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization"])
        #expect(preflight.status == 204 && preflight.header("Access-Control-Allow-Origin") == Self.origin)
        #expect(preflight.header("Access-Control-Allow-Methods") == "GET, HEAD")

        let created = try await server.call("POST", "/v1/centers", token: key, json: ["id": "phone-2"], headers: ["Origin": Self.origin])
        #expect(created.status == 201 && created.header("Access-Control-Allow-Origin") == Self.origin)
        #expect(created.header("Access-Control-Expose-Headers")?.contains("RateLimit") == true)

        let stream = try await LoopbackConnection.open(port: server.port)
        try await stream.send(
            "GET /v1/me/events HTTP/1.1\r\nHost: x\r\nOrigin: \(Self.origin)\r\nAuthorization: Bearer \(token)\r\nAccept: text/event-stream\r\n\r\n"
        )
        let head = try await stream.readHead()
        #expect(head.status == 200 && head.header("Content-Type") == "text/event-stream")
        #expect(head.header("Access-Control-Allow-Origin") == Self.origin && head.header("Vary") == "Origin")
        stream.close()

        let refused = try await server.call(
            "OPTIONS", "/v1/centers", token: nil, headers: ["Origin": "https://evil.example", "Access-Control-Request-Method": "POST"])
        #expect(refused.status == 403 && refused.json["code"] as? String == "originNotAllowed")
        try await server.stop()
    }

    @Test func withoutTheSettingNoOriginIsGranted() async throws {
        try await InProcessApp.run { server in
            let preflight = try await server.call(
                "OPTIONS", "/v1/centers", token: nil, headers: ["Origin": Self.origin, "Access-Control-Request-Method": "POST"])
            #expect(preflight.status == 405 && preflight.header("Access-Control-Allow-Origin") == nil)
        }
    }
}
