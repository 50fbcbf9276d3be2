#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Process signal mask helpers.
package enum SignalMask {
    /// Blocks SIGTERM and SIGINT in the calling thread and every thread it starts afterwards. The service
    /// group's signal source still receives them; without this, libmicrohttpd's thread could take a
    /// signal and it would be lost.
    package static func blockShutdownSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }
}
