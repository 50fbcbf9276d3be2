import Foundation
import NotificationCore
import Testing

@Suite struct AuthorizationTests {
    @Test func theFirstRequestPromptsAndLaterOnesReturnTheSamePrompt() {
        var settings = NotificationSettings()
        var prompt: AuthorizationPrompt?
        let first = AuthorizationRules.request(
            [.alert, .sound], settings: &settings, prompt: &prompt, newPromptID: "p1", now: Date(timeIntervalSince1970: 1))
        #expect(first == .prompting(AuthorizationPrompt(id: "p1", options: [.alert, .sound], askedAt: Date(timeIntervalSince1970: 1))))
        let second = AuthorizationRules.request(
            [.badge], settings: &settings, prompt: &prompt, newPromptID: "p2", now: Date(timeIntervalSince1970: 2))
        #expect(second == first)
        #expect(settings.authorizationStatus == .notDetermined)
    }

    @Test func anAnswerIsStoredAndNeverAskedAgain() throws {
        var settings = NotificationSettings()
        var prompt: AuthorizationPrompt?
        _ = AuthorizationRules.request(
            [.alert, .badge], settings: &settings, prompt: &prompt, newPromptID: "p1", now: Date(timeIntervalSince1970: 1))
        try AuthorizationRules.answer(allowed: true, settings: &settings, prompt: &prompt)
        #expect(settings.authorizationStatus == .authorized)
        #expect(settings.alertSetting == .enabled)
        #expect(settings.badgeSetting == .enabled)
        #expect(settings.soundSetting == .disabled)
        #expect(prompt == nil)
        let again = AuthorizationRules.request(
            [.alert, .sound], settings: &settings, prompt: &prompt, newPromptID: "p2", now: Date(timeIntervalSince1970: 2))
        #expect(again == .decided(granted: true, status: .authorized))
        #expect(prompt == nil)
        #expect(throws: NotificationError.self) { try AuthorizationRules.answer(allowed: false, settings: &settings, prompt: &prompt) }
    }

    @Test func aDenialIsReturnedWithoutAPrompt() throws {
        var settings = NotificationSettings()
        var prompt: AuthorizationPrompt?
        _ = AuthorizationRules.request(
            [.alert], settings: &settings, prompt: &prompt, newPromptID: "p1", now: Date(timeIntervalSince1970: 1))
        try AuthorizationRules.answer(allowed: false, settings: &settings, prompt: &prompt)
        #expect(settings.authorizationStatus == .denied)
        #expect(
            AuthorizationRules.request(
                [.alert], settings: &settings, prompt: &prompt, newPromptID: "p2", now: Date(timeIntervalSince1970: 2))
                == .decided(granted: false, status: .denied))
        #expect(prompt == nil)
    }

    @Test func provisionalIsGrantedAtOnceWithoutAPromptAndIsQuiet() {
        var settings = NotificationSettings()
        var prompt: AuthorizationPrompt?
        let outcome = AuthorizationRules.request(
            [.alert, .sound, .provisional], settings: &settings, prompt: &prompt, newPromptID: "p", now: Date(timeIntervalSince1970: 1))
        #expect(outcome == .decided(granted: true, status: .provisional))
        #expect(prompt == nil)
        #expect(settings.notificationCenterSetting == .enabled)
        #expect(settings.alertSetting == .disabled)
        #expect(settings.soundSetting == .disabled)
    }

    @Test func theUserCanTurnNotificationsOffAndOnAgain() throws {
        var settings = NotificationSettings()
        var off = NotificationSettingsChange()
        off.authorizationStatus = .denied
        #expect(throws: NotificationError.self) {
            var early = NotificationSettingsChange()
            early.soundSetting = .enabled
            try early.apply(to: &settings)
        }
        try off.apply(to: &settings)
        #expect(settings.authorizationStatus == .denied)
        var on = NotificationSettingsChange()
        on.authorizationStatus = .authorized
        on.soundSetting = .disabled
        try on.apply(to: &settings)
        #expect(settings.authorizationStatus == .authorized)
        #expect(settings.alertSetting == .enabled)
        #expect(settings.soundSetting == .disabled)
        var ephemeral = NotificationSettingsChange()
        ephemeral.authorizationStatus = .ephemeral
        #expect(throws: NotificationError.self) { try ephemeral.apply(to: &settings) }
    }
}
