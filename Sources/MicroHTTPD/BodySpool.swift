import HTTPCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes one request's body to a new file as libmicrohttpd hands it over (its thread only), so a large
/// upload never sits in memory. The writes go to the page cache and return at once; the handler makes
/// the file durable when it keeps it.
final class BodySpool {
    enum Failure {
        case tooLarge(Problem)
        case io(String)
    }

    let maxBytes: Int
    private let tooLarge: Problem
    private let path: String
    private var descriptor: Int32 = -1
    private(set) var byteCount = 0
    private(set) var failure: Failure?

    init(directory: String, maxBytes: Int, tooLarge: Problem) {
        self.maxBytes = maxBytes
        self.tooLarge = tooLarge
        var random = SystemRandomNumberGenerator()
        path = directory + "/upload-" + String(random.next(), radix: 16) + String(random.next(), radix: 16)
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil else { return }
        guard byteCount + bytes.count <= maxBytes else {
            failure = .tooLarge(tooLarge)
            discard()
            return
        }
        guard create() else { return }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return fail(errno == ENOSPC ? "the disk is full" : "writing the upload failed (errno \(errno))")
            }
            offset += written
        }
        byteCount += bytes.count
    }

    /// The complete body, handed to the request (which then owns the file); nil when nothing arrived.
    func finish() -> SpooledFile? {
        // An empty body still gets its (empty) file, so the handler's path is one.
        guard failure == nil, create() else { return nil }
        close(descriptor)
        descriptor = -1
        return SpooledFile(path: path, byteCount: byteCount)
    }

    /// Drops a body that will not be handled (refused, or the client went away).
    func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
            unlink(path)
        }
    }

    /// Opens the file at the first bytes (or at the end of an empty body); false once failed.
    private func create() -> Bool {
        if descriptor < 0 {
            descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor < 0 { fail("cannot create a spool file in the spool directory") }
        }
        return descriptor >= 0
    }

    private func fail(_ reason: String) {
        failure = .io(reason)
        discard()
    }
}
