import ErrorCodes
import HTTPCore
import HTTPTypes

/// `GET /healthz` (the process is alive) and `GET /readyz` (it should get traffic: storage open and
/// migrated, its database reachable, not draining). Both answer on the I/O thread: probes and load
/// balancers call them often, and they need only memory.
enum HealthRoutes {
    private static let alive = Response(status: .ok, contentType: "application/json", bytes: Array(#"{"status":"ok"}"#.utf8))
    private static let ready = Response(status: .ok, contentType: "application/json", bytes: Array(#"{"status":"ready"}"#.utf8))

    static func register(on router: inout Router, readiness: Readiness) {
        router.onImmediate(.get, "/healthz") { _ in alive }
        router.onImmediate(.get, "/readyz") { _ in
            let detail: String
            switch readiness.state {
            case .ready: return ready
            case .opening: detail = "Storage is not open yet or migrations are running; retry shortly."
            case .unreachable: detail = "The database cannot be reached; retry shortly."
            case .draining: detail = "The service is shutting down; send requests to another replica."
            }
            throw Problem(status: .serviceUnavailable, code: .notReady, detail: detail, headers: [.retryAfter: "1"])
        }
    }
}
