import AsyncHTTPClient
// make bench: signed webhook deliveries, and Web Pushes, per second from the outbox to a loopback sink.
//
//   webhook-bench --sink-port PORT [--messages N] [--connections C] [--mode dispatcher|outbox|ahc|own|push|push-ahc|push-encrypt|relay|relay-h2|relay-own|broadcast|broadcast-record|broadcast-rss]
//                 [--database-url URL] [--host NAME] [--subscriptions N (push: 100)] [--sink-origin URL --ca FILE]
//
// dispatcher: fills a fresh SQLite outbox (or, with --database-url, the outbox of an empty PostgreSQL
// database) with N messages for one endpoint (the sink), runs the real dispatcher (claims, signing,
// its HTTP client, the SSRF guard, attempts recorded) on the system clock until every message is
// delivered; outbox: the same with a channel that answers every message at once (the outbox's own cost,
// no HTTP). ahc, the baseline: a bare AsyncHTTPClient loop posting the same
// body with the same headers to the same sink over the same number of connections, C at a time. Prints
// one JSON line with the rate. push: N notifications for 100 browsers' subscriptions (on the sink), each
// made into its payload, encrypted (RFC 8291, padded to 4096 bytes) and signed (VAPID) by the real
// dispatcher when sent; push-encrypt, its honest baseline: the bare loop making and encrypting every push
// for its subscription (the VAPID header made once); push-ahc: the bare loop posting one such push.
// relay: N notifications for 100 phones' APNs registrations, each made into its APNs request (payload,
// headers, a response token, the ES256 provider token) by the real dispatcher and sent over HTTP/2 and TLS
// to `h2-sink` (--sink-origin https://127.0.0.1:PORT --ca FILE); relay-h2, its baseline: a bare
// AsyncHTTPClient HTTP/2 loop posting one such request, with its headers; relay-own: the same loop on the
// relay's own HTTP/2 client. broadcast: one broadcast to N
// centers (`--messages`), each with one browser's subscription on the sink, the pushes sent beside the
// fan-out: the seconds until the fan-out was recorded and until every push was sent; broadcast-record: its
// recording alone (nothing sent), against raw SQLite writing one delivered and one outbox row per center,
// 1,024 a transaction; broadcast-rss: the recording without subscriptions, for the peak resident memory
// of a fan-out to N centers.
import Clocks
import Crypto
import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1
import NIOSSL
import NotificationCore
import NotificationService
import OutboundHTTP
import Outbox
import PostgresStorage
import SQLiteStorage
import Scheduling
import Storage
import WebPush
import WebPushService
import WebhookDelivery
import Webhooks

var messages = 20_000
var sinkPort = 0
var connections = 32
var mode = "dispatcher"
var sinkOrigin = ""
var caFile: String?
var databaseURL: String?
var host = "127.0.0.1"
var subscriptionCount = 100
/// What the command line takes, said on `--help` and on a mistake.
enum Usage {
    static let text = """
        usage: webhook-bench --sink-port PORT [--messages N] [--connections C] [--host NAME] [--database-url URL]
                             [--subscriptions N] [--mode MODE]
               webhook-bench --sink-origin https://HOST:PORT --ca CA.pem [--messages N] [--connections C] --mode relay|relay-h2
        MODE: dispatcher (the default), outbox (no HTTP: every message answered at once), ahc (its bare
              AsyncHTTPClient loop) or own (that loop on the dispatcher's client); push, push-encrypt or push-ahc;
              relay, relay-h2 or relay-own; broadcast, broadcast-record or broadcast-rss (--messages is the audience's size)
        """

    static func fail(_ reason: String) -> Never {
        FileHandle.standardError.write(Data("\(reason)\n\(text)\n".utf8))
        exit(2)
    }
}

