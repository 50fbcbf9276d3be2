/// The device tokens phones register: checked before anything is stored.
package enum DeviceToken {
    /// An APNs device token as the app gets it (`didRegisterForRemoteNotificationsWithDeviceToken`), in
    /// hex: 32 bytes today, up to 100 as Apple allows; returned lowercase.
    package static func apns(_ token: String) throws(RelayInputError) -> String {
        let bytes = token.utf8
        guard bytes.count.isMultiple(of: 2), (64...200).contains(bytes.count),
            bytes.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) })
        else {
            throw RelayInputError(
                .deviceToken, "An APNs device token is the token's bytes in hex: 64 to 200 hex digits (what iOS gives, 32 bytes, is 64).")
        }
        return token.lowercased()
    }

    /// An FCM registration token (`FirebaseMessaging.getToken()`): 32 to 4096 characters of letters,
    /// digits, `-`, `_` and `:`.
    package static func fcm(_ token: String) throws(RelayInputError) -> String {
        let bytes = token.utf8
        guard (32...4096).contains(bytes.count),
            bytes.allSatisfy({
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D || $0 == 0x5F
                    || $0 == 0x3A
            })
        else {
            throw RelayInputError(
                .deviceToken, "An FCM registration token is 32 to 4096 letters, digits, '-', '_' and ':', as Firebase gives it.")
        }
        return token
    }
}
