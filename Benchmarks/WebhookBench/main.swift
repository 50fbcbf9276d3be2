// make bench: signed webhook deliveries per second from the outbox to a loopback sink.
//
// Fills a fresh SQLite outbox with --messages messages for one endpoint (the sink at --sink-port), runs the
// real dispatcher (signing, AsyncHTTPClient, the SSRF guard, attempts recorded durably) on the system clock
// until every message is delivered, and prints one JSON line with the rate.
import Foundation
import Logging
import SQLiteStorage
import Scheduling
import Storage
import WebhookDispatch
import Webhooks

var messages = 20_000
var sinkPort = 0
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--messages": messages = Int(arguments.next() ?? "") ?? messages
    case "--sink-port": sinkPort = Int(arguments.next() ?? "") ?? sinkPort
    default: fatalError("usage: webhook-bench --sink-port PORT [--messages N]")
    }
}
precondition(sinkPort > 0, "--sink-port is required")

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("webhook-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let store = try SQLiteStore(path: directory.appendingPathComponent("usernotifyd.sqlite").path)
let now = Date()
try await store.insertApp(AppRecord(id: "app", name: "bench", createdAt: now))
let url = "http://127.0.0.1:\(sinkPort)/hook"
try await store.setWebhookConfiguration(appID: "app", WebhookConfiguration(delegateURL: url, secrets: [WebhookSecret.generate().text]))
// A payload the size of a real notification.response message.
let payload = Data(
    #"{"data":{"actionIdentifier":"com.apple.UNNotificationDefaultActionIdentifier","centerID":"phone-1","notification":{"date":"2026-11-21T10:00:00.000Z","presentation":{"badge":false,"banner":true,"list":true,"lockScreen":false,"reasons":[],"sound":true},"request":{"content":{"body":"Your tea has steeped for four minutes.","title":"Tea is ready"},"identifier":"tea"}}},"timestamp":"2026-11-21T10:00:01.000Z","type":"notification.response"}"#
        .utf8)
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
let sender = WebhookSender(policy: OutboundURLPolicy(allowedNetworks: [IPNetwork("127.0.0.0/8")!]))
// As many attempts in flight to the one endpoint as the baseline has connections.
var configuration = WebhookDispatcher.Configuration()
configuration.perEndpoint = 32
let dispatcher = WebhookDispatcher(
    store: store, clock: SystemClock(), sender: sender, wake: WakeSignal(), logger: logger, configuration: configuration)
let clock = ContinuousClock()
let started = clock.now
try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTask { try await dispatcher.run() }
    while try await store.nextDeliveryDate(excluding: []) != nil { try await Task.sleep(for: .milliseconds(5)) }
    group.cancelAll()
}
let elapsed = clock.now - started
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let delivered = try await store.deliveries(appID: "app", status: .delivered, after: nil, limit: messages).items.count
await sender.shutdown()
print(#"{"messages":\#(messages),"delivered":\#(delivered),"seconds":\#(seconds),"rate":\#(Double(delivered) / seconds)}"#)