var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--messages": messages = Int(arguments.next() ?? "") ?? messages
    case "--sink-port": sinkPort = Int(arguments.next() ?? "") ?? sinkPort
    case "--connections": connections = Int(arguments.next() ?? "") ?? connections
    case "--mode": mode = arguments.next() ?? mode
    case "--database-url": databaseURL = arguments.next()
    case "--host": host = arguments.next() ?? host
    case "--subscriptions": subscriptionCount = Int(arguments.next() ?? "") ?? subscriptionCount
    case "--sink-origin": sinkOrigin = arguments.next() ?? sinkOrigin
    case "--ca": caFile = arguments.next()
    case "--help", "-h":
        print(Usage.text)
        exit(0)
    default: Usage.fail("unknown argument \(argument)")
    }
}
// Not a `guard`: what follows a top-level `guard` would be local to it.
if sinkPort == 0, !mode.hasPrefix("relay") { Usage.fail("--sink-port is required") }
// An IP literal by default; a name (`--host localhost`) is resolved for the SSRF guard as a real
// endpoint's would be.
let url = "http://\(host):\(sinkPort)/hook"
// A payload the size of a real notification.response message.
let payload = Data(
    #"{"data":{"actionIdentifier":"com.apple.UNNotificationDefaultActionIdentifier","centerID":"phone-1","notification":{"date":"2026-11-21T10:00:00.000Z","presentation":{"badge":false,"banner":true,"list":true,"lockScreen":false,"reasons":[],"sound":true},"request":{"content":{"body":"Your tea has steeped for four minutes.","title":"Tea is ready"},"identifier":"tea"}}},"timestamp":"2026-11-21T10:00:01.000Z","type":"notification.response"}"#
        .utf8)

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The baseline: AsyncHTTPClient as the sender configures it, `connections` posts in flight (a signed
/// webhook unless `headers` and `contentType` are given).
func bareLoop(
    url: String, payload: Data, connections: Int, messages: Int, headers given: HTTPFields? = nil,
    contentType: String = "application/json", tls: TLSConfiguration? = nil
) async throws -> (delivered: Int, seconds: Double) {
    try await bareLoop(
        connections: connections, messages: messages, headers: given, contentType: contentType, tls: tls,
        payload: Array(payload), message: { _ in (url, Array(payload)) })
}

/// The bare loop with each message's URL and body made by `message` as it is sent.
func bareLoop(
    connections: Int, messages: Int, headers given: HTTPFields?, contentType: String, tls: TLSConfiguration?,
    payload: [UInt8], message: @escaping @Sendable (Int) throws -> (url: String, body: [UInt8])
) async throws -> (delivered: Int, seconds: Double) {
    var configuration = HTTPClient.Configuration()
    configuration.tlsConfiguration = tls
    configuration.redirectConfiguration = .disallow
    configuration.decompression = .disabled
    configuration.tracing.tracer = nil
    configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connections)
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    let headers =
        given
        ?? WebhookSignature.headers(
            id: "msg_0123456789abcdef0123456789abcdef", timestamp: Int(Date().timeIntervalSince1970), body: payload,
            secrets: [WebhookSecret.generate()])
    let started = ContinuousClock.now
    // Each of the `connections` loops posts its share, one at a time.
    let delivered = try await withThrowingTaskGroup(of: Int.self) { group in
        for loop in 0..<connections {
            group.addTask {
                var delivered = 0
                for index in stride(from: loop, to: messages, by: connections) {
                    let (url, body) = try message(index)
                    var request = HTTPClientRequest(url: url)
                    request.method = .POST
                    request.headers.add(name: "Content-Type", value: contentType)
                    request.headers.add(name: "User-Agent", value: "usernotifyd")
                    for field in headers { request.headers.add(name: field.name.rawName, value: field.value) }
                    request.body = .bytes(ByteBuffer(bytes: body))
                    let response = try await client.execute(request, timeout: .seconds(15))
                    _ = try await response.body.collect(upTo: 64 * 1024)
                    if (200..<300).contains(response.status.code) { delivered += 1 }
                }
                return delivered
            }
        }
        return try await group.reduce(0, +)
    }
    let elapsed = seconds(ContinuousClock.now - started)
    try await client.shutdown()
    return (delivered, elapsed)
}

/// The dispatcher's own HTTP client without the dispatcher: `OutboundHTTPClient.post` in `connections`
/// loops with the same signed headers (or `headers`, over `version`), one at a time each (what the outbox
/// costs beyond its client).
func ownClientLoop(
    url: String, payload: Data, connections: Int, messages: Int, headers given: HTTPFields? = nil, tls: TLSConfiguration? = nil,
    version: OutboundHTTPClient.Version = .http1_1
) async throws -> (delivered: Int, seconds: Double) {
    let client = OutboundHTTPClient(
        policy: OutboundURLPolicy(allowedNetworks: [IPNetwork("127.0.0.0/8")!]), tls: tls ?? .makeClientConfiguration())
    let body = Array(payload)
    let headers =
        given
        ?? WebhookSignature.headers(
            id: "msg_0123456789abcdef0123456789abcdef", timestamp: Int(Date().timeIntervalSince1970), body: body,
            secrets: [WebhookSecret.generate()])
    let started = ContinuousClock.now
    let delivered = await withTaskGroup(of: Int.self) { group in
        for loop in 0..<connections {
            group.addTask {
                var delivered = 0
                for _ in stride(from: loop, to: messages, by: connections) {
                    let answer = await client.post(url, body: body, headers: headers, timeout: .seconds(15), over: version)
                    if let status = answer.status, (200..<300).contains(status) { delivered += 1 }
                }
                return delivered
            }
        }
        return await group.reduce(0, +)
    }
    let elapsed = seconds(ContinuousClock.now - started)
    await client.shutdown()
    return (delivered, elapsed)
}

