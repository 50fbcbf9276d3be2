import CMicroHTTPD
import HTTPCore
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One running libmicrohttpd daemon: its start, drain and stop, and the state its C callbacks share.
///
/// Mode: epoll polling threads (`MHD_USE_EPOLL_INTERNAL_THREAD`, `configuration.threads` of them, each
/// with its own epoll set; a connection stays on one) with suspend/resume. The callbacks in
/// `Daemon+Callbacks.swift` run on those threads, never block and never await: a complete request suspends
/// its connection and goes to the `RequestDispatcher`; the worker stores the response and resumes the
/// connection; libmicrohttpd calls the access handler again, which queues the response.
final class Daemon: @unchecked Sendable {
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let logger: Logger
    let dispatcher: RequestDispatcher
    let watchdog: ConnectionWatchdog
    /// Requests whose bodies are being (or were) spooled to disk and are not complete yet.
    let spooling = Atomic<Int>(0)
    /// The bound port (useful when the configuration asked for port 0).
    private(set) var port = 0

    private var daemon: OpaquePointer?
    private let cLogger: UnsafeMutablePointer<unfy_logger>

    init(configuration: HTTPServerConfiguration, responder: any HTTPResponder, logger: Logger) {
        self.configuration = configuration
        self.responder = responder
        self.logger = logger
        dispatcher = RequestDispatcher(maxWorkers: configuration.connectionLimit, rescueInterval: configuration.queuedRequestRescue)
        watchdog = ConnectionWatchdog(requestReadTimeout: configuration.requestReadTimeout)
        cLogger = .allocate(capacity: 1)
    }

    deinit {
        cLogger.deallocate()
    }

    /// Binds and starts the polling threads.
    func start() throws(HTTPServerError) {
        var address = try BindAddress(host: configuration.host, port: configuration.port)
        let context = Unmanaged.passUnretained(self).toOpaque()
        cLogger.initialize(to: unfy_logger(sink: Daemon.logSink, context: context))
        var flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_ERROR_LOG.rawValue
        if address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let started = withUnsafePointer(to: &address.storage) { storage in
            storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                var options = unfy_daemon_options(
                    flags: flags,
                    address: socketAddress,
                    accept_policy: Daemon.acceptPolicy,
                    access_handler: Daemon.accessHandler,
                    request_completed: Daemon.requestCompleted,
                    connection_notify: Daemon.connectionNotify,
                    context: context,
                    logger: cLogger,
                    connection_limit: UInt32(configuration.connectionLimit),
                    connection_timeout_seconds: UInt32(max(1, configuration.idleTimeout.components.seconds)),
                    connection_memory_limit: configuration.connectionMemoryLimit,
                    listen_backlog: UInt32(configuration.listenBacklog),
                    thread_pool_size: UInt32(configuration.threads)
                )
                return unfy_start_daemon(&options)
            }
        }
        guard let started else {
            throw .startFailed(
                "libmicrohttpd refused to start on \(configuration.host):\(configuration.port) (address in use or not available)")
        }
        daemon = started
        port = Int(unfy_daemon_port(started))
    }

    /// Stops accepting connections (the accept policy closes new ones at once), answers requests that
    /// still arrive on open connections 503, and ends every stream; in-flight requests go on. Safe to
    /// call more than once, from any thread.
    ///
    /// Not `MHD_quiesce_daemon`: in 0.9.75 it races with the polling threads over the listen socket's
    /// place in their epoll sets (they take it out at the connection limit) and aborts the process.
    func beginDraining() {
        dispatcher.drain()
    }

    /// Stops the daemon. Call only once every admitted request has completed, so that no connection is
    /// suspended (libmicrohttpd aborts the process otherwise).
    func stop() {
        guard let daemon else { return }
        MHD_stop_daemon(daemon)
        self.daemon = nil
    }
}
