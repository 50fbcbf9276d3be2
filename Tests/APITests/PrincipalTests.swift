import Foundation
import InProcessHarness
import TestSupport
import Testing
import UserNotifyServer

/// Each credential reaches its own app or center and nothing else; other tenants' ids answer 404.
@Suite struct PrincipalTests {
    @Test func anAppKeyCannotSeeOrTouchAnotherAppsCentersCategoriesOrNotifications() async throws {
        try await InProcessApp.run { server in
            let (_, keyA) = try await server.makeApp("A")
            let (_, keyB) = try await server.makeApp("B")
            _ = try await server.makeAuthorizedCenter("a-phone", key: keyA)
            _ = try await server.call("PUT", "/v1/categories", token: keyA, json: ["categories": [["identifier": "A_ONLY"]]])
            _ = try await server.call(
                "POST", "/v1/centers/a-phone/requests", token: keyA, json: ["identifier": "secret", "content": ["title": "x"]])

            for (method, path, body) in [
                ("GET", "/v1/centers/a-phone", nil), ("DELETE", "/v1/centers/a-phone", nil), ("GET", "/v1/centers/a-phone/requests", nil),
                ("GET", "/v1/centers/a-phone/delivered", nil), ("POST", "/v1/centers/a-phone/delivered/remove-all", nil),
                ("POST", "/v1/centers/a-phone/requests", ["identifier": "evil", "content": ["title": "x"]] as Any?),
                ("PUT", "/v1/centers/a-phone/badge", ["count": 9] as Any?), ("GET", "/v1/centers/a-phone/settings", nil),
            ] {
                let response = try await server.call(method, path, token: keyB, json: body)
                #expect(response.status == 404, "\(method) \(path) with another app's key: \(response.status)")
                #expect(response.json["code"] as? String == "centerNotFound")
            }
            #expect((try await server.call("GET", "/v1/categories", token: keyB).json["categories"] as? [Any])?.isEmpty == true)
            // A's data is intact.
            #expect(try await server.call("GET", "/v1/centers/a-phone/delivered", token: keyA).json["notifications"] as? [Any] != nil)
            #expect(try await server.call("GET", "/v1/centers/a-phone", token: keyA).status == 200)
        }
    }

