import Foundation

/// The presentation decision at fire time: a pure function of the content, the user's settings, the
/// device state and, in the foreground, the delegate's answer.
///
/// Background (the system decides): a banner needs alert text, the alert setting, an alert style and an
/// unlocked device; a locked device shows it on the Lock Screen if that setting allows; the list needs
/// alert text and the Notification Center setting; sound and badge need content and their settings.
/// Foreground: the delegate's options (or, with no delegate, the content's own), still limited by the
/// user's settings. Then, in both: provisional delivers quietly (list only); `passive` never lights the
/// screen or plays a sound; a Focus on at `now` delivers quietly what it does not let through
/// (`Focus.letsThrough`). In the background, an app the user delivers in the Scheduled Summary has what
/// would be listed held until the next summary time, unless it breaks through: critical (critical alerts
/// allowed), time-sensitive (`timeSensitiveSetting`), or a communication notification
/// (`directMessagesSetting`). A denied or undetermined center gets nothing (nil).
package enum PresentationRules {
    package static func decide(
        content: NotificationContent, settings: NotificationSettings, state: CenterState, foreground: ForegroundDecision = .noDelegate,
        at now: Date
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
            if presentation.interrupts { presentation.reasons.append(reason) }
            presentation.banner = false
            presentation.sound = false
            presentation.lockScreen = false
        }
        if settings.authorizationStatus == .provisional {
            quiet("provisional")
            presentation.badge = false
        }
        if level == .passive { quiet("passive") }
        if let focus = state.activeFocus(at: now), !focus.letsThrough(content, settings: settings) { quiet("focus") }
        if state.appState != .foreground, presentation.isVisible, settings.scheduledDeliverySetting == .enabled,
            !breaksThroughSummary(content, settings: settings)
        {
            presentation.reasons.append("scheduledSummary")
            presentation.banner = false
            presentation.sound = false
            presentation.lockScreen = false
            presentation.list = false
            presentation.heldUntil = state.nextSummary(after: now)
        }
        return presentation
    }

    /// What Scheduled Summary does not hold.
    static func breaksThroughSummary(_ content: NotificationContent, settings: NotificationSettings) -> Bool {
        switch content.effectiveInterruptionLevel {
        case .critical where settings.criticalAlertSetting == .enabled: return true
        case .timeSensitive where settings.timeSensitiveSetting == .enabled: return true
        default: return content.communication != nil && settings.directMessagesSetting == .enabled
        }
    }
}
