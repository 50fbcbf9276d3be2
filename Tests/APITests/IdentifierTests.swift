import Foundation
import InProcessHarness
import TestSupport
import Testing

/// Identifiers and keys refuse control characters (a NUL used to cut them short in the store, so that
/// `a\u0000b` replaced `a`), lengths are counted in Unicode code points as `openapi.yaml`'s `maxLength`
/// counts them, and free text keeps every character it was sent with, NUL included. No input gives a 500.
@Suite struct IdentifierTests {
    func requestBody(_ identifier: String, title: String = "x") -> [String: Any] {
        ["identifier": identifier, "content": ["title": title], "trigger": ["type": "timeInterval", "timeInterval": 600]]
    }

    @Test func categoriesWithControlCharactersAre422NotA500() async throws {
        try await InProcessApp.run { server in
            let (_, key) = try await server.makeApp()
            for identifier in ["\u{0}", "\u{0}x", "a\u{1F}b", "a\u{7F}", "\u{85}"] {
                let response = try await server.call(
                    "PUT", "/v1/categories", token: key, json: ["categories": [["identifier": identifier]]])
                #expect(response.status == 422, "\(identifier.debugDescription): \(response.status) \(response.text)")
                #expect(response.json["code"] as? String == "invalidCategory")
            }
            let both = try await server.call(
                "PUT", "/v1/categories", token: key, json: ["categories": [["identifier": "\u{0}"], ["identifier": "\u{0}x"]]])
            #expect(both.status == 422)
        }
    }

    @Test func aNULDoesNotMakeAnotherIdentifier() async throws {
        try await InProcessApp.run { server in
            let (_, key) = try await server.makeApp()
            _ = try await server.makeAuthorizedCenter("c", key: key)
            #expect(
                try await server.call("POST", "/v1/centers/c/requests", token: key, json: requestBody("a", title: "first")).status == 201)
            let cut = try await server.call("POST", "/v1/centers/c/requests", token: key, json: requestBody("a\u{0}b", title: "second"))
            #expect(cut.status == 422)
            #expect(cut.json["code"] as? String == "invalidIdentifier")
            let removal = try await server.call("POST", "/v1/centers/c/requests/remove", token: key, json: ["identifiers": ["a\u{0}zzz"]])
            #expect(removal.status == 422)
            #expect(removal.json["code"] as? String == "invalidIdentifier")
            let pending = try #require(
                try await server.call("GET", "/v1/centers/c/requests", token: key).json["requests"] as? [[String: Any]])
            #expect(pending.count == 1)
            #expect(((pending.first?["content"] as? [String: Any])?["title"] as? String) == "first")
            // In a path, a %00 is refused before any handler: center `c` is not deleted by `c%00zzz`.
            let deletion = try await server.call("DELETE", "/v1/centers/c%00zzz", token: key)
            #expect(deletion.status == 400)
            #expect(deletion.json["code"] as? String == "invalidPath")
            #expect(try await server.call("GET", "/v1/centers/c", token: key).status == 200)
        }
    }

    @Test func freeTextKeepsANUL() async throws {
        try await InProcessApp.run { server in
            let (_, key) = try await server.makeApp()
            _ = try await server.makeAuthorizedCenter("c", key: key)
            let title = "before\u{0}after"
            #expect(
                try await server.call("POST", "/v1/centers/c/requests", token: key, json: requestBody("nul", title: title)).status == 201)
            let pending = try #require(
                try await server.call("GET", "/v1/centers/c/requests", token: key).json["requests"] as? [[String: Any]])
            #expect(((pending.first?["content"] as? [String: Any])?["title"] as? String) == title)
        }
    }

    @Test func lengthsAreCountedInCodePoints() async throws {
        try await InProcessApp.run { server in
            let (_, key) = try await server.makeApp()
            _ = try await server.makeAuthorizedCenter("c", key: key)
            let accent = "\u{301}"
            // 255 code points pass; 256 (one grapheme cluster of a letter and 255 accents) do not.
            let longest = "a" + String(repeating: accent, count: 254)
            #expect(try await server.call("POST", "/v1/centers/c/requests", token: key, json: requestBody(longest)).status == 201)
            let tooLong = "a" + String(repeating: accent, count: 255)
            let identifier = try await server.call("POST", "/v1/centers/c/requests", token: key, json: requestBody(tooLong))
            #expect(identifier.status == 422)
            #expect(identifier.json["code"] as? String == "invalidIdentifier")
            // A title of 4,097 code points is one character to Swift, and too long all the same.
            let title = try await server.call(
                "POST", "/v1/centers/c/requests", token: key, json: requestBody("t", title: "e" + String(repeating: accent, count: 4096)))
            #expect(title.status == 422)
            #expect(title.json["code"] as? String == "invalidContent")
            let name = try await server.call(
                "POST", "/v1/apps", token: testAdminToken, json: ["name": "a" + String(repeating: accent, count: 200)])
            #expect(name.status == 422)
            #expect(name.json["code"] as? String == "invalidName")
        }
    }

    @Test func namesAndKeysRefuseControlCharacters() async throws {
        try await InProcessApp.run { server in
            let (_, key) = try await server.makeApp()
            let name = try await server.call("POST", "/v1/apps", token: testAdminToken, json: ["name": "Rem\u{0}inders"])
            #expect(name.status == 422)
            let table = try await server.call("PUT", "/v1/localizations/de", token: key, json: ["strings": ["GREETING\u{0}": "Hallo"]])
            #expect(table.status == 422)
        }
    }
}