    @Test func aCenterTokenActsOnlyForItsCenterAndCannotCallAppOrOperatorOperations() async throws {
        try await InProcessApp.run { server in
            let (appID, key) = try await server.makeApp()
            let tokenOne = try await server.makeAuthorizedCenter("one", key: key)
            _ = try await server.makeAuthorizedCenter("two", key: key)
            let me = try await server.call("GET", "/v1/me", token: tokenOne).json
            #expect(me["id"] as? String == "one" && me["appName"] as? String == "App", "the user reads the app's name: \(me)")
            _ = try await server.call("PUT", "/v1/categories", token: key, json: ["categories": [["identifier": "INVITE"]]])
            let categories = try await server.call("GET", "/v1/me/categories", token: tokenOne).json["categories"] as? [[String: Any]]
            #expect(categories?.map { $0["identifier"] as? String } == ["INVITE"], "a user sees its app's categories")
            for (method, path) in [
                ("GET", "/v1/centers/two"), ("GET", "/v1/centers/one"), ("GET", "/v1/categories"), ("POST", "/v1/apps"),
                ("GET", "/v1/apps/\(appID)"),
            ] {
                #expect(
                    try await server.call(method, path, token: tokenOne, json: method == "POST" ? ["name": "x"] : nil).status == 403,
                    "\(method) \(path)")
            }
            #expect(try await server.call("GET", "/v1/apps/\(appID)", token: key).status == 403, "an app key is not the operator")
            #expect(try await server.call("GET", "/v1/me", token: key).status == 403, "an app key is not a user")
        }
    }

    /// Several admin tokens at once (one a line) each open the operator API, so one can be replaced while
    /// clients move; a read token reads it (apps, keys, metrics, the clock) and changes nothing.
    @Test func severalAdminTokensAndReadTokensThatOnlyRead() async throws {
        try await InProcessApp.run(arguments: ["--admin-token", "\(testAdminToken)\nnext-token", "--admin-read-token", "dashboard"]) {
            server in
            let (appID, _) = try await server.makeApp()
            let created = try await server.call("POST", "/v1/apps", token: "next-token", json: ["name": "Second"])
            #expect(created.status == 201, "the second admin token works as the first: \(created.text)")
            for path in ["/v1/apps", "/v1/apps/\(appID)", "/v1/apps/\(appID)/keys", "/v1/clock", "/metrics", "/v1/web-push/keys"] {
                let read = try await server.call("GET", path, token: "dashboard")
                #expect(read.status == 200, "GET \(path) with a read token: \(read.text)")
            }
            let apps = try await server.call("GET", "/v1/apps", token: "dashboard").json["apps"] as? [[String: Any]]
            #expect(apps?.count == 2)
            for (method, path, body) in [
                ("POST", "/v1/apps", ["name": "x"] as Any?), ("PATCH", "/v1/apps/\(appID)", ["name": "y"] as Any?),
                ("DELETE", "/v1/apps/\(appID)", nil), ("POST", "/v1/apps/\(appID)/keys", nil),
                ("POST", "/v1/clock", ["advanceBy": 1] as Any?),
                ("POST", "/v1/web-push/keys/rotate", nil),
            ] {
                let refused = try await server.call(method, path, token: "dashboard", json: body)
                #expect(refused.status == 403, "\(method) \(path) with a read token: \(refused.status)")
                #expect((refused.json["detail"] as? String)?.contains("only reads") == true, "\(refused.text)")
            }
            #expect(try await server.call("GET", "/v1/apps/\(appID)", token: testAdminToken).json["name"] as? String == "App", "unchanged")
            #expect(try await server.call("GET", "/v1/apps", token: "dashboard-").status == 401)
            #expect(try await server.call("GET", "/v1/categories", token: "dashboard").status == 403, "a read token is no app key")
        }
    }

    /// Tokens from a file (a mounted Secret) are read again while the server runs: a token added to the
    /// file works, and one removed from it stops working, without a restart.
    @Test func aTokenFileIsReadAgainSoATokenIsReplacedWithoutARestart() async throws {
        let directory = TestDirectories.unique("tokens")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/admin-token"
        try Data("first\n".utf8).write(to: URL(fileURLWithPath: file))
        try await InProcessApp.run(configure: {
            $0.adminTokens = ["first"]; $0.adminTokenFile = file
        }) { server in
            #expect(try await server.call("GET", "/v1/apps", token: "first").status == 200)
            #expect(try await server.call("GET", "/v1/apps", token: "second").status == 401)
            try Data("first\nsecond\n".utf8).write(to: URL(fileURLWithPath: file))
            try await waitUntil("the added token to work") { try await server.call("GET", "/v1/apps", token: "second").status == 200 }
            #expect(try await server.call("GET", "/v1/apps", token: "first").status == 200, "both, while clients move")
            try Data("second\n".utf8).write(to: URL(fileURLWithPath: file))
            try await waitUntil("the removed token to stop working") {
                try await server.call("GET", "/v1/apps", token: "first").status == 401
            }
            #expect(try await server.call("GET", "/v1/apps", token: "second").status == 200)
        }
    }

    @Test(arguments: [nil, "", "Basic abc", "Bearer", "Bearer wrong", "Bearer unk_nope_nope", "Bearer unc_nope_nope", "Bearer unk_a_b_c"])
    func wrongOrMissingCredentialsAre401(header: String?) async throws {
        try await InProcessApp.run { server in
            let (_, key) = try await server.makeApp()
            var headers: [String: String] = [:]
            if let header { headers["Authorization"] = header }
            let response = try await server.send("GET", "/v1/categories", headers: headers)
            #expect(response.status == 401)
            #expect(response.header("WWW-Authenticate") == "Bearer")
            #expect(response.json["code"] as? String == "unauthorized")
            // A valid key with one character changed is refused too, also once the key itself was verified
            // (and its secret remembered), and the key still works after it.
            let tampered = String(key.dropLast()) + (key.last == "A" ? "B" : "A")
            #expect(try await server.call("GET", "/v1/categories", token: tampered).status == 401)
            #expect(try await server.call("GET", "/v1/categories", token: key).status == 200)
            #expect(try await server.call("GET", "/v1/categories", token: tampered).status == 401)
            #expect(try await server.call("GET", "/v1/categories", token: key + "A").status == 401)
            #expect(try await server.call("GET", "/v1/categories", token: key).status == 200)
        }
    }

    @Test func revokedKeysAndDeletedAppsStopWorking() async throws {
        try await InProcessApp.run { server in
            let (appID, key) = try await server.makeApp()
            let keyID = String(key.split(separator: "_")[1])
            #expect(try await server.call("GET", "/v1/categories", token: key).status == 200)
            #expect(try await server.call("DELETE", "/v1/apps/\(appID)/keys/\(keyID)", token: testAdminToken).status == 204)
            #expect(try await server.call("GET", "/v1/categories", token: key).status == 401)
            // Used first (so that the credential and the center are cached), then deleted: refused at once.
            let (otherID, otherKey) = try await server.makeApp()
            let centerToken = try await server.makeAuthorizedCenter("doomed", key: otherKey)
            #expect(try await server.call("GET", "/v1/centers/doomed/requests", token: otherKey).status == 200)
            #expect(try await server.call("GET", "/v1/me", token: centerToken).status == 200)
            #expect(try await server.call("DELETE", "/v1/centers/doomed", token: otherKey).status == 204)
            #expect(try await server.call("GET", "/v1/me", token: centerToken).status == 401)
            #expect(try await server.call("GET", "/v1/centers/doomed/requests", token: otherKey).status == 404)
            // The app's centers go with it, a batch at a time, and their tokens with them.
            let keptToken = try await server.makeAuthorizedCenter("kept", key: otherKey)
            #expect(try await server.call("GET", "/v1/me", token: keptToken).status == 200)
            #expect(try await server.call("DELETE", "/v1/apps/\(otherID)", token: testAdminToken).status == 204)
            #expect(try await server.call("GET", "/v1/categories", token: otherKey).status == 401)
            #expect(try await server.call("GET", "/v1/me", token: keptToken).status == 401)
            #expect(try await server.call("GET", "/v1/apps/\(otherID)", token: testAdminToken).status == 404)
        }
    }

    @Test func listsShowEachPrincipalItsOwnAPageAtATime() async throws {
        try await InProcessApp.run { server in
            let (appA, keyA) = try await server.makeApp("A")
            let (appB, keyB) = try await server.makeApp("B")
            for id in ["c1", "c2", "c3"] {
                #expect(try await server.call("POST", "/v1/centers", token: keyA, json: ["id": id]).status == 201)
            }
            #expect(try await server.call("POST", "/v1/centers", token: keyB, json: ["id": "b1"]).status == 201)

            func ids(_ path: String, _ field: String, token: String) async throws -> [String] {
                var seen: [String] = []
                var cursor: String?
                repeat {
                    let page = try await server.call("GET", path + "?limit=2" + (cursor.map { "&cursor=\($0)" } ?? ""), token: token)
                    #expect(page.status == 200, "\(path): \(page.text)")
                    let items = page.json[field] as? [[String: Any]] ?? []
                    #expect(items.count <= 2)
                    seen += items.compactMap { $0["id"] as? String }
                    cursor = page.json["nextCursor"] as? String
                } while cursor != nil
                return seen
            }
            #expect(try await ids("/v1/centers", "centers", token: keyA) == ["c1", "c2", "c3"])
            #expect(try await ids("/v1/centers", "centers", token: keyB) == ["b1"])
            #expect(try await ids("/v1/apps", "apps", token: testAdminToken) == [appA, appB].sorted())

            _ = try await server.call("POST", "/v1/apps/\(appA)/keys", token: testAdminToken)
            let keys = try await server.call("GET", "/v1/apps/\(appA)/keys", token: testAdminToken)
            let listed = keys.json["keys"] as? [[String: Any]] ?? []
            #expect(listed.count == 2)
            #expect(listed.allSatisfy { Set($0.keys) == ["id", "createdAt"] }, "never a secret: \(keys.text)")
            #expect(listed.contains { keyA.hasPrefix("unk_\($0["id"] as? String ?? "?")_") }, "the first key is listed by its id")

            // Only the operator lists apps and keys; only an app key lists centers.
            #expect(try await server.call("GET", "/v1/apps", token: keyA).status == 403)
            #expect(try await server.call("GET", "/v1/apps/\(appA)/keys", token: keyA).status == 403)
            #expect(try await server.call("GET", "/v1/apps/app_nope/keys", token: testAdminToken).status == 404)
            #expect(try await server.call("GET", "/v1/centers", token: testAdminToken).status == 403)
            #expect(try await server.call("GET", "/v1/centers?limit=0", token: keyA).json["code"] as? String == "invalidParameter")
            // Everyone reads the clock; only the operator moves it.
            #expect(try await server.call("GET", "/v1/clock", token: keyA).json["virtual"] as? Bool == true)
            #expect(try await server.call("POST", "/v1/clock", token: keyA, json: ["advanceBy": 1]).status == 403)
            #expect(try await server.call("GET", "/v1/clock", token: nil).status == 401)
        }
    }
}
