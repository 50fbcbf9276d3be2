import Foundation
import Synchronization

/// The operator's secrets, kept as hashes: admin tokens, any of which opens the operator API, and read
/// tokens, which only read it. A presented token is compared with every one, in constant time each.
///
/// Tokens that came from files (a mounted Secret) are read again at most every `rereadEvery` while the
/// server runs: adding a token to the file, moving clients to it and removing the old one needs no restart
/// (Kubernetes updates a mounted Secret's files in place). A file that cannot be read keeps the tokens it
/// had.
package final class OperatorTokens: Sendable {
    private struct Hashes {
        var full: [Data]
        var readOnly: [Data]
    }

    private struct Files {
        var full: (path: String, text: String?)?
        var readOnly: (path: String, text: String?)?
        var checkedAt: ContinuousClock.Instant
    }

    private let hashes: Mutex<Hashes>
    private let files: Mutex<Files>
    private let rereadEvery: Duration

    package init(
        full: [String], readOnly: [String] = [], fullFile: String? = nil, readOnlyFile: String? = nil,
        rereadEvery: Duration = .seconds(1)
    ) {
        // Hashed once here (and when a file changes), not on every request.
        hashes = Mutex(Hashes(full: full.map(Secrets.hash), readOnly: readOnly.map(Secrets.hash)))
        files = Mutex(
            Files(full: fullFile.map { ($0, nil) }, readOnly: readOnlyFile.map { ($0, nil) }, checkedAt: ContinuousClock.now))
        self.rereadEvery = rereadEvery
    }

    /// The tokens of a value: one a line, blanks around them and empty lines ignored.
    package static func tokens(in text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// No token at all: the operator API is off.
    var isEmpty: Bool {
        rereadIfDue()
        return hashes.withLock { $0.full.isEmpty && $0.readOnly.isEmpty }
    }

    /// The operator principal this token is, or nil.
    func principal(_ token: String) -> Principal? {
        rereadIfDue()
        let hash = Secrets.hash(token)
        let (full, readOnly) = hashes.withLock { ($0.full, $0.readOnly) }
        // Every comparison runs, so the time does not say which list, or which place in it, matched.
        let isFull = full.reduce(false) { Secrets.constantTimeEqual($1, hash) || $0 }
        let isReader = readOnly.reduce(false) { Secrets.constantTimeEqual($1, hash) || $0 }
        if isFull { return .operator }
        return isReader ? .operatorReader : nil
    }

    private func rereadIfDue() {
        let changed: (full: [String]?, readOnly: [String]?) = files.withLock { files in
            guard files.full != nil || files.readOnly != nil, ContinuousClock.now - files.checkedAt >= rereadEvery else {
                return (nil, nil)
            }
            files.checkedAt = ContinuousClock.now
            return (Self.reread(&files.full), Self.reread(&files.readOnly))
        }
        guard changed.full != nil || changed.readOnly != nil else { return }
        hashes.withLock { hashes in
            if let full = changed.full { hashes.full = full.map(Secrets.hash) }
            if let readOnly = changed.readOnly { hashes.readOnly = readOnly.map(Secrets.hash) }
        }
    }

    /// The file's tokens when its text changed since the last read; nil when it did not, or cannot be read.
    private static func reread(_ file: inout (path: String, text: String?)?) -> [String]? {
        guard let path = file?.path, let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else { return nil }
        defer { file?.text = text }
        return text == file?.text ? nil : tokens(in: text)
    }
}
