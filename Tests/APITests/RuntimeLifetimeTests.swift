import Foundation
import InProcessHarness
import TestSupport
import Testing

/// A stopped runtime lets its store go: its database's files are closed once `run` has returned. (The
/// store's change feed keeps its listeners, so a listener holding the parts strongly kept every stopped
/// runtime's connections open: a test process ended with thousands of open files.)
@Suite struct RuntimeLifetimeTests {
    @Test func aStoppedAppHasClosedItsDatabase() async throws {
        let dataDirectory = try await InProcessApp.run { app in
            let (_, key) = try await app.makeApp()
            _ = try await app.makeAuthorizedCenter("c1", key: key)
            let added = try await app.call(
                "POST", "/v1/centers/c1/requests", token: key,
                json: ["identifier": "r1", "content": ["title": "Hi"], "trigger": ["type": "timeInterval", "timeInterval": 60]])
            #expect(added.status == 201, "\(added.text)")
            return app.dataDirectory
        }
        let open = openFiles(under: dataDirectory)
        #expect(open.isEmpty, "files of the stopped app still open: \(open)")
    }
}
