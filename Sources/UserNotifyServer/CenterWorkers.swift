import Memberwise
import ServiceLifecycle

/// The parts that take work from the store — the scheduler, the webhook dispatcher, the extension lane,
/// the media sweep — as their own `Service`, listed after the HTTP server so that they stop first on
/// SIGTERM: a replica that is going away claims nothing more (what it held is given back or taken over
/// by the others when its lease ends), then the server drains its requests, and the runtime closes the
/// database last. Starts once the runtime has opened storage.
@MemberwiseInit
package struct CenterWorkers: Service {
    let runtime: CenterRuntime

    package func run() async throws {
        try await runtime.runWork()
    }
}
