import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file (or a part of it) to send as a response body, without reading it into memory. The
/// server takes the descriptor; if it never does (the client went away first), it is closed here.
package final class FileRegion: Sendable {
    package let offset: Int
    package let count: Int
    private let descriptor: Mutex<Int32?>

    /// Takes ownership of `descriptor`.
    package init(descriptor: Int32, offset: Int, count: Int) {
        self.descriptor = Mutex(descriptor)
        self.offset = offset
        self.count = count
    }

    /// The descriptor, once (nil after); the caller then closes it (libmicrohttpd does, when done sending).
    package func take() -> Int32? {
        descriptor.withLock { descriptor in
            defer { descriptor = nil }
            return descriptor
        }
    }

    deinit {
        if let descriptor = take() { close(descriptor) }
    }
}
