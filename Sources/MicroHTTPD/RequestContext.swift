import HTTPCore
import Synchronization

/// One request's state, from its head to its completion; lives in libmicrohttpd's `*con_cls`.
///
/// `request`, `bodyTooLarge`, `spool` and `admitted` are touched only on libmicrohttpd's thread, before the request is
/// handed to a worker; from then on the worker owns it, and the response comes back through `phase`. Once the
/// response is back (`ready`), libmicrohttpd's thread owns them again (it lets an upload's spooled body go).
final class RequestContext: @unchecked Sendable {
    enum Phase {
        /// Head and body still arriving.
        case receiving
        /// Handed to a worker; the connection is suspended.
        case handling
        /// The worker's answer, to be queued on libmicrohttpd's thread.
        case ready(Response, ResponseStream?)
        /// Queued.
        case answered
    }

    var request: Request
    var bodyTooLarge = false
    /// Where the body goes for a spooled route, while it holds one of the daemon's upload slots; nil for
    /// bodies kept in memory, and once the upload is answered.
    var spool: BodySpool?
    /// Counted in by the dispatcher at its head; counted out when libmicrohttpd reports the request complete.
    var admitted = false
    private let phase = Mutex<Phase>(.receiving)
    /// The stream of a streaming response, so that completion can close it.
    private let stream = Mutex<ResponseStream?>(nil)

    init(request: Request) {
        self.request = request
    }

    /// The phase before the call, which moves `receiving` to `handling` and `ready` to `answered`.
    func advance() -> Phase {
        phase.withLock { phase in
            let current = phase
            switch current {
            case .receiving: phase = .handling
            case .ready: phase = .answered
            case .handling, .answered: break
            }
            return current
        }
    }

    /// The request was answered on libmicrohttpd's thread, without a worker.
    func markAnswered() {
        phase.withLock { $0 = .answered }
    }

    /// Stores the worker's answer; the caller then resumes the connection.
    func setResponse(_ response: Response, stream: ResponseStream?) {
        self.stream.withLock { $0 = stream }
        phase.withLock { $0 = .ready(response, stream) }
    }

    /// Called when libmicrohttpd is done with the request, whatever the reason (after `Daemon.endUpload`,
    /// which let any spooled body go).
    func finish() {
        stream.withLock { $0 }?.close()
    }
}
