/// Why the HTTP server could not start.
package struct HTTPServerError: Error, CustomStringConvertible, Equatable {
    private enum Code: Equatable {
        case invalidAddress(String)
        case startFailed(String)
    }

    private let code: Code

    package static func invalidAddress(_ reason: String) -> HTTPServerError { .init(code: .invalidAddress(reason)) }
    package static func startFailed(_ reason: String) -> HTTPServerError { .init(code: .startFailed(reason)) }

    package var description: String {
        switch code {
        case .invalidAddress(let reason): "invalid listen address: \(reason)"
        case .startFailed(let reason): "the HTTP server could not start: \(reason)"
        }
    }
}
