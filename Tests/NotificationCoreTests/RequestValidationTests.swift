import ErrorCodes
import Foundation
import NotificationCore
import Testing

@Suite struct RequestValidationTests {
    static let valid = NotificationRequest(
        identifier: "r1", content: NotificationContent(title: "Hi"), trigger: .timeInterval(5, repeats: false))

    static func with(_ change: (inout NotificationRequest) -> Void) -> NotificationRequest {
        var request = valid
        change(&request)
        return request
    }

    static let invalid: [(String, NotificationRequest, String)] = [
        ("empty identifier", with { $0.identifier = "" }, "invalidIdentifier"),
        ("long identifier", with { $0.identifier = String(repeating: "x", count: 256) }, "invalidIdentifier"),
        ("negative badge", with { $0.content.badge = -1 }, "badgeInputInvalid"),
        ("loud critical", with { $0.content.sound = .critical(name: nil, volume: 1.5) }, "invalidSound"),
        ("empty sound name", with { $0.content.sound = .named("") }, "invalidSound"),
        ("relevance over 1", with { $0.content.relevanceScore = 1.01 }, "invalidContent"),
        ("summary count 0", with { $0.content.summaryArgumentCount = 0 }, "invalidContent"),
        ("huge body", with { $0.content.body = String(repeating: "b", count: 5000) }, "invalidContent"),
        ("huge userInfo", with { $0.content.userInfo = ["k": .string(String(repeating: "u", count: 20_000))] }, "invalidContent"),
        ("attachment without source", with { $0.content.attachments = [AttachmentReference(identifier: "a")] }, "attachmentInvalidURL"),
        (
            "attachment file URL", with { $0.content.attachments = [AttachmentReference(identifier: "a", url: "file:///etc/passwd")] },
            "attachmentInvalidURL"
        ),
        (
            "clipping outside the unit square",
            with {
                $0.content.attachments = [
                    AttachmentReference(identifier: "a", mediaID: "m", thumbnailClippingRect: .init(x: 0.5, y: 0, width: 1.2, height: 1))
                ]
            }, "invalidAttachment"
        ),
        (
            "empty clipping",
            with {
                $0.content.attachments = [
                    AttachmentReference(identifier: "a", mediaID: "m", thumbnailClippingRect: .init(x: 0.5, y: 0, width: 0, height: 1))
                ]
            }, "invalidAttachment"
        ),
        ("empty loc key", with { $0.content.bodyLocalization = LocalizedText(key: "") }, "invalidContent"),
        ("short repeat", with { $0.trigger = .timeInterval(30, repeats: true) }, "invalidTimeInterval"),
    ]

    @Test(arguments: invalid.indices)
    func theFrameworksRulesAreEnforced(index: Int) {
        let (name, request, code) = Self.invalid[index]
        #expect("\(name)") {
            try request.validate()
        } throws: { error in
            (error as? NotificationError)?.code.rawValue == code
        }
    }

    @Test func anUnregisteredCategoryAndNoTriggerAreFine() throws {
        try Self.with {
            $0.content.categoryIdentifier = "NOT_REGISTERED_YET"; $0.trigger = nil
        }.validate()
    }

    @Test func contentRoundTripsWithFrameworkFieldNames() throws {
        let content = NotificationContent(
            title: "t", badge: 0, sound: .critical(name: "alarm.caf", volume: 0.5),
            userInfo: ["n": .number(1), "list": .array([.bool(true), .null])],
            categoryIdentifier: "C", threadIdentifier: "th", interruptionLevel: .timeSensitive, relevanceScore: 0.5
        )
        let data = try JSONEncoder().encode(content)
        let json = String(decoding: data, as: UTF8.self)
        for key in [
            "\"categoryIdentifier\"", "\"threadIdentifier\"", "\"interruptionLevel\":\"timeSensitive\"", "\"relevanceScore\"",
            "\"badge\":0",
        ] {
            #expect(json.contains(key), "\(key) in \(json)")
        }
        #expect(try JSONDecoder().decode(NotificationContent.self, from: data) == content)
    }

    @Test func categorySetsAreValidatedAsAWhole() {
        let action = NotificationAction(identifier: "REPLY", title: "Reply", textInput: .init(buttonTitle: "Send", placeholder: "…"))
        #expect(throws: Never.self) { try NotificationCategory.validate([NotificationCategory(identifier: "MSG", actions: [action])]) }
        // Two categories may share an action identifier (WWDC 2016 session 708: event-invite and event-update
        // both have "accept"); within one category it is unique.
        #expect(throws: Never.self) {
            try NotificationCategory.validate([
                NotificationCategory(identifier: "A", actions: [action]), NotificationCategory(identifier: "B", actions: [action]),
            ])
        }
        #expect(throws: NotificationError.self) {
            try NotificationCategory.validate([NotificationCategory(identifier: "A", actions: [action, action])])
        }
        #expect(throws: NotificationError.self) {
            try NotificationCategory.validate([NotificationCategory(identifier: "A"), NotificationCategory(identifier: "A")])
        }
        let eleven = (0..<11).map { NotificationAction(identifier: "a\($0)", title: "A") }
        #expect(throws: NotificationError.self) {
            try NotificationCategory.validate([NotificationCategory(identifier: "A", actions: eleven)])
        }
        let reserved = NotificationAction(identifier: NotificationResponse.defaultActionIdentifier, title: "x")
        #expect(throws: NotificationError.self) {
            try NotificationCategory.validate([NotificationCategory(identifier: "A", actions: [reserved])])
        }
    }
}
