import NotificationCore
import Testing

@Suite struct StringTablesTests {
    @Test(arguments: [
        ("%@ invited you", ["Anna"], "Anna invited you"),
        ("%@ and %@", ["A", "B"], "A and B"),
        ("%2$@ after %1$@", ["first", "second"], "second after first"),
        ("%d new messages", ["3"], "3 new messages"),
        ("%ld items, 100%%", ["7"], "7 items, 100%"),
        ("%@ %@", ["only"], "only "),
        ("50% off", [], "50% off"),
        ("ends with %", [], "ends with %"),
        ("Grüße, %@ 👋", ["Zoë"], "Grüße, Zoë 👋"),
    ])
    func formatsLikeLocalizedUserNotificationString(format: String, arguments: [String], expected: String) {
        #expect(StringTables.format(format, arguments) == expected)
    }

    @Test func theCentersLocaleThenItsLanguageThenTheDefaultThenTheKey() {
        let tables = StringTables(
            tables: [
                "de-CH": ["GREETING": "Grüezi %@"], "de": ["GREETING": "Hallo %@", "BYE": "Tschüss"],
                "en": ["GREETING": "Hello %@", "BYE": "Bye", "ONLY_EN": "English only"],
            ],
            defaultLocale: "en")
        #expect(tables.resolve(LocalizedText(key: "GREETING", arguments: ["Ana"]), locale: "de-CH") == "Grüezi Ana")
        #expect(tables.resolve(LocalizedText(key: "GREETING", arguments: ["Ana"]), locale: "de_CH") == "Grüezi Ana")
        #expect(tables.resolve(LocalizedText(key: "BYE"), locale: "de-CH") == "Tschüss")
        #expect(tables.resolve(LocalizedText(key: "ONLY_EN"), locale: "de-CH") == "English only")
        #expect(tables.resolve(LocalizedText(key: "GREETING", arguments: ["Ana"]), locale: "fr") == "Hello Ana")
        #expect(tables.resolve(LocalizedText(key: "MISSING"), locale: "de") == "MISSING")
    }
}
