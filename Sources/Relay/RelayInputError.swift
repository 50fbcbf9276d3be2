/// Why a credential or a device token cannot be used: what to fix, said for the app's developer.
package struct RelayInputError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        case credential, deviceToken
    }

    package var kind: Kind
    package var description: String

    package init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
