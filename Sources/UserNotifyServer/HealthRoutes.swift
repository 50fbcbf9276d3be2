import HTTPCore
import HTTPTypes

/// `GET /healthz` (the process is alive) and `GET /readyz` (storage open, migrations done).
enum HealthRoutes {
    private static let alive = Response(status: .ok, contentType: "application/json", bytes: Array(#"{"status":"ok"}"#.utf8))
    private static let ready = Response(status: .ok, contentType: "application/json", bytes: Array(#"{"status":"ready"}"#.utf8))

    static func register(on router: inout Router, readiness: Readiness) {
        router.on(.get, "/healthz") { _ in alive }
        router.on(.get, "/readyz") { _ in
            guard readiness.isReady else {
                throw Problem(
                    status: .serviceUnavailable, code: "notReady",
                    detail: "Storage is not open yet or migrations are running; retry shortly.",
                    headers: ["Retry-After": "1"]
                )
            }
            return ready
        }
    }
}
