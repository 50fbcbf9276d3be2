import ErrorCodes
import Foundation
import NotificationCore
import Storage
import Testing
import Webhooks

/// The contract of `DeviceRelayStore` on every store: apps' credentials, phones' registrations, and the
/// outbox messages a presentation or a removal writes to them in its own transaction.
@Suite struct DeviceRelayContractTests {
    static let now = StoreContractTests.now
    let contract = StoreContractTests()
    var center: CenterKey { contract.center }

    func registration(_ token: String, _ provider: PushProvider = .apns, center: CenterKey? = nil, seconds: Double = 0)
        -> DeviceRegistrationRecord
    {
        DeviceRegistrationRecord(
            center: center ?? self.center, provider: provider, token: token, createdAt: Self.now.addingTimeInterval(seconds))
    }

    @Test(arguments: StoreFactory.all)
    func aCredentialIsReplacedByItsRotationAndStaysWithItsApp(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, reopen) async throws in
            func credential(_ id: String, _ provider: PushProvider, app: String = "a") -> RelayCredentialRecord {
                RelayCredentialRecord(
                    appID: app, provider: provider, id: id, fingerprint: "sha256:\(id)", material: Data("{\"k\":\"\(id)\"}".utf8),
                    createdAt: Self.now)
            }
            #expect(try await store.relayCredential(appID: "a", provider: .apns) == nil)
            try await store.setRelayCredential(credential("rcr_1", .apns))
            try await store.setRelayCredential(credential("rcr_2", .fcm))
            try await store.setRelayCredential(credential("rcr_3", .apns))
            let reopened = try await reopen()
            #expect(try await reopened.relayCredentials(appID: "a").map(\.id) == ["rcr_3", "rcr_2"])
            #expect(try await reopened.relayCredential(appID: "a", provider: .apns)?.material == Data("{\"k\":\"rcr_3\"}".utf8))
            #expect(try await reopened.relayCredentials(appID: "b").isEmpty)
            #expect(try await !reopened.removeRelayCredential(appID: "b", provider: .apns), "another app's")
            #expect(try await reopened.removeRelayCredential(appID: "a", provider: .apns))
            #expect(try await reopened.relayCredentials(appID: "a").map(\.provider) == [.fcm])
        }
    }

    @Test(arguments: StoreFactory.all)
    func aTokenRegisteringAgainKeepsItsIdMovesWithItsPhoneAndIsBounded(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, reopen) async throws in
            let (first, created) = try await store.saveDeviceRegistration(registration("aa"), limit: 2)
            #expect(created)
            var again = registration("aa")
            again.environment = "sandbox"
            let (updated, createdAgain) = try await store.saveDeviceRegistration(again, limit: 2)
            #expect(!createdAgain && updated.id == first.id)
            // The same token string with the other provider is another phone.
            _ = try await store.saveDeviceRegistration(registration("aa", .fcm, seconds: 1), limit: 2)
            await #expect {
                try await store.saveDeviceRegistration(registration("bb", seconds: 2), limit: 2)
            } throws: { ($0 as? NotificationError)?.code == .deviceLimitReached }
            // A registration's target carries its app's credential for its provider, once there is one.
            #expect(try await store.relayTarget(registrationID: first.id)?.credential == nil)
            let credential = RelayCredentialRecord(
                appID: "a", provider: .apns, id: "rcr_1", fingerprint: "sha256:1", material: Data("{}".utf8), createdAt: Self.now)
            try await store.setRelayCredential(credential)
            let target = try await store.relayTarget(registrationID: first.id)
            #expect(target?.registration.id == first.id && target?.credential == credential)
            let stored = try await reopen().deviceRegistrations(center)
            #expect(try await store.relayTarget(registrationID: stored[1].id)?.credential == nil, "no FCM credential")
            // A claim's batch in one read: each phone with its app's credential; a registration gone is left out.
            let batch = try await store.relayTargets(registrationIDs: stored.map(\.id) + ["dev_gone"])
            #expect(Set(batch.keys) == Set(stored.map(\.id)))
            #expect(batch[stored[0].id]?.credential == credential && batch[stored[1].id]?.credential == nil)
            #expect(batch[stored[1].id]?.registration == stored[1])
            #expect(stored.map(\.provider) == [.apns, .fcm] && stored.first?.environment == "sandbox")
            let other = CenterKey(appID: "a", centerID: "d")
            try await store.insertCenter(CenterRecord(id: "d", appID: "a", createdAt: Self.now))
            try await store.setWebhookConfiguration(
                appID: "a",
                WebhookConfiguration(
                    delegateURL: "https://example.com/hook", secrets: [WebhookSecret.generate().text], events: [.deviceUnregistered]))
            let (moved, movedCreated) = try await store.saveDeviceRegistration(registration("aa", center: other), limit: 2)
            #expect(movedCreated && moved.id != first.id)
            #expect(try await store.relayTarget(registrationID: first.id) == nil)
            // The center that lost the phone hears, in the move's own change.
            let told = try await store.deliveries(appID: "a", status: nil, after: nil, limit: 10).items
            #expect(told.map(\.type) == [.deviceUnregistered])
            let message = try #require(told.first)
            let data = (try JSONSerialization.jsonObject(with: message.payload) as? [String: Any])?["data"] as? [String: Any]
            #expect(data?["centerID"] as? String == "c" && data?["registrationID"] as? String == first.id)
            #expect(data?["reason"] as? String == "moved" && data?["provider"] as? String == "apns")
            #expect(try await !store.removeDeviceRegistration(center, id: moved.id), "another center's registration")
            #expect(try await store.deleteCenter(other, at: Self.now))
            #expect(try await store.relayTarget(registrationID: moved.id) == nil, "gone with its center")
            await #expect {
                try await store.saveDeviceRegistration(registration("cc", center: CenterKey(appID: "a", centerID: "gone")), limit: 2)
            } throws: { ($0 as? NotificationError)?.code == .centerNotFound }
        }
    }

    @Test(arguments: StoreFactory.all)
    func aVisiblePresentationAndARemovalWriteOneMessageToEachPhone(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, _) async throws in
            let (apns, _) = try await store.saveDeviceRegistration(registration("aa"), limit: 5)
            let (fcm, _) = try await store.saveDeviceRegistration(registration("ff", .fcm, seconds: 1), limit: 5)
            _ = try await store.upsertPending(contract.pending("tea", fireIn: 10), limit: 64)
            _ = try await store.upsertPending(contract.pending("quiet", fireIn: 10), limit: 64)
            let claims = try await store.claimDue(
                now: Self.now.addingTimeInterval(10), limit: 10, lease: Lease(seconds: 60, from: Self.now)
            ).claims
            let fired = Self.now.addingTimeInterval(10)
            _ = try await store.fire(claims, at: fired) { claim, _ in
                FiringRecord(
                    center: claim.center, identifier: claim.identifier, revision: claim.revision,
                    delivered: DeliveredNotification(
                        date: fired, request: claim.pending.request,
                        presentation: claim.identifier == "tea" ? Presentation(banner: true, list: true) : Presentation()),
                    nextFireDate: nil)
            }
            var messages = try await store.deliveries(appID: "a", status: nil, after: nil, limit: 10).items
            #expect(Set(messages.compactMap(\.subscriptionID)) == [apns.id, fcm.id] && messages.count == 2, "the quiet one goes nowhere")
            #expect(Set(messages.map(\.url)) == ["apns", "fcm"] && messages.allSatisfy { $0.destination == .phone })
            _ = try await store.removeDelivered(center, identifiers: ["tea"], at: fired) { [.user(.deliveredRemoved($0))] }
            messages = try await store.deliveries(appID: "a", status: nil, after: nil, limit: 10).items
            #expect(messages.filter { $0.type == .notificationRemoved }.count == 2)
        }
    }

    @Test(arguments: StoreFactory.all)
    func aPhoneItsProviderEndedIsRemovedAndTheAppToldInOneChange(_ factory: StoreFactory) async throws {
        try await contract.withStore(factory) { (store, _) async throws in
            try await store.setWebhookConfiguration(
                appID: "a", WebhookConfiguration(delegateURL: "https://example.com/hook", secrets: [WebhookSecret.generate().text]))
            let (gone, _) = try await store.saveDeviceRegistration(registration("aa"), limit: 5)
            #expect(try await store.removeGoneDeviceRegistration(id: gone.id, reason: "Unregistered", at: Self.now))
            #expect(try await !store.removeGoneDeviceRegistration(id: gone.id, reason: "Unregistered", at: Self.now))
            #expect(try await store.deviceRegistrations(center).isEmpty)
            let messages = try await store.deliveries(appID: "a", status: nil, after: nil, limit: 10).items
            #expect(messages.map(\.type) == [.deviceUnregistered] && messages.first?.url == "https://example.com/hook")
            let body = try #require(try JSONSerialization.jsonObject(with: messages[0].payload) as? [String: Any])
            let data = try #require(body["data"] as? [String: Any])
            #expect(
                data["registrationID"] as? String == gone.id && data["provider"] as? String == "apns"
                    && data["reason"] as? String == "Unregistered")
        }
    }
}
