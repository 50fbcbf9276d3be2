import Relay
import Testing

@Suite struct DeviceTokenTests {
    @Test func apnsTokensAreHexOfTheRightLength() throws {
        #expect(try DeviceToken.apns(String(repeating: "AB", count: 32)) == String(repeating: "ab", count: 32))
        #expect(throws: RelayInputError.self) { try DeviceToken.apns(String(repeating: "ab", count: 16)) }
        #expect(throws: RelayInputError.self) { try DeviceToken.apns(String(repeating: "zz", count: 32)) }
        #expect(throws: RelayInputError.self) { try DeviceToken.apns(String(repeating: "a", count: 65)) }
    }

    @Test func fcmTokensAreTheirAlphabet() throws {
        let token = "dXNlcm5vdGlmeWQ:APA91b" + String(repeating: "x", count: 140)
        #expect(try DeviceToken.fcm(token) == token)
        #expect(throws: RelayInputError.self) { try DeviceToken.fcm("short") }
        #expect(throws: RelayInputError.self) { try DeviceToken.fcm(token + " ") }
        #expect(throws: RelayInputError.self) { try DeviceToken.fcm(String(repeating: "a", count: 4097)) }
    }
}
