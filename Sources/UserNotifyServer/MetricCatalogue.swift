/// Every metric the service exports, with its `# HELP` text: one place that says what each one means and
/// how to aggregate it across replicas. swift-metrics records without help text; `annotate` adds it to
/// the exposition, and a test keeps this list and the exposition equal.
package enum MetricCatalogue {
    /// Name → help text.
    package static let help: [String: String] = [
        "usernotifyd_build_info": "Always 1; the version label says which build this replica runs.",
        "usernotifyd_http_requests_total": "API responses of this replica, by route template, method and status.",
        "usernotifyd_http_request_duration_seconds": "Time from a request's head to its response, by route template and method.",
        "usernotifyd_store_errors_total": "Store errors that reached a client (503 storageUnavailable, 507 storageFull…), by code.",
        "usernotifyd_firings_total": "Requests this replica's scheduler fired.",
        "usernotifyd_firing_failures_total":
            "Requests whose firing the store refused (each try counts; tried again after a pause of up to 16 s), by code (storageFull, unavailable…).",
        "usernotifyd_firing_lateness_seconds": "How late each firing was recorded after its due date (the scheduler's clock).",
        "usernotifyd_outbox_attempts_total":
            "Outbox attempts of this replica, by destination (webhook, browser, phone) and outcome (delivered, failed, gone, rejected, aborted, expired).",
        "usernotifyd_outbox_attempt_duration_seconds": "How long one outbox attempt took, by destination.",
        "usernotifyd_outbox_delivery_latency_seconds": "From the change that wrote an outbox message to its delivery, by destination.",
        "usernotifyd_outbox_attempts_in_flight": "Outbox attempts (webhooks, pushes, relays) this replica has under way now.",
        "usernotifyd_outbox_messages_queued": "Outbox messages this replica has claimed and not yet started.",
        "usernotifyd_webhook_attempts_total":
            "Deprecated (removed in the next release): usernotifyd_outbox_attempts_total{destination=\"webhook\"}.",
        "usernotifyd_webhook_attempt_duration_seconds":
            "Deprecated (removed in the next release): usernotifyd_outbox_attempt_duration_seconds{destination=\"webhook\"}.",
        "usernotifyd_webhook_delivery_latency_seconds":
            "Deprecated (removed in the next release): usernotifyd_outbox_delivery_latency_seconds{destination=\"webhook\"}.",
        "usernotifyd_webhook_attempts_in_flight": "Deprecated (removed in the next release): usernotifyd_outbox_attempts_in_flight.",
        "usernotifyd_webhook_messages_queued": "Deprecated (removed in the next release): usernotifyd_outbox_messages_queued.",
        "usernotifyd_web_push_attempts_total":
            "Web Push attempts of this replica, by what the push service answered (sent, gone, too_large, retried, rejected, no_answer).",
        "usernotifyd_relay_attempts_total":
            "Relays to phones of this replica, by provider (apns, fcm) and what it answered (sent, unregistered, token_expired, retried, rejected, no_answer, no_credential).",
        "usernotifyd_event_streams": "Users' event streams open on this replica.",
        "usernotifyd_pending_requests":
            "Pending requests in the whole database (the same on every replica: aggregate with max(), not sum()); counted at most every 30 s.",
        "usernotifyd_outbox_depth":
            "Messages (to webhooks, browsers and phones) waiting in the whole database's outbox (the same on every replica: aggregate with max(), not sum()); counted at most every 30 s.",
        "usernotifyd_outbox_lag_seconds":
            "How long the most overdue outbox message of an enabled endpoint has been due in the whole database: how far the dispatchers are behind (max() across replicas); counted at most every 30 s.",
        "usernotifyd_database_connections_in_use": "PostgreSQL connections of this replica's pool in use by store calls now.",
        "usernotifyd_database_calls_waiting": "Store calls of this replica waiting for a pooled PostgreSQL connection now.",
        "usernotifyd_database_connections_max": "The most PostgreSQL connections this replica's pool opens (--database-pool-size).",
        "usernotifyd_database_transactions_run_again_total":
            "Transactions this replica ran again after PostgreSQL rolled them back for a deadlock or a serialization failure, by reason (the third clash in a row is a 503).",
        "process_cpu_seconds_total": "User and system CPU time of this process.",
        "process_resident_memory_bytes": "Resident memory of this process.",
        "process_virtual_memory_bytes": "Virtual memory of this process.",
        "process_open_fds": "Open file descriptors of this process.",
        "process_max_fds": "The most file descriptors this process may open.",
        "process_start_time_seconds": "When this process started, in seconds since the Unix epoch.",
    ]

    /// The exposition with a `# HELP` line before each metric's `# TYPE` line.
    package static func annotate(_ exposition: String) -> String {
        var annotated = ""
        annotated.reserveCapacity(exposition.utf8.count + 4096)
        for line in exposition.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("# TYPE "), let name = line.dropFirst(7).split(separator: " ").first, let text = help[String(name)] {
                annotated += "# HELP \(name) \(text)\n"
            }
            annotated += line
            annotated += "\n"
        }
        if annotated.hasSuffix("\n\n") { annotated.removeLast() }
        return annotated
    }
}
