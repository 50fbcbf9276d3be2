import Clocks
import Foundation
import HTTPCore
import HTTPTypes
import Media
import Memberwise
import NotificationService
import RelayService
import Scheduling
import Storage
import Synchronization
import WebPushService

/// Everything the API's handlers use, in one place: the storage runtime builds it once storage is open
/// (`CenterRuntime`), and the handlers read it from their context. A handler that needs something new
/// gets it here, a field and an argument, and nowhere else.
@MemberwiseInit
package struct APIDependencies: Sendable {
    package var principals: any PrincipalStore
    package var service: NotificationCenterService
    package var clock: any SchedulerClock
    /// The operator-moved clock, in virtual-clock mode.
    package var virtualClock: ManualClock?
    /// The users' event streams.
    package var events: EventHub
    /// Says when responses cached per center are stale; the centers and credentials in memory.
    package var cache: any StoreCache
    /// The apps' webhook settings and outboxes.
    package var webhooks: any WebhookStore
    /// Checks webhook URLs against the SSRF guard.
    package var checkURL: @Sendable (_ url: String, _ field: String) async throws -> Void
    /// Moves the shared virtual clock (in the store) to a date, never backwards; returns the new time.
    package var moveClock: @Sendable (Date) async throws -> Date
    /// The apps' media (attachments).
    package var media: MediaLibrary
    /// Answers kept for `Idempotency-Key`.
    package var idempotency: any IdempotencyStore
    /// The apps' event streams.
    package var appEvents: AppEventHub
    /// Returns once the scheduler has fired everything due now.
    package var settle: @Sendable () async -> Void
    /// Browsers' push subscriptions, VAPID keys, and the service workers' answers.
    package var webPush: WebPushService
    /// Apps' APNs and FCM credentials and phones' registrations.
    package var relay: DeviceRelayService
    /// Topics and broadcasts.
    package var broadcasts: BroadcastService
}
