import Foundation

/// The operator's secrets, kept as hashes: admin tokens, any of which opens the operator API, and read
/// tokens, which only read it. A presented token is compared with every one, in constant time each.
struct OperatorTokens: Sendable {
    private let full: [Data]
    private let readOnly: [Data]

    init(full: [String], readOnly: [String]) {
        // Hashed once here, not on every request.
        self.full = full.map(Secrets.hash)
        self.readOnly = readOnly.map(Secrets.hash)
    }

    /// No token at all: the operator API is off.
    var isEmpty: Bool { full.isEmpty && readOnly.isEmpty }

    /// The operator principal this token is, or nil.
    func principal(_ token: String) -> Principal? {
        let hash = Secrets.hash(token)
        // Every comparison runs, so the time does not say which list, or which place in it, matched.
        let isFull = full.reduce(false) { Secrets.constantTimeEqual($1, hash) || $0 }
        let isReader = readOnly.reduce(false) { Secrets.constantTimeEqual($1, hash) || $0 }
        if isFull { return .operator }
        return isReader ? .operatorReader : nil
    }
}
