/// `UNNotificationPresentationOptions`, as a set of case names. The deprecated `alert` means banner
/// and list.
package enum PresentationOption: String, Sendable, Hashable, Codable, CaseIterable {
    case badge, sound, list, banner, alert

    /// Expands `alert` into `banner` and `list`.
    package static func normalized(_ options: Set<PresentationOption>) -> Set<PresentationOption> {
        var result = options
        if result.remove(.alert) != nil { result.formUnion([.banner, .list]) }
        return result
    }
}

/// How a delivered notification was presented, and why not, where it was not.
package struct Presentation: Sendable, Hashable, Codable {
    package var banner = false
    package var list = false
    package var sound = false
    package var badge = false
    package var lockScreen = false
    /// Why the notification was presented less than its content asked for (`focus`, `provisional`…).
    package var reasons: [String] = []

    package init(
        banner: Bool = false, list: Bool = false, sound: Bool = false, badge: Bool = false, lockScreen: Bool = false, reasons: [String] = []
    ) {
        self.banner = banner
        self.list = list
        self.sound = sound
        self.badge = badge
        self.lockScreen = lockScreen
        self.reasons = reasons
    }

    package var isVisible: Bool { banner || list || lockScreen }
}

/// What the app's `willPresent` delegate said, for a foreground delivery.
package enum ForegroundDecision: Sendable, Hashable {
    /// No delegate configured: the notification's own options apply.
    case noDelegate
    /// The delegate chose these options.
    case delegate(Set<PresentationOption>)
    /// The delegate did not answer in time or failed: the framework's rule, not presented.
    case delegateFailed(reason: String)
}

/// The presentation decision at fire time: a pure function of the content, the user's settings, the
/// device state and, in the foreground, the delegate's answer.
///
/// Background (the system decides): a banner needs alert text, the alert setting, an alert style and an
/// unlocked device; a locked device shows it on the Lock Screen if that setting allows; the list needs
/// alert text and the Notification Center setting; sound and badge need content and their settings.
/// Foreground: the delegate's options (or, with no delegate, the content's own), still limited by the
/// user's settings. Then, in both: provisional delivers quietly (list only); `passive` never lights the
/// screen or plays a sound; Focus and Scheduled Summary silence `active` and `passive` notifications
/// unless they are time-sensitive (and the user allows that), critical (and critical alerts are allowed)
/// or match the Focus filter. A denied or undetermined center gets nothing (nil).
package enum PresentationRules {
    package static func decide(
        content: NotificationContent, settings: NotificationSettings, state: CenterState, foreground: ForegroundDecision = .noDelegate
    ) -> Presentation? {
        guard settings.authorizationStatus.allowsDelivery else { return nil }
        let alertText = content.hasAlertText
        let level = content.effectiveInterruptionLevel
        let soundAllowed: Bool = {
            guard let sound = content.sound else { return false }
            if sound.isCritical || level == .critical {
                return settings.criticalAlertSetting == .enabled || settings.soundSetting == .enabled
            }
            return settings.soundSetting == .enabled
        }()
        var presentation = Presentation()

        if state.appState == .foreground {
            let options: Set<PresentationOption>
            switch foreground {
            case .noDelegate:
                var own: Set<PresentationOption> = []
                if alertText { own.formUnion([.banner, .list]) }
                if content.sound != nil { own.insert(.sound) }
                if content.badge != nil { own.insert(.badge) }
                options = own
            case .delegate(let chosen):
                options = PresentationOption.normalized(chosen)
            case .delegateFailed(let reason):
                presentation.reasons.append("willPresent: \(reason)")
                return presentation
            }
            presentation.banner = options.contains(.banner) && alertText && settings.alertSetting == .enabled
            presentation.list = options.contains(.list) && alertText && settings.notificationCenterSetting == .enabled
            presentation.sound = options.contains(.sound) && soundAllowed
            presentation.badge = options.contains(.badge) && content.badge != nil && settings.badgeSetting == .enabled
        } else {
            presentation.banner = alertText && settings.alertSetting == .enabled && settings.alertStyle != .none && !state.locked
            presentation.lockScreen = alertText && state.locked && settings.lockScreenSetting == .enabled
            presentation.list = alertText && settings.notificationCenterSetting == .enabled
            presentation.sound = soundAllowed
            presentation.badge = content.badge != nil && settings.badgeSetting == .enabled
        }

        func quiet(_ reason: String) {
            if presentation.banner || presentation.sound || presentation.lockScreen { presentation.reasons.append(reason) }
            presentation.banner = false
            presentation.sound = false
            presentation.lockScreen = false
        }
        if settings.authorizationStatus == .provisional {
            quiet("provisional")
            presentation.badge = false
        }
        if level == .passive { quiet("passive") }
        let breaksThrough =
            (level == .timeSensitive && settings.timeSensitiveSetting == .enabled)
            || (level == .critical && settings.criticalAlertSetting == .enabled)
        if let focus = state.focus {
            let matchesFilter = focus.filterCriteria != nil && focus.filterCriteria == content.filterCriteria
            if !breaksThrough && !matchesFilter { quiet("focus") }
        }
        if settings.scheduledDeliverySetting == .enabled, !breaksThrough { quiet("scheduledSummary") }
        return presentation
    }
}
