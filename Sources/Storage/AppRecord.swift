import Foundation

/// An app: a bundle id, as the operator registered it.
package struct AppRecord: Sendable, Hashable, Codable {
    /// What `requestAuthorization` does for the app's centers: ask the user (the framework's way), or
    /// decide at once, for servers with no person in the loop.
    package enum AuthorizationPolicy: String, Sendable, Hashable, Codable, CaseIterable {
        case prompt, grant, deny
    }

    package var id: String
    package var name: String
    package var authorizationPolicy: AuthorizationPolicy
    package var createdAt: Date

    package init(id: String, name: String, authorizationPolicy: AuthorizationPolicy = .prompt, createdAt: Date) {
        self.id = id
        self.name = name
        self.authorizationPolicy = authorizationPolicy
        self.createdAt = createdAt
    }
}
