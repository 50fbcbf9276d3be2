import Dispatch
import Logging
import PostgresNIO
import Storage
import Synchronization

/// `work`, or `StoreError.unavailable` once `deadline` passed: then `onExpiry` runs (closing the
/// connection the work uses, which fails a query waiting on a live connection at once) and the work is
/// cancelled, which every query answers at once (see `abandoningOnCancellation`). A result the work
/// brings once the caller stopped waiting for it (the deadline passed, or the caller was cancelled) goes
/// to `discard`: a connection made then is closed there, not dropped open.
func withDeadline<T: Sendable>(
    _ deadline: Duration, onExpiry: @escaping @Sendable () -> Void = {}, discard: (T) -> Void = { _ in },
    _ work: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: DeadlineOutcome<T>.self) { group in
        group.addTask { .done(try await work()) }
        group.addTask {
            try await Task.sleep(for: deadline)
            return .expired
        }
        let first = await group.nextResult()
        if case .success(.expired) = first { onExpiry() }
        group.cancelAll()
        while let other = await group.nextResult() {
            if case .success(.done(let late)) = other { discard(late) }
        }
        switch first {
        case .success(.done(let result)): return result
        case .success(.expired): throw StoreError.unavailable("the database did not answer within \(deadline)")
        case .failure(let error): throw error
        case nil: throw CancellationError()
        }
    }
}

extension PostgresConnection {
    /// Connects within `deadline`; a connection that comes after the caller stopped waiting is closed.
    static func connect(
        configuration: PostgresConnection.Configuration, id: Int, logger: Logger, within deadline: Duration
    ) async throws -> PostgresConnection {
        try await withDeadline(deadline, discard: { $0.closeNow() }) {
            try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger)
        }
    }
}

private enum DeadlineOutcome<T: Sendable>: Sendable {
    case done(T)
    case expired
}

/// `work` in a task of its own, awaited until it ends or the caller is cancelled: then the caller goes
/// on at once, and the work, cancelled too, is left to end by itself.
///
/// This and `endingWithin` are the only code that runs work in unstructured tasks, because no structured
/// form can do it: a task group waits for its cancelled children, and PostgresNIO (1.33) has queries that
/// ignore cancellation and never complete — one sent as the server closes the connection was found to hang
/// for good (by restarting PostgreSQL under load), and with it every deadline above it. Only a query
/// goes in here, never a caller's closure.
func abandoningOnCancellation<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
    let answer = FirstAnswer<T>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            guard answer.wait(continuation) else { return }
            answer.keep(
                Task {
                    do { answer.give(.success(try await work())) } catch { answer.give(.failure(error)) }
                })
        }
    } onCancel: {
        answer.give(.failure(CancellationError()))
    }
}

/// `work` in a task of its own until it ends; once the caller is cancelled, the work is cancelled and
/// waited for at most `grace` more, then left to end by itself. Whether it ended.
///
/// For work that ends when cancelled but was seen not to: PostgresNIO's `PostgresClient.run()` (1.33.2)
/// did not end, in about two of seven local runs of the whole suite, when cancelled after a migration the
/// server refused (postgres-nio #599, fixed in a later release than this mirror holds). A store's run,
/// and with it the server's process, must end all the same; the grace is for the pool's connections to
/// close as they should.
func endingWithin(_ grace: Duration, _ work: @escaping @Sendable () async -> Void) async -> Bool {
    let answer = FirstAnswer<Bool>()
    return await withTaskCancellationHandler {
        // Nothing but `true` or `false` is given.
        (try? await withCheckedThrowingContinuation { continuation in
            guard answer.wait(continuation) else { return }
            answer.keep(
                Task {
                    await work()
                    answer.give(.success(true))
                })
        }) ?? false
    } onCancel: {
        answer.cancelWork()
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(grace / .nanoseconds(1)))) {
            answer.give(.success(false))
        }
    }
}

/// The first of the answers given to a waiter; the work still running then is cancelled.
private final class FirstAnswer<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        /// An answer given before the waiter waited (it was cancelled at once).
        var early: Result<T, any Error>?
        var answered = false
        /// The work was cancelled before it is answered (`cancelWork`).
        var cancelled = false
        var work: Task<Void, Never>?
    }
    private let state = Mutex(State())

    /// Waits with `continuation`; false if the answer is already there (and given to it).
    func wait(_ continuation: CheckedContinuation<T, any Error>) -> Bool {
        let early: Result<T, any Error>? = state.withLock { state in
            if state.early == nil { state.continuation = continuation }
            return state.early
        }
        guard let early else { return true }
        continuation.resume(with: early)
        return false
    }

    /// Keeps the work, to cancel it once answered (at once if already answered or cancelled).
    func keep(_ work: Task<Void, Never>) {
        let cancel = state.withLock { state in
            if !state.answered { state.work = work }
            return state.answered || state.cancelled
        }
        if cancel { work.cancel() }
    }

    /// Cancels the work without answering: the waiter still waits for an answer.
    func cancelWork() {
        state.withLock { state in
            state.cancelled = true
            return state.work
        }?.cancel()
    }

    /// Gives `result` to the waiter unless an answer was given already.
    func give(_ result: Result<T, any Error>) {
        let decided: (continuation: CheckedContinuation<T, any Error>?, work: Task<Void, Never>?)? = state.withLock { state in
            guard !state.answered else { return nil }
            state.answered = true
            if state.continuation == nil { state.early = result }
            defer { (state.continuation, state.work) = (nil, nil) }
            return (state.continuation, state.work)
        }
        guard let decided else { return }
        decided.work?.cancel()
        decided.continuation?.resume(with: result)
    }
}

/// The connection a store call works on, so that a call past its deadline can close it.
final class ConnectionInUse: Sendable {
    private let connection = Mutex<PostgresConnection?>(nil)

    func set(_ connection: PostgresConnection) {
        self.connection.withLock { $0 = connection }
    }

    /// Whether the pool gave the call its connection.
    var leased: Bool { connection.withLock { $0 != nil } }

    /// Closes the connection (the pool replaces it): its query in flight fails at once.
    func close() {
        connection.withLock { $0 }?.closeNow()
    }
}

extension PostgresConnection {
    /// Closes the connection without waiting: queries in flight on it fail at once. The connection is kept
    /// until it is closed, so that one nobody holds any more (a connect that came too late) can be closed
    /// too: PostgresNIO asserts that a connection is closed before it goes (a debug build stops there),
    /// and one dropped open keeps its socket.
    func closeNow() {
        close().whenComplete { _ in withExtendedLifetime(self) {} }
    }

    /// Runs a statement and returns its rows, all read; a cancelled caller does not wait for it.
    func rows(_ query: PostgresQuery, _ logger: Logger) async throws -> [PostgresRandomAccessRow] {
        try await abandoningOnCancellation { try await self.query(query, logger: logger).collect().map { $0.makeRandomAccess() } }
    }

    /// Runs a statement whose rows are of no interest; a cancelled caller does not wait for it.
    func run(_ query: PostgresQuery, _ logger: Logger) async throws {
        _ = try await rows(query, logger)
    }

    /// Runs `body` in a transaction of this connection's, with statements that a cancelled caller does
    /// not wait for (unlike PostgresNIO's `withTransaction`).
    func transaction<T>(_ logger: Logger, _ body: () async throws -> T) async throws -> T {
        try await run("BEGIN", logger)
        do {
            let result = try await body()
            try await run("COMMIT", logger)
            return result
        } catch {
            try? await run("ROLLBACK", logger)
            throw error
        }
    }
}
