import Foundation
import InProcessHarness
import TestSupport
import Testing

/// String tables per locale, resolved at delivery in the center's locale, with the app's fallbacks.
@Suite struct LocalizationTests {
    @Test func keysAreResolvedInTheCentersLocaleWithFallbacks() async throws {
        try await InProcessApp.run { server in
            let (_, key) = try await server.makeApp()
            #expect(
                try await server.call(
                    "PUT", "/v1/localizations/de", token: key,
                    json: ["strings": ["INVITE": "%1$@ lädt dich zu %2$@ ein", "BYE": "Tschüss"]]
                )
                .status == 200)
            #expect(
                try await server.call(
                    "PUT", "/v1/localizations/en", token: key,
                    json: ["strings": ["INVITE": "%@ invited you to %@", "BYE": "Bye", "SALE": "%d%% off"]]
                ).status == 200)
            let overview = try await server.call("PUT", "/v1/localizations", token: key, json: ["defaultLocale": "en"])
            #expect(overview.json["locales"] as? [String] == ["de", "en"] && overview.json["defaultLocale"] as? String == "en")
            let token = try await server.makeAuthorizedCenter("phone", key: key)
            #expect(try await server.call("PATCH", "/v1/me/state", token: token, json: ["locale": "de-CH"]).status == 200)

            func deliver(_ content: [String: Any]) async throws -> [String: Any] {
                let added = try await server.call(
                    "POST", "/v1/centers/phone/requests", token: key, json: ["identifier": UUID().uuidString, "content": content])
                #expect(added.status == 201, "\(added.text)")
                return (((added.json["delivered"] as? [String: Any])?["request"] as? [String: Any])?["content"] as? [String: Any]) ?? [:]
            }
            let invite = try await deliver([
                "titleLocalization": ["key": "INVITE", "arguments": ["Anna", "Sushi"]], "bodyLocalization": ["key": "BYE"],
            ])
            #expect(invite["title"] as? String == "Anna lädt dich zu Sushi ein", "de-CH falls back to de")
            #expect(invite["body"] as? String == "Tschüss")
            let sale = try await deliver(["titleLocalization": ["key": "SALE", "arguments": ["20"]]])
            #expect(sale["title"] as? String == "20% off", "missing in de: the default locale, en")
            let missing = try await deliver(["titleLocalization": ["key": "NOWHERE"]])
            #expect(missing["title"] as? String == "NOWHERE", "missing everywhere: the key itself")

            #expect(try await server.call("GET", "/v1/localizations/de", token: key).json["strings"] as? [String: String] != nil)
            #expect(try await server.call("GET", "/v1/localizations/fr", token: key).status == 404)
            #expect(try await server.call("PUT", "/v1/localizations/not%20a%20tag", token: key, json: ["strings": [:]]).status == 422)
        }
    }
}
