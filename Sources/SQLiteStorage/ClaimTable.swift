import Synchronization

/// Claims held in this process's memory: the SQLite store's, since one process owns the file (the server
/// holds the data directory's lock) and nobody else can hold anything in it.
///
/// A claim writes nothing: it is an entry here, keyed by what it holds, with a fencing token, a lease end
/// (milliseconds on the wall clock) and a `Detail` of the row it claimed (a firing claim holds a pending
/// request's revision at one fire date, so a request replaced or moved on since is not held by it). A
/// crash takes every claim with it and the next process starts with none: nothing to release, no lease
/// to wait for. The lease is for a claim this process could not give back (a store error): it is
/// claimable again once the lease ends.
///
/// Claims are read on reader connections, beside the writer. So that a reader's snapshot taken before a
/// commit never sees the rows that commit fired (or sent) as free, a claim reads the table *before* its
/// read transaction begins — not merely before its first statement: GRDB's `read` takes the snapshot as
/// it begins (it reads the schema version), and a table read inside it could come after a commit and
/// release that the snapshot predates, which sent an outbox message twice — and a claim ends only
/// *after* the commit that used it.
final class ClaimTable<Key: Hashable & Sendable, Detail: Equatable & Sendable>: Sendable {
    fileprivate struct Claim: Sendable {
        var token: Int64
        var until: Int64
        var detail: Detail
    }

    private struct State {
        var claims: [Key: Claim] = [:]
        /// Expired claims are dropped when the table grows past this.
        var sweepAbove = 1024
    }

    private let state = Mutex(State())

    init() {}

    /// The claims live at `now`, with their details, for a scan to skip.
    func held(now: Int64) -> [Key: Detail] {
        state.withLock { state in
            var held: [Key: Detail] = [:]
            held.reserveCapacity(state.claims.count)
            for (key, claim) in state.claims where claim.until >= now { held[key] = claim.detail }
            return held
        }
    }

    /// The claims live at `now`, for a scan to skip (`held(now:)` is for a caller that goes through them
    /// all), without making a map: the table's own, shared until the table next changes (then copied as it
    /// is, which costs less than hashing every key into a new one).
    struct Live: Sendable {
        private let claims: [Key: Claim]
        private let now: Int64

        fileprivate init(_ claims: [Key: Claim], now: Int64) { (self.claims, self.now) = (claims, now) }

        subscript(key: Key) -> Detail? { claims[key].flatMap { $0.until >= now ? $0.detail : nil } }
    }

    func live(now: Int64) -> Live {
        state.withLock { Live($0.claims, now: now) }
    }

    /// Claims `keys` under `token` until `until`, in place of any claim they had.
    func claim(_ keys: [(Key, Detail)], token: Int64, until: Int64, now: Int64) {
        state.withLock { state in
            for (key, detail) in keys { state.claims[key] = Claim(token: token, until: until, detail: detail) }
            // Claims end with the firing or the attempt that took them; only those nobody could give back
            // expire here, and they go once the table has doubled.
            guard state.claims.count > state.sweepAbove else { return }
            state.claims = state.claims.filter { $0.value.until >= now }
            state.sweepAbove = max(1024, 2 * state.claims.count)
        }
    }

    /// Whether `token`'s claim still holds `key` — live or not: the token is the fence, and a claim whose
    /// lease ended holds until another takes the key.
    func isHeld(_ key: Key, token: Int64) -> Bool {
        detail(of: key, token: token) != nil
    }

    /// `isHeld` for each of `keys` (nil: no claim), under one lock.
    func holds(_ keys: [(Key, token: Int64)?]) -> [Bool] {
        state.withLock { state in
            keys.map { key in key.map { state.claims[$0.0]?.token == $0.token } ?? false }
        }
    }

    /// The detail of `token`'s claim on `key`, if it still holds it (as `isHeld`).
    func detail(of key: Key, token: Int64) -> Detail? {
        state.withLock { state in state.claims[key].flatMap { $0.token == token ? $0.detail : nil } }
    }

    /// Moves the lease end of the claims the tokens hold.
    func extend(_ keys: [(Key, token: Int64)], until: Int64) {
        state.withLock { state in
            for (key, token) in keys where state.claims[key]?.token == token { state.claims[key]?.until = until }
        }
    }

    /// Ends the claims the tokens hold (a claim taken over meanwhile is left alone).
    func release(_ keys: [(Key, token: Int64)]) {
        state.withLock { state in
            for (key, token) in keys where state.claims[key]?.token == token { state.claims[key] = nil }
        }
    }

    /// Ends whatever claim holds `key` (its row went back to the queue by other means).
    func drop(_ key: Key) {
        _ = state.withLock { $0.claims.removeValue(forKey: key) }
    }

    /// The token of the claim on `key`, live or not.
    func token(of key: Key) -> Int64? {
        state.withLock { $0.claims[key]?.token }
    }

    /// Whether any claim is live at `now`.
    func anyLive(now: Int64) -> Bool {
        state.withLock { state in state.claims.values.contains { $0.until >= now } }
    }
}
