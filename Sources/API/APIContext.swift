import Clocks
import Foundation
import HTTPCore
import HTTPTypes
import Media
import Memberwise
import NotificationService
import RelayService
import Scheduling
import Storage
import Synchronization
import WebPushService

/// What the handlers work with, once storage is open: their dependencies, the authenticator over them,
/// and the API's own caches. A class: every request takes it, and the dependencies are many references.
@dynamicMemberLookup
@MemberwiseInit(.internal)
final class APIContext: Sendable {
    let dependencies: APIDependencies
    let authenticator: Authenticator
    let pendingPages: PendingPageCache
    /// The service's metrics in Prometheus' text format (`GET /metrics`).
    let metrics: @Sendable () async -> [UInt8]

    subscript<T>(dynamicMember path: KeyPath<APIDependencies, T>) -> T { dependencies[keyPath: path] }
}

extension Request {
    /// The path parameter `name` (the router guarantees it is there).
    func parameter(_ name: String) -> String { pathParameters[name] ?? "" }

    /// `limit` and `cursor` query parameters of a list operation.
    func page(defaultLimit: Int = 100) throws -> (cursor: String?, limit: Int) {
        var limit = defaultLimit
        if let text = queryValue("limit") {
            guard let value = Int(text), (1...500).contains(value) else {
                throw APIProblem.invalidParameter("`limit` must be a whole number from 1 to 500; got '\(text)'.")
            }
            limit = value
        }
        return (queryValue("cursor"), limit)
    }

    /// The query parameter `name` as one of `Value`'s cases, nil when absent.
    func enumQuery<Value: RawRepresentable & CaseIterable>(_ name: String, of _: Value.Type) throws -> Value?
    where Value.RawValue == String {
        guard let text = queryValue(name) else { return nil }
        guard let value = Value(rawValue: text) else {
            let known = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw APIProblem.invalidParameter("`\(name)` must be one of \(known); got '\(text)'.")
        }
        return value
    }
}