/// The dispatcher over a fresh outbox of `messages` messages.
/// The dispatcher's run on a fresh SQLite file, or on the PostgreSQL database at `databaseURL` (its pool
/// running beside).
func dispatcher(
    url: String, payload: Data, connections: Int, messages: Int, databaseURL: String?, answering: Bool = false
) async throws -> (delivered: Int, seconds: Double) {
    guard let databaseURL else {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("webhook-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteStore(path: directory.appendingPathComponent("usernotifyd.sqlite").path)
        return try await dispatcher(store, url: url, payload: payload, connections: connections, messages: messages, answering: answering)
    }
    var logger = Logger(label: "webhook-bench")
    logger.logLevel = .warning
    let store = PostgresStore(configuration: try PostgresStore.Configuration(url: URL(string: databaseURL)!), logger: logger)
    return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { await store.run() }
        defer { group.cancelAll() }
        try await store.prepare()
        return try await dispatcher(store, url: url, payload: payload, connections: connections, messages: messages, answering: answering)
    }
}

func dispatcher(
    _ store: any PrincipalStore & WebhookStore, url: String, payload: Data, connections: Int, messages: Int, answering: Bool = false
) async throws -> (delivered: Int, seconds: Double) {
    let now = Date()
    try await store.insertApp(AppRecord(id: "app", name: "bench", createdAt: now))
    try await store.setWebhookConfiguration(appID: "app", WebhookConfiguration(delegateURL: url, secrets: [WebhookSecret.generate().text]))
    for start in stride(from: 0, to: messages, by: 5_000) {
        try await store.enqueueDeliveries(
            (start..<min(messages, start + 5_000)).map { index in
                WebhookDeliveryRecord(
                    id: "msg_bench\(index)", appID: "app", url: url, type: .notificationResponse, payload: payload, nextAttempt: now,
                    createdAt: now)
            })
    }
    var logger = Logger(label: "webhook-bench")
    logger.logLevel = .warning
    let sender = OutboundHTTPClient(policy: OutboundURLPolicy(allowedNetworks: [IPNetwork("127.0.0.0/8")!]))
    // As many attempts in flight to the one endpoint as the baseline has connections.
    var configuration = OutboxDispatcher.Configuration()
    configuration.perEndpoint = connections
    let channel: any DeliveryChannel = answering ? AnsweringChannel() : WebhookChannel(client: sender)
    let dispatcher = OutboxDispatcher(
        store: store, clock: SystemClock(), channels: [.webhook: channel], logger: logger, configuration: configuration)
    return try await run(dispatcher, sender: sender, store: store, messages: messages)
}

/// A channel that answers every message 200 at once: what the outbox costs without any HTTP (`--mode outbox`).
struct AnsweringChannel: DeliveryChannel {
    func send(_ message: WebhookDeliveryRecord, context: AttemptContext) async -> ChannelAnswer {
        ChannelAnswer(AttemptOutcome(status: 200, headers: [], body: [], error: nil, duration: .zero), .delivered)
    }
}

/// Runs the dispatcher until it has attempted every message; how many were delivered, and how long it took.
func run(
    _ dispatcher: OutboxDispatcher, sender: OutboundHTTPClient, store: any WebhookStore, messages: Int
) async throws -> (delivered: Int, seconds: Double) {
    let started = ContinuousClock.now
    await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await dispatcher.run() }
        await dispatcher.settle()
        group.cancelAll()
    }
    let elapsed = seconds(ContinuousClock.now - started)
    await sender.shutdown()
    return (try await store.deliveries(appID: "app", status: .delivered, after: nil, limit: messages).items.count, elapsed)
}

