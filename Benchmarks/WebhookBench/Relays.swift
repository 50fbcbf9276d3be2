import AsyncHTTPClient
import Clocks
import Crypto
import Foundation
import HTTPTypes
import Logging
import NIOSSL
import NotificationCore
import NotificationService
import OutboundHTTP
import Outbox
import Relay
import RelayService
import SQLiteStorage
import Scheduling
import Storage
import WebPushService
import WebhookDelivery
import Webhooks

/// The APNs credential the relays sign with: a fresh key.
func benchCredential() throws -> APNsCredential {
    try APNsCredential(
        keyID: "BENCH12345", teamID: "TEAM123456", topic: "com.example.bench", environment: .production,
        privateKeyPEM: P256.Signing.PrivateKey().pemRepresentation)
}

/// The dispatcher relaying `messages` notifications to `phones` APNs registrations on the sink.
func relays(origin: String, caFile: String?, connections: Int, messages: Int, phones: Int) async throws -> (delivered: Int, seconds: Double)
{
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("relay-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteStore(path: directory.appendingPathComponent("usernotifyd.sqlite").path)
    let now = Date()
    var logger = Logger(label: "webhook-bench")
    logger.logLevel = .warning
    try await store.insertApp(AppRecord(id: "app", name: "bench", createdAt: now))
    let center = CenterKey(appID: "app", centerID: "phone")
    try await store.insertCenter(CenterRecord(id: "phone", appID: "app", createdAt: now))
    let service = NotificationCenterService(store: store, clock: SystemClock(), logger: logger)
    var configuration = DeviceRelayService.Configuration()
    configuration.apnsProductionURL = origin
    configuration.deviceLimit = phones
    let relay = DeviceRelayService(relays: store, centers: service, tokens: CapabilityTokens(store: store), configuration: configuration)
    _ = try await relay.setAPNs(appID: "app", try benchCredential())
    var registrations: [DeviceRegistrationRecord] = []
    for index in 0..<phones {
        registrations.append(
            try await store.saveDeviceRegistration(
                DeviceRegistrationRecord(center: center, provider: .apns, token: String(format: "%064x", index), createdAt: now),
                limit: phones
            ).0)
    }
    for start in stride(from: 0, to: messages, by: 5_000) {
        try await store.enqueueDeliveries(
            try (start..<min(messages, start + 5_000)).map { index in
                try registrations[index % registrations.count].outboxMessage(
                    .delivered(notification(index, at: now)), at: now, traceparent: nil)
            })
    }
    let client = RelayClient(googleTokenURL: "\(origin)/token", trustRootsFile: caFile)
    let sender = OutboundHTTPClient(policy: OutboundURLPolicy(allowedNetworks: []))
    // As many calls in flight to the one host as the baseline has connections (`dispatcher` in main.swift).
    var dispatching = OutboxDispatcher.Configuration()
    dispatching.perHost = connections
    let dispatcher = OutboxDispatcher(
        store: store, clock: SystemClock(),
        channels: [.phone: RelayChannel(service: relay, client: client)],
        logger: logger, configuration: dispatching)
    let result = try await run(dispatcher, sender: sender, store: store, messages: messages)
    await client.shutdown()
    return result
}

/// The relay's baseline: a bare AsyncHTTPClient HTTP/2 loop posting one APNs request as the relay makes it
/// (with `ownClient`, the same loop on the relay's own HTTP/2 client).
func relayBaseline(
    origin: String, caFile: String?, connections: Int, messages: Int, ownClient: Bool = false
) async throws -> (delivered: Int, seconds: Double) {
    let credential = try benchCredential()
    let request = try APNsNotification.alert(
        notification(0, at: Date()), centerID: "phone", topic: credential.topic,
        links: DeliveryLinks(responseToken: "wpr_" + String(repeating: "x", count: 180)),
        expires: Date().addingTimeInterval(APNsNotification.notificationLifetime))
    let token = try ProviderTokens.apns(credential, now: Date())
    var tls = TLSConfiguration.makeClientConfiguration()
    if let caFile { tls.additionalTrustRoots = [.file(caFile)] }
    let (url, headers) = (
        "\(origin)/3/device/\(String(format: "%064x", 0))", request.headers + [HTTPField(name: .authorization, value: "bearer \(token)")]
    )
    if ownClient {
        return try await ownClientLoop(
            url: url, payload: Data(request.payload), connections: connections, messages: messages, headers: headers, tls: tls,
            version: .http2)
    }
    return try await bareLoop(
        url: url, payload: Data(request.payload), connections: connections, messages: messages, headers: headers, tls: tls)
}
