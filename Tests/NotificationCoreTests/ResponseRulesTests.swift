import ErrorCodes
import NotificationCore
import Testing

@Suite struct ResponseRulesTests {
    static let reply = NotificationAction(
        identifier: "REPLY", title: "Reply", textInput: .init(buttonTitle: "Send", placeholder: "Message"))
    static let delete = NotificationAction(identifier: "DELETE", title: "Delete", options: [.destructive, .authenticationRequired])
    static let like = NotificationAction(identifier: "LIKE", title: "Like")
    static let category = NotificationCategory(identifier: "MSG", actions: [reply, delete, like], options: [.customDismissAction])
    static let plain = NotificationCategory(identifier: "PLAIN", actions: [like])

    /// A tap opens the app and clears the notification from Notification Center, as on iOS.
    @Test func theDefaultActionIsAlwaysForwardedAndClearsTheNotification() throws {
        let disposition = try ResponseRules.validate(
            .init(actionIdentifier: NotificationResponse.defaultActionIdentifier), category: nil, locked: true)
        #expect(disposition.forwardToDelegate)
        #expect(disposition.removesNotification)
    }

    /// Choosing an action clears the notification unless a content extension answers `doNotDismiss`.
    @Test func anActionClearsTheNotificationUnlessTheContentExtensionKeepsIt() throws {
        let chosen = try ResponseRules.validate(.init(actionIdentifier: "LIKE"), category: Self.plain, locked: false)
        #expect(chosen.forwardToDelegate && chosen.removesNotification)
        #expect(!chosen.answered(by: .doNotDismiss).removesNotification)
        #expect(chosen.answered(by: .dismiss).removesNotification)
    }

    @Test func dismissIsForwardedOnlyWithCustomDismissAction() throws {
        let dismiss = NotificationResponse(actionIdentifier: NotificationResponse.dismissActionIdentifier)
        #expect(try ResponseRules.validate(dismiss, category: Self.category, locked: false).forwardToDelegate)
        #expect(try !ResponseRules.validate(dismiss, category: Self.plain, locked: false).forwardToDelegate)
        #expect(try ResponseRules.validate(dismiss, category: Self.plain, locked: false).removesNotification)
    }

    @Test func textIsRequiredForAndOnlyForTextInputActions() throws {
        #expect(
            try ResponseRules.validate(.init(actionIdentifier: "REPLY", userText: ""), category: Self.category, locked: false).action
                == Self.reply)
        #expect(throws: NotificationError.self) {
            try ResponseRules.validate(.init(actionIdentifier: "REPLY"), category: Self.category, locked: false)
        }
        #expect(throws: NotificationError.self) {
            try ResponseRules.validate(.init(actionIdentifier: "LIKE", userText: "x"), category: Self.category, locked: false)
        }
        #expect(throws: NotificationError.self) {
            try ResponseRules.validate(
                .init(actionIdentifier: NotificationResponse.defaultActionIdentifier, userText: "x"), category: nil, locked: false)
        }
    }

    /// A reply is short: 4000 code points pass, one more is refused with its own code (a letter with a
    /// combining mark counts two).
    @Test func userTextIsBounded() throws {
        let longest = String(repeating: "a", count: NotificationResponse.userTextLimit - 2) + "e\u{301}"
        #expect(
            try ResponseRules.validate(.init(actionIdentifier: "REPLY", userText: longest), category: Self.category, locked: false).action
                == Self.reply)
        #expect {
            try ResponseRules.validate(.init(actionIdentifier: "REPLY", userText: longest + "!"), category: Self.category, locked: false)
        } throws: { ($0 as? NotificationError)?.code.rawValue == "userTextTooLong" }
    }

    @Test func authenticationRequiredActionsAreRefusedWhileLocked() throws {
        #expect {
            try ResponseRules.validate(.init(actionIdentifier: "DELETE"), category: Self.category, locked: true)
        } throws: { ($0 as? NotificationError)?.code.rawValue == "authenticationRequired" }
        #expect(try ResponseRules.validate(.init(actionIdentifier: "DELETE"), category: Self.category, locked: false).forwardToDelegate)
    }

    @Test func actionsOfOtherCategoriesAreRefused() {
        #expect {
            try ResponseRules.validate(.init(actionIdentifier: "REPLY"), category: Self.plain, locked: false)
        } throws: {
            ($0 as? NotificationError)?.code.rawValue == "unknownAction" && ($0 as? NotificationError)?.message.contains("'LIKE'") == true
        }
        #expect(throws: NotificationError.self) {
            try ResponseRules.validate(.init(actionIdentifier: "LIKE"), category: nil, locked: false)
        }
    }
}

@Suite struct ContentExtensionAnswerTests {
    @Test(arguments: [
        (ContentExtensionResponseOption.doNotDismiss, false, false), (.dismiss, false, true), (.dismissAndForwardAction, true, true),
    ])
    func theExtensionsAnswerDecides(option: ContentExtensionResponseOption, forwarded: Bool, removed: Bool) throws {
        let category = NotificationCategory(identifier: "C", actions: [NotificationAction(identifier: "LIKE", title: "Like")])
        let disposition = try ResponseRules.validate(NotificationResponse(actionIdentifier: "LIKE"), category: category, locked: false)
        let asked = disposition.answered(by: option)
        #expect(asked.forwardToDelegate == forwarded && asked.removesNotification == removed && asked.contentExtension == option)
    }
}
