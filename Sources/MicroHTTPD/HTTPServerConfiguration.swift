import Foundation

/// How the HTTP server listens, what it accepts and when it gives up on a client.
///
/// Every field has a default that runs on a laptop.
package struct HTTPServerConfiguration: Sendable, Equatable {
    /// Address to bind: an IPv4 or IPv6 literal or a host name (`localhost`).
    package var host = "127.0.0.1"
    /// TCP port; 0 asks the kernel for a free one (the server reports which).
    package var port = 8080
    /// Largest request body accepted; a larger one is answered 413 and never held in memory.
    package var maxBodyBytes = 1 << 20
    /// Where bodies of spooled routes are written while they arrive; on the file system of the store they
    /// are moved into, so that keeping one is a rename.
    package var spoolDirectory = FileManager.default.temporaryDirectory.path
    /// Spooled bodies (uploads) in progress at once; more are answered 503 with Retry-After. With the
    /// route's size limit this bounds the disk that uploads not yet authenticated can take.
    package var maxConcurrentSpooledBodies = 32
    /// Most connections open at once, streams and suspended requests included; more are refused.
    package var connectionLimit = 1000
    /// A connection with no traffic for this long is closed (libmicrohttpd's connection timeout).
    package var idleTimeout: Duration = .seconds(60)
    /// From the moment a connection is ready for a request (new, or the previous response sent) to the
    /// moment the request's head and body are complete; a client slower than this (slowloris) is cut off.
    package var requestReadTimeout: Duration = .seconds(30)
    /// A streaming response on which nothing was written for this long gets a heartbeat.
    package var heartbeatInterval: Duration = .seconds(15)
    /// Bytes a streaming response may buffer for a client that does not read; past it the client is cut off.
    package var streamBufferLimit = 1 << 20
    /// Per-connection memory of libmicrohttpd (read buffer and headers); larger heads are refused (431/413).
    package var connectionMemoryLimit = 16 * 1024
    /// libmicrohttpd polling threads, each with its own epoll set; every connection stays on one.
    /// Its thread is the bottleneck of a busy server, so the default is one per core, up to four.
    package var threads = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))
    /// How long requests queued behind a busy worker wait before another worker is woken for them. A
    /// worker runs the next queued request as soon as its handler returns (waking a parked one costs more
    /// than most handlers), and a write never holds the queue: its worker steps aside while it waits.
    package var queuedRequestRescue: Duration = .milliseconds(1)
    /// Pending connections the kernel queues before accepting.
    package var listenBacklog = 511

    package init() {}
}
