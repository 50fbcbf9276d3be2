import ErrorCodes

/// `UNNotificationSetting`.
package enum NotificationSetting: String, Sendable, Hashable, Codable, CaseIterable {
    case notSupported, disabled, enabled
}

/// `UNAlertStyle`.
package enum AlertStyle: String, Sendable, Hashable, Codable, CaseIterable {
    case none, banner, alert
}

/// `UNShowPreviewsSetting`.
package enum ShowPreviewsSetting: String, Sendable, Hashable, Codable, CaseIterable {
    case always, whenAuthenticated, never
}

/// `UNNotificationSettings`: every property, as the user's device would report it.
package struct NotificationSettings: Sendable, Hashable, Codable {
    package var authorizationStatus: AuthorizationStatus = .notDetermined
    package var soundSetting: NotificationSetting = .notSupported
    package var badgeSetting: NotificationSetting = .notSupported
    package var alertSetting: NotificationSetting = .notSupported
    package var notificationCenterSetting: NotificationSetting = .notSupported
    package var lockScreenSetting: NotificationSetting = .notSupported
    package var carPlaySetting: NotificationSetting = .notSupported
    package var alertStyle: AlertStyle = .none
    package var showPreviewsSetting: ShowPreviewsSetting = .always
    package var criticalAlertSetting: NotificationSetting = .notSupported
    package var providesAppNotificationSettings = false
    package var announcementSetting: NotificationSetting = .notSupported
    package var timeSensitiveSetting: NotificationSetting = .notSupported
    package var scheduledDeliverySetting: NotificationSetting = .disabled
    package var directMessagesSetting: NotificationSetting = .notSupported

    package init() {}

    /// Throws `notificationsNotAllowed` unless the user allowed notifications (authorized, provisional or
    /// ephemeral): the framework's `add` refuses an undecided or denied app.
    package func requireNotificationsAllowed() throws(NotificationError) {
        guard authorizationStatus.allowsDelivery else { throw .notificationsNotAllowed(authorizationStatus) }
    }

    /// The settings right after the user (or the provisional rule) granted `options`: what was asked for
    /// is enabled, the rest disabled. Provisional delivers quietly: only Notification Center.
    mutating func grant(_ options: Set<AuthorizationOption>, status: AuthorizationStatus) {
        authorizationStatus = status
        func setting(_ option: AuthorizationOption) -> NotificationSetting { options.contains(option) ? .enabled : .disabled }
        notificationCenterSetting = .enabled
        if status == .provisional {
            alertSetting = .disabled
            soundSetting = .disabled
            badgeSetting = .disabled
            lockScreenSetting = .disabled
            alertStyle = .none
        } else {
            alertSetting = setting(.alert)
            soundSetting = setting(.sound)
            badgeSetting = setting(.badge)
            lockScreenSetting = options.contains(.alert) ? .enabled : .disabled
            alertStyle = options.contains(.alert) ? .banner : .none
        }
        carPlaySetting = setting(.carPlay)
        criticalAlertSetting = setting(.criticalAlert)
        timeSensitiveSetting = .enabled
        announcementSetting = .enabled
        providesAppNotificationSettings = options.contains(.providesAppNotificationSettings)
    }

    mutating func deny() {
        self = NotificationSettings()
        authorizationStatus = .denied
        alertSetting = .disabled
        soundSetting = .disabled
        badgeSetting = .disabled
        notificationCenterSetting = .disabled
        lockScreenSetting = .disabled
        carPlaySetting = .disabled
        criticalAlertSetting = .disabled
        timeSensitiveSetting = .disabled
        announcementSetting = .disabled
    }
}

/// What the user may change in the Settings app (`updateNotificationSettings`). Absent fields stay.
package struct NotificationSettingsChange: Sendable, Hashable, Codable {
    /// `authorized` or `denied` (turning notifications on or off), or `provisional` → `authorized` (Keep).
    package var authorizationStatus: AuthorizationStatus?
    package var soundSetting: NotificationSetting?
    package var badgeSetting: NotificationSetting?
    package var alertSetting: NotificationSetting?
    package var notificationCenterSetting: NotificationSetting?
    package var lockScreenSetting: NotificationSetting?
    package var carPlaySetting: NotificationSetting?
    package var alertStyle: AlertStyle?
    package var showPreviewsSetting: ShowPreviewsSetting?
    package var criticalAlertSetting: NotificationSetting?
    package var announcementSetting: NotificationSetting?
    package var timeSensitiveSetting: NotificationSetting?
    package var scheduledDeliverySetting: NotificationSetting?
    package var directMessagesSetting: NotificationSetting?

    package init() {}

    /// Applies the change: a user can turn features on or off but not make a `notSupported` one appear,
    /// and cannot return to `notDetermined` or grant `ephemeral`.
    package func apply(to settings: inout NotificationSettings) throws(NotificationError) {
        if let status = authorizationStatus {
            switch status {
            case .authorized:
                if settings.authorizationStatus != .authorized {
                    settings.grant([.alert, .sound, .badge], status: .authorized)
                }
            case .denied: settings.deny()
            case .provisional where settings.authorizationStatus == .provisional: break
            default:
                throw .invalid(
                    .invalidSettings, "`authorizationStatus` can be changed to authorized or denied only; got \(status.rawValue).")
            }
        }
        guard settings.authorizationStatus != .notDetermined || isEmptyApartFromStatus else {
            throw NotificationError(
                code: .notificationsNotAllowed, kind: .refused,
                message: "Settings cannot change before the app has asked for authorization."
            )
        }
        let toggles: [(WritableKeyPath<NotificationSettings, NotificationSetting>, NotificationSetting?, String)] = [
            (\.soundSetting, soundSetting, "soundSetting"), (\.badgeSetting, badgeSetting, "badgeSetting"),
            (\.alertSetting, alertSetting, "alertSetting"),
            (\.notificationCenterSetting, notificationCenterSetting, "notificationCenterSetting"),
            (\.lockScreenSetting, lockScreenSetting, "lockScreenSetting"), (\.carPlaySetting, carPlaySetting, "carPlaySetting"),
            (\.criticalAlertSetting, criticalAlertSetting, "criticalAlertSetting"),
            (\.announcementSetting, announcementSetting, "announcementSetting"),
            (\.timeSensitiveSetting, timeSensitiveSetting, "timeSensitiveSetting"),
            (\.scheduledDeliverySetting, scheduledDeliverySetting, "scheduledDeliverySetting"),
            (\.directMessagesSetting, directMessagesSetting, "directMessagesSetting"),
        ]
        for (path, value, name) in toggles {
            guard let value else { continue }
            guard value != .notSupported else { throw .invalid(.invalidSettings, "`\(name)` can be set to enabled or disabled only.") }
            settings[keyPath: path] = value
        }
        if let alertStyle { settings.alertStyle = alertStyle }
        if let showPreviewsSetting { settings.showPreviewsSetting = showPreviewsSetting }
    }

    private var isEmptyApartFromStatus: Bool {
        var copy = self
        copy.authorizationStatus = nil
        return copy == NotificationSettingsChange()
    }
}