/// A browser's subscription keys, as the browser makes them.
func browserKeys() -> (p256dh: String, auth: String) {
    let key = P256.KeyAgreement.PrivateKey()
    return (Base64URL.encode(key.publicKey.x963Representation), Base64URL.encode((0..<16).map { _ in UInt8.random(in: 0...255) }))
}

/// A notification as a device shows it.
func notification(_ index: Int, at date: Date) -> DeliveredNotification {
    DeliveredNotification(
        date: date,
        request: NotificationRequest(
            identifier: "n\(index)", content: NotificationContent(title: "Tea is ready", body: "Your tea has steeped for four minutes.")),
        presentation: Presentation(banner: true, list: true, sound: true))
}

/// The dispatcher sending `messages` pushes to 100 subscriptions whose endpoints are on the sink.
func pushes(sinkURL: String, connections: Int, messages: Int, subscriptionCount: Int) async throws -> (delivered: Int, seconds: Double) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("push-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SQLiteStore(path: directory.appendingPathComponent("usernotifyd.sqlite").path)
    let now = Date()
    var logger = Logger(label: "webhook-bench")
    logger.logLevel = .warning
    try await store.insertApp(AppRecord(id: "app", name: "bench", createdAt: now))
    let center = CenterKey(appID: "app", centerID: "phone")
    try await store.insertCenter(CenterRecord(id: "phone", appID: "app", createdAt: now))
    let keyring = VAPIDKeyring(store: store)
    try await keyring.open(at: now)
    let vapid = try await keyring.primary()
    var subscriptions: [PushSubscriptionRecord] = []
    for index in 0..<subscriptionCount {
        let keys = browserKeys()
        subscriptions.append(
            try await store.savePushSubscription(
                PushSubscriptionRecord(
                    center: center, endpoint: "\(sinkURL)/push/\(index)", p256dh: keys.p256dh, auth: keys.auth, vapidKeyID: vapid.id,
                    createdAt: now), limit: subscriptionCount
            ).0)
    }
    for start in stride(from: 0, to: messages, by: 5_000) {
        try await store.enqueueDeliveries(
            try (start..<min(messages, start + 5_000)).map { index in
                try subscriptions[index % subscriptions.count].outboxMessage(
                    .delivered(notification(index, at: now)), at: now, traceparent: nil)
            })
    }
    let service = NotificationCenterService(store: store, clock: SystemClock(), logger: logger)
    let webPush = WebPushService(
        store: store, subscriptions: store, centers: service, keyring: keyring, tokens: CapabilityTokens(store: store),
        configuration: .init(allowList: try PushServiceAllowList()),
        checkURL: { _, _ in })
    let sender = OutboundHTTPClient(policy: OutboundURLPolicy(allowedNetworks: [IPNetwork("127.0.0.0/8")!]))
    // As many calls in flight to the one host as the baseline has connections, as for the webhook
    // endpoint above (an attempt answered and waiting for its record holds no call).
    var configuration = OutboxDispatcher.Configuration()
    configuration.perHost = connections
    let dispatcher = OutboxDispatcher(
        store: store, clock: SystemClock(),
        channels: [.browser: WebPushChannel(webPush: webPush, client: sender)], logger: logger,
        configuration: configuration)
    return try await run(dispatcher, sender: sender, store: store, messages: messages)
}

/// The push baseline: the bare loop posting one push as the dispatcher makes it (the same padded length).
func pushBaseline(sinkURL: String, connections: Int, messages: Int) async throws -> (delivered: Int, seconds: Double) {
    let keys = browserKeys()
    let vapid = VAPIDKey()
    let payload = WebPushPayload.notification(notification(0, at: Date()), centerID: "phone", category: nil, token: "wpr_x", image: nil)
    let body = try PushMessageEncryption.encrypt(
        payload.bytes(limit: PushMessageEncryption.maxPlaintext), for: try PushSubscriptionKeys(p256dh: keys.p256dh, auth: keys.auth))
    let authorization = try VAPIDAuthorizations(subject: "mailto:bench@localhost").header(
        audience: String(sinkURL), key: vapid, now: Date())
    let headers = PushHeaders(ttl: 2_419_200, urgency: .normal, topic: PushHeaders.topic(for: "n0")).request(authorization: authorization)
    return try await bareLoop(
        url: "\(sinkURL)/push/0", payload: Data(body), connections: connections, messages: messages, headers: headers,
        contentType: "application/octet-stream")
}

