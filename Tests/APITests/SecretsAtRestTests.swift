import Foundation
import TestSupport
import Testing

/// Secrets at rest on the real binary: SQLite's key file made at first start, a database that keeps no
/// secret in the clear, a refusal to start without the key that sealed it, and a rotation by the flag.
@Suite struct SecretsAtRestTests {
    /// Sets the app's delegate (signed with `WebhookTests.secret`) and checks that a delivered notification
    /// reaches the receiver signed with it: the stored secret opened.
    static func expectSignedDelivery(_ server: APIServer, key: String, receiver: WebhookReceiver, identifier: String) async throws {
        let before = try await receiver.received().count
        let added = try await server.call(
            "POST", "/v1/centers/phone/requests", token: key, json: ["identifier": identifier, "content": ["title": identifier]])
        #expect(added.status == 201, "\(added.text)")
        try await WebhookTests.eventually("the signed webhook") { try await receiver.received().count > before }
        #expect(try await receiver.received().last?["verifiedWith"] as? [Int] == [0])
    }

    static func file(_ path: String) -> Data {
        (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
    }

    static func start(_ data: String, _ arguments: [String] = []) throws -> ServerProcess {
        try ServerProcess(
            product: "usernotifyd",
            arguments: ["--port", "0", "--data-dir", data, "--admin-token", APIServer.adminToken, "--virtual-clock", "1"] + arguments)
    }

    @Test func sqliteSealsWithAKeyMadeAtFirstStartAndRefusesToStartWithoutIt() async throws {
        let receiver = try await WebhookReceiver(secrets: [WebhookTests.secret])
        let first = try await APIServer(arguments: WebhookTests.allowLoopback)
        let data = first.dataDirectory
        let keyFile = data + "/secrets.key"
        let attributes = try FileManager.default.attributesOfItem(atPath: keyFile)
        #expect((attributes[.posixPermissions] as? Int) == 0o600, "only the owner reads the key")
        let (_, key) = try await first.makeApp(policy: "grant")
        _ = try await first.makeAuthorizedCenter("phone", key: key)
        let configured = try await first.call(
            "PUT", "/v1/webhooks", token: key,
            json: ["delegateURL": receiver.url, "secrets": [WebhookTests.secret], "events": ["notification.delivered"]])
        #expect(configured.status == 200, "\(configured.text)")
        try await Self.expectSignedDelivery(first, key: key, receiver: receiver, identifier: "one")
        try await first.stop()
        let kept = Self.file(data + "/usernotifyd.sqlite") + Self.file(data + "/usernotifyd.sqlite-wal")
        #expect(kept.range(of: Data(WebhookTests.secret.utf8)) == nil, "the webhook secret is not in the database in the clear")

        // The key file lost: refused, with what is missing, and no new key made in its place.
        let moved = data + "/../\(UUID().uuidString).key"
        try FileManager.default.moveItem(atPath: keyFile, toPath: moved)
        let refused = try Self.start(data, WebhookTests.allowLoopback)
        #expect(try await refused.waitForExit() == 1)
        // All of it: the exit can come before the reading thread has taken the last lines from the pipe.
        let refusal = try await refused.allOutputLines().joined(separator: "\n")
        #expect(refusal.contains("sealed with key") && refusal.contains("secrets.key is missing"), "\(refusal)")
        #expect(!FileManager.default.fileExists(atPath: keyFile))
        // Another key: refused too.
        let other = data + "/../\(UUID().uuidString).key"
        try Data((String(repeating: "A", count: 43) + "=\n").utf8).write(to: URL(fileURLWithPath: other))
        let wrong = try Self.start(data, WebhookTests.allowLoopback + ["--secrets-key-file", other])
        #expect(try await wrong.waitForExit() == 1)
        let wrongKey = try await wrong.allOutputLines().joined(separator: "\n")
        #expect(wrongKey.contains("sealed with key"), "\(wrongKey)")

        // A rotation: the new key first, the old one after it; then the new one alone.
        let oldKey = try String(contentsOfFile: moved, encoding: .utf8)
        let newKey = Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        try Data("\(newKey)\n\(oldKey)".utf8).write(to: URL(fileURLWithPath: other))
        let rotating = try await APIServer(dataDirectory: data, arguments: WebhookTests.allowLoopback + ["--secrets-key-file", other])
        #expect(try await rotating.process.waitForLine(containing: "secrets sealed anew") != nil)
        try await rotating.stop()
        try Data("\(newKey)\n".utf8).write(to: URL(fileURLWithPath: other))
        let rotated = try await APIServer(dataDirectory: data, arguments: WebhookTests.allowLoopback + ["--secrets-key-file", other])
        try await Self.expectSignedDelivery(rotated, key: key, receiver: receiver, identifier: "two")
        try await rotated.stop()
        try await receiver.stop()
    }
}
