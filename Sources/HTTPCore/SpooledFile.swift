#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request body the server wrote to a file as it arrived. The file is removed when the last reference
/// goes, unless a handler moved it away first (`rename(2)` into a store on the same file system).
package final class SpooledFile: Sendable {
    package let path: String
    package let byteCount: Int

    package init(path: String, byteCount: Int) {
        self.path = path
        self.byteCount = byteCount
    }

    deinit {
        // After a move there is nothing left to remove; the name is unique to this request.
        unlink(path)
    }
}

/// An open file (or a part of it) to send as a response body, without reading it into memory. The
/// server takes the descriptor; if it never does (the client went away first), it is closed here.
package final class FileRegion: @unchecked Sendable {
    package let offset: Int
    package let count: Int
    private var descriptor: Int32?

    /// Takes ownership of `descriptor`.
    package init(descriptor: Int32, offset: Int, count: Int) {
        self.descriptor = descriptor
        self.offset = offset
        self.count = count
    }

    /// The descriptor, once; the caller then closes it (libmicrohttpd does, when done sending).
    /// Only the server's I/O thread calls this, once per response.
    package func take() -> Int32? {
        defer { descriptor = nil }
        return descriptor
    }

    deinit {
        if let descriptor { close(descriptor) }
    }
}