/// The honest push baseline: the bare loop making every push as RFC 8291 requires — the notification's
/// payload, a fresh ephemeral key, ECDH, HKDF and AES-GCM for its subscription's keys (`subscriptionCount`
/// browsers, taken in turn) — with the VAPID header made once, as a sender caches it.
func encryptingPushBaseline(
    sinkURL: String, connections: Int, messages: Int, subscriptionCount: Int
) async throws -> (delivered: Int, seconds: Double) {
    let subscriptions = try (0..<subscriptionCount).map { _ in
        let keys = browserKeys()
        return try PushSubscriptionKeys(p256dh: keys.p256dh, auth: keys.auth)
    }
    let now = Date()
    let authorization = try VAPIDAuthorizations(subject: "mailto:bench@localhost").header(
        audience: String(sinkURL), key: VAPIDKey(), now: now)
    let headers = PushHeaders(ttl: 2_419_200, urgency: .normal, topic: PushHeaders.topic(for: "n0")).request(authorization: authorization)
    return try await bareLoop(
        connections: connections, messages: messages, headers: headers, contentType: "application/octet-stream", tls: nil,
        payload: [],
        message: { index in
            let payload = WebPushPayload.notification(
                notification(index, at: now), centerID: "phone", category: nil, token: "wpr_x", image: nil)
            let body = try PushMessageEncryption.encrypt(
                payload.bytes(limit: PushMessageEncryption.maxPlaintext), for: subscriptions[index % subscriptions.count])
            return ("\(sinkURL)/push/\(index % subscriptions.count)", body)
        })
}

let sinkURL = "http://\(host):\(sinkPort)"
if ["broadcast", "broadcast-record", "broadcast-rss"].contains(mode) {
    // One broadcast to `messages` centers: the fan-out's recording against raw SQLite's, the pushes sent.
    let run = try await broadcast(
        sinkURL: sinkURL, connections: connections, centers: messages, pushing: mode != "broadcast-rss", sending: mode == "broadcast")
    let raw = mode == "broadcast-record" ? try rawBroadcastRecording(centers: messages) : (rate: 0, cpu: 0)
    // CPU per center (every thread): steadier than the rates on a shared machine.
    let perCenter = { (seconds: Double) in seconds * 1e6 / Double(messages) }
    print(
        #"{"mode":"\#(mode)","centers":\#(messages),"recorded_seconds":\#(run.recorded),"sent_seconds":\#(run.sent),"delivered":\#(run.delivered),"rate":\#(Double(run.delivered) / run.sent),"recording_rate":\#(Double(messages) / run.recorded),"raw_recording_rate":\#(raw.rate),"recording_cpu_us_per_center":\#(perCenter(run.recordingCPU)),"raw_cpu_us_per_center":\#(perCenter(raw.cpu)),"peak_rss_mb":\#(run.peakMegabytes)}"#
    )
    exit(0)
}
let (delivered, elapsed) =
    switch mode {
    case "push":
        try await pushes(sinkURL: sinkURL, connections: connections, messages: messages, subscriptionCount: subscriptionCount)
    case "push-ahc": try await pushBaseline(sinkURL: sinkURL, connections: connections, messages: messages)
    case "push-encrypt":
        try await encryptingPushBaseline(
            sinkURL: sinkURL, connections: connections, messages: messages, subscriptionCount: subscriptionCount)
    case "ahc": try await bareLoop(url: url, payload: payload, connections: connections, messages: messages)
    case "own": try await ownClientLoop(url: url, payload: payload, connections: connections, messages: messages)
    case "relay":
        try await relays(origin: sinkOrigin, caFile: caFile, connections: connections, messages: messages, phones: subscriptionCount)
    case "relay-h2": try await relayBaseline(origin: sinkOrigin, caFile: caFile, connections: connections, messages: messages)
    case "relay-own":
        try await relayBaseline(origin: sinkOrigin, caFile: caFile, connections: connections, messages: messages, ownClient: true)
    case "dispatcher", "outbox":
        try await dispatcher(
            url: url, payload: payload, connections: connections, messages: messages, databaseURL: databaseURL,
            answering: mode == "outbox")
    default: Usage.fail("unknown mode \(mode)")
    }
print(
    #"{"mode":"\#(mode)","messages":\#(messages),"delivered":\#(delivered),"seconds":\#(elapsed),"rate":\#(Double(delivered) / elapsed)}"#)
