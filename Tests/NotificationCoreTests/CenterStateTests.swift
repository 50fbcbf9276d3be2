import NotificationCore
import Testing

@Suite struct CenterStateTests {
    @Test(arguments: ["en", "de-CH", "pt_BR", "zh-Hant-TW", "es-419"])
    func languageTagsAreAccepted(tag: String) throws {
        var state = CenterState()
        try CenterStateChange(locale: tag).apply(to: &state)
        #expect(state.locale == tag)
    }

    @Test(arguments: ["", "ß", "en-", "-en", "en us", "toolonglanguage", "de-CH-" + String(repeating: "x", count: 30), "ду"])
    func otherLocalesAreRefused(tag: String) {
        var state = CenterState()
        #expect(throws: NotificationError.self) { try CenterStateChange(locale: tag).apply(to: &state) }
        #expect(!CenterStateChange.isLanguageTag(tag))
    }

    @Test func unknownTimeZonesAreRefusedAndKnownOnesKept() throws {
        var state = CenterState()
        #expect(throws: NotificationError.self) { try CenterStateChange(timeZone: "Mars/Olympus_Mons").apply(to: &state) }
        try CenterStateChange(timeZone: "Asia/Kolkata").apply(to: &state)
        #expect(state.timeZone == "Asia/Kolkata")
    }
}
