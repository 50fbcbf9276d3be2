import Memberwise

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request body the server wrote to a file as it arrived. The file is removed when the last reference
/// goes, unless a handler moved it away first (`rename(2)` into a store on the same file system).
@MemberwiseInit
package final class SpooledFile: Sendable {
    package let path: String
    package let byteCount: Int

    deinit {
        // After a move there is nothing left to remove; the name is unique to this request.
        unlink(path)
    }
}
