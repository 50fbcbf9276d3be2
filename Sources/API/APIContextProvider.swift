import Clocks
import Foundation
import HTTPCore
import HTTPTypes
import Media
import NotificationService
import RelayService
import Scheduling
import Storage
import Synchronization
import WebPushService

/// Hands the handlers their context, or answers 503 while storage is still opening.
package struct APIContextProvider: Sendable {
    private let operatorTokens: OperatorTokens
    private let dependencies: @Sendable () -> APIDependencies?
    private let metrics: @Sendable () async -> [UInt8]
    private let pendingPages = PendingPageCache()
    /// The context, made once storage is open (the parts never change after that).
    private let made = MadeContext()

    private final class MadeContext: Sendable {
        let context = Mutex<APIContext?>(nil)
    }

    /// `dependencies`: nil while storage is still opening.
    package init(
        operatorTokens: OperatorTokens, metrics: @escaping @Sendable () async -> [UInt8] = { [] },
        dependencies: @escaping @Sendable () -> APIDependencies?
    ) {
        self.operatorTokens = operatorTokens
        self.metrics = metrics
        self.dependencies = dependencies
    }

    func context() throws -> APIContext {
        if let context = made.context.withLock({ $0 }) { return context }
        guard let dependencies = dependencies() else {
            throw APIProblem.notReady
        }
        let context = APIContext(
            dependencies: dependencies,
            authenticator: Authenticator(operatorTokens: operatorTokens, principals: dependencies.principals, cache: dependencies.cache),
            pendingPages: pendingPages, metrics: metrics)
        made.context.withLock { $0 = context }
        return context
    }
}
