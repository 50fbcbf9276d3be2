import Synchronization

/// Hands requests from libmicrohttpd's thread to worker tasks, and knows when all work is done.
///
/// libmicrohttpd's thread only ever takes a lock here, never awaits. Workers are child tasks of the
/// server's task group: a worker that finishes a request takes the next queued one without suspending,
/// so under load most requests cost no task creation and no thread wake-up. A new worker is started only
/// when a request arrives and every worker is busy (a slow handler or a stream holds its worker), up to
/// the connection limit, since every request in flight holds a connection.
///
/// Draining: once `drain()` is called, `admit()` refuses new requests; workers exit when every admitted
/// request (streams included) has completed.
final class RequestDispatcher: Sendable {
    struct Job: Sendable {
        var context: RequestContext
        var connection: ConnectionHandle
    }

    private struct State: ~Copyable {
        var jobs: [Job] = []
        var nextJob = 0
        var idleWorkers: [CheckedContinuation<Job?, Never>] = []
        var workers = 0
        var admitted = 0
        var draining = false
        var streams: [ObjectIdentifier: ResponseStream] = [:]

        var queuedCount: Int { jobs.count - nextJob }

        mutating func popJob() -> Job? {
            guard nextJob < jobs.count else { return nil }
            let job = jobs[nextJob]
            nextJob += 1
            if nextJob == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                nextJob = 0
            }
            return job
        }

        var finished: Bool { draining && admitted == 0 }

        mutating func takeIdleWorkers() -> [CheckedContinuation<Job?, Never>] {
            defer { idleWorkers.removeAll() }
            return idleWorkers
        }
    }

    private let state = Mutex(State())
    private let maxWorkers: Int
    private let spawnRequests: AsyncStream<Void>
    private let spawnContinuation: AsyncStream<Void>.Continuation

    init(maxWorkers: Int) {
        self.maxWorkers = max(1, maxWorkers)
        (spawnRequests, spawnContinuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// Counts a request in, unless the server is draining. Called on libmicrohttpd's thread.
    func admit() -> Bool {
        state.withLock { state in
            guard !state.draining else { return false }
            state.admitted += 1
            return true
        }
    }

    /// Queues an admitted request for a worker. Called on libmicrohttpd's thread.
    func submit(_ job: Job) {
        let worker: CheckedContinuation<Job?, Never>? = state.withLock { state in
            if let idle = state.idleWorkers.popLast() { return idle }
            state.jobs.append(job)
            if state.workers < maxWorkers, state.queuedCount > 0 {
                state.workers += 1
                spawnContinuation.yield()
            }
            return nil
        }
        worker?.resume(returning: job)
    }

    /// Whether `drain()` was called.
    var isDraining: Bool { state.withLock { $0.draining } }

    /// Marks an admitted request done: libmicrohttpd has finished with it (response sent or connection gone).
    func complete() {
        let (finished, idle) = state.withLock { state in
            state.admitted -= 1
            return (state.finished, state.finished ? state.takeIdleWorkers() : [])
        }
        idle.forEach { $0.resume(returning: nil) }
        if finished { spawnContinuation.finish() }
    }

    /// Refuses new requests from now on and ends every open stream.
    func drain() {
        let (finished, idle, streams) = state.withLock { state in
            state.draining = true
            return (state.finished, state.finished ? state.takeIdleWorkers() : [], Array(state.streams.values))
        }
        streams.forEach { $0.close() }
        idle.forEach { $0.resume(returning: nil) }
        if finished { spawnContinuation.finish() }
    }

    /// Registers an open stream so that draining can end it; false (and the stream is closed) when
    /// the server is already draining.
    func register(_ stream: ResponseStream) -> Bool {
        let accepted = state.withLock { state in
            guard !state.draining else { return false }
            state.streams[ObjectIdentifier(stream)] = stream
            return true
        }
        if !accepted { stream.close() }
        return accepted
    }

    func unregister(_ stream: ResponseStream) {
        _ = state.withLock { $0.streams.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// Runs workers until the server has drained and every admitted request has completed.
    func run(_ work: @escaping @Sendable (Job) async -> Void) async {
        await withDiscardingTaskGroup { group in
            state.withLock { $0.workers += 1 }
            group.addTask { await self.workerLoop(work) }
            for await _ in spawnRequests {
                group.addTask { await self.workerLoop(work) }
            }
        }
    }

    /// Number of worker tasks started so far (for tests and diagnostics).
    var workerCount: Int { state.withLock { $0.workers } }

    private func workerLoop(_ work: @Sendable (Job) async -> Void) async {
        while let job = await next() {
            await work(job)
        }
    }

    private func next() async -> Job? {
        if let job = state.withLock({ $0.popJob() }) { return job }
        return await withCheckedContinuation { continuation in
            let immediate: Job?? = state.withLock { state in
                if let job = state.popJob() { return .some(job) }
                if state.finished { return .some(nil) }
                state.idleWorkers.append(continuation)
                return .none
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
    }
}
