import HTTPCore
import HTTPTypes
import Synchronization

/// Hands requests from libmicrohttpd's thread to worker tasks, and knows when all work is done.
///
/// libmicrohttpd's thread only takes a lock here, never awaits. Workers are child tasks of the server's
/// task group (structured: shutdown waits for them). Waking a parked worker is the dearest step of a
/// request (an executor enqueue, a futex wake, a context switch), so it is avoided whenever a worker is
/// already awake: that worker takes the next queued request without suspending. A handler that does
/// not come back (slow work, a stream) must not hold up the queue, so a monitor checks every
/// `rescueInterval` while requests are queued: if none was taken since its last look, it wakes or
/// starts another worker. A write is known to wait — for its transaction's fsync — so a worker that
/// takes one stops counting as awake until it is done: requests that come meanwhile wake or start
/// another worker at once instead of queueing behind the wait (the writes then share one commit, where
/// queued behind each other they went one commit each). Workers are capped by the connection limit,
/// since every request in flight holds a connection.
///
/// Draining: once `drain()` is called `admit()` refuses new requests, open streams are closed, and the
/// workers exit when every admitted request has completed — requests are admitted at their head, so one
/// whose body is still arriving is read to the end and answered.
final class RequestDispatcher: Sendable {
    struct Job: Sendable {
        var context: RequestContext
        var connection: ConnectionHandle

        /// A write: its handler waits for storage (a durable commit) before it answers.
        var waits: Bool {
            let method = context.request.method
            return method != .get && method != .head && method != .options
        }
    }

    private struct State: ~Copyable {
        var jobs: [Job] = []
        var nextJob = 0
        /// Jobs taken so far: the monitor's measure of progress.
        var taken = 0
        var idleWorkers: [CheckedContinuation<Job?, Never>] = []
        /// Workers started and not exited.
        var workers = 0
        /// Workers not parked: running a handler or looking for the next job.
        var awake = 0
        var admitted = 0
        var draining = false
        var monitor: CheckedContinuation<Bool, Never>?
        var monitorArmed = false
        var streams: [ObjectIdentifier: ResponseStream] = [:]

        var hasJobs: Bool { nextJob < jobs.count }
        var finished: Bool { draining && admitted == 0 }

        mutating func popJob() -> Job? {
            guard hasJobs else { return nil }
            let job = jobs[nextJob]
            nextJob += 1
            taken &+= 1
            if nextJob == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                nextJob = 0
            }
            return job
        }
    }

    /// What to do, outside the lock, to get another worker going.
    private enum Wake {
        case none
        case resume(CheckedContinuation<Job?, Never>, Job?)
        case spawn
        case armMonitor(CheckedContinuation<Bool, Never>, Bool)
        case finishSpawning
    }

    private let state = Mutex(State())
    private let maxWorkers: Int
    private let rescueInterval: Duration
    private let spawnRequests: AsyncStream<Void>
    private let spawnContinuation: AsyncStream<Void>.Continuation

    init(maxWorkers: Int, rescueInterval: Duration = .milliseconds(1)) {
        self.maxWorkers = max(1, maxWorkers)
        self.rescueInterval = rescueInterval
        (spawnRequests, spawnContinuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// Counts a request in when its head arrives, unless the server is draining. Called on libmicrohttpd's thread.
    func admit() -> Bool {
        state.withLock { state in
            guard !state.draining else { return false }
            state.admitted += 1
            return true
        }
    }

    /// Queues an admitted request for a worker. Called on libmicrohttpd's thread.
    func submit(_ job: Job) {
        let wake: Wake = state.withLock { state in
            if state.awake == 0 {
                if let idle = state.idleWorkers.popLast() {
                    state.awake += 1
                    state.taken &+= 1
                    return .resume(idle, job)
                }
            }
            state.jobs.append(job)
            if state.awake == 0 { return wakeOrSpawn(&state) }
            // A worker is awake; the monitor makes sure the queue moves even if that worker is stuck.
            guard !state.monitorArmed else { return .none }
            state.monitorArmed = true
            defer { state.monitor = nil }
            return state.monitor.map { .armMonitor($0, true) } ?? .none
        }
        perform(wake)
    }

    /// Marks an admitted request done: libmicrohttpd has finished with it (response sent or connection gone).
    func complete() {
        let wakes: [Wake] = state.withLock { state in
            state.admitted -= 1
            return state.finished ? releaseAll(&state) : []
        }
        wakes.forEach(perform)
    }

    /// Refuses new requests from now on and ends every open stream.
    func drain() {
        draining.store(true, ordering: .relaxed)
        let (wakes, streams) = state.withLock { state in
            state.draining = true
            return (state.finished ? releaseAll(&state) : [], Array(state.streams.values))
        }
        streams.forEach { $0.close() }
        wakes.forEach(perform)
    }

    /// Whether `drain()` was called; a lock-free read for libmicrohttpd's thread.
    var isDraining: Bool { draining.load(ordering: .relaxed) }
    private let draining = Atomic<Bool>(false)

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

    /// Runs the workers and the monitor until the server has drained and every admitted request completed.
    func run(_ work: @escaping @Sendable (Job) async -> Void) async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.monitorLoop() }
            for await _ in spawnRequests {
                group.addTask { await self.workerLoop(work) }
            }
        }
    }

    // MARK: workers

    private func workerLoop(_ work: @Sendable (Job) async -> Void) async {
        while let job = await next() {
            guard job.waits else {
                await work(job)
                continue
            }
            perform(
                state.withLock { state in
                    state.awake -= 1
                    return state.hasJobs && state.awake == 0 ? wakeOrSpawn(&state) : .none
                })
            await work(job)
            state.withLock { $0.awake += 1 }
        }
    }

    /// The next job: taken at once while there is one, else after parking until `submit` hands one over.
    private func next() async -> Job? {
        if let job = state.withLock({ $0.popJob() }) { return job }
        return await withCheckedContinuation { continuation in
            let immediate: Job?? = state.withLock { state in
                if let job = state.popJob() { return .some(job) }
                state.awake -= 1
                if state.finished { return .some(nil) }
                state.idleWorkers.append(continuation)
                return .none
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
    }

    // MARK: monitor

    private func monitorLoop() async {
        while await monitorArmed() {
            var lastTaken = state.withLock { $0.taken }
            while true {
                try? await Task.sleep(for: rescueInterval)
                let (wake, keepWatching): (Wake, Bool) = state.withLock { state in
                    guard state.hasJobs, !state.finished else {
                        state.monitorArmed = false
                        return (.none, false)
                    }
                    defer { lastTaken = state.taken }
                    return (state.taken == lastTaken ? wakeOrSpawn(&state) : .none, true)
                }
                perform(wake)
                if !keepWatching { break }
            }
        }
    }

    /// Parks the monitor until `submit` arms it; false once the server has finished.
    private func monitorArmed() async -> Bool {
        await withCheckedContinuation { continuation in
            let immediate: Bool? = state.withLock { state in
                if state.finished { return false }
                if state.monitorArmed { return true }
                state.monitor = continuation
                return nil
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
    }

    // MARK: helpers

    /// Wakes a parked worker or starts a new one (under the cap) for the queued jobs.
    private func wakeOrSpawn(_ state: inout State) -> Wake {
        if let idle = state.idleWorkers.popLast() {
            state.awake += 1
            return .resume(idle, state.popJob())
        }
        guard state.workers < maxWorkers else { return .none }
        state.workers += 1
        state.awake += 1
        return .spawn
    }

    /// Everything parked, told to finish.
    private func releaseAll(_ state: inout State) -> [Wake] {
        var wakes = state.idleWorkers.map { Wake.resume($0, nil) }
        state.idleWorkers.removeAll()
        if let monitor = state.monitor {
            state.monitor = nil
            wakes.append(.armMonitor(monitor, false))
        }
        wakes.append(.finishSpawning)
        return wakes
    }

    private func perform(_ wake: Wake) {
        switch wake {
        case .none: break
        case .resume(let worker, let job): worker.resume(returning: job)
        case .spawn: spawnContinuation.yield()
        case .armMonitor(let monitor, let armed): monitor.resume(returning: armed)
        case .finishSpawning: spawnContinuation.finish()
        }
    }
}
