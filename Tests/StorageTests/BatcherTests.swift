import Storage
import Synchronization
import Testing

/// Calls that arrive while batches run go together in the next batch, each with its own result.
@Suite struct BatcherTests {
    /// A batch runner that records its batches and holds the first one until `open()`.
    final class Runner: Sendable {
        struct Refused: Error, Equatable {}
        private let state = Mutex<(batches: [[Int]], gate: CheckedContinuation<Void, Never>?, open: Bool)>(([], nil, false))

        var batches: [[Int]] { state.withLock { $0.batches } }

        func open() {
            let gate = state.withLock { state in
                state.open = true
                defer { state.gate = nil }
                return state.gate
            }
            gate?.resume()
        }

        /// Tens the inputs; refuses 3.
        func run(_ inputs: [Int]) async -> [Result<Int, any Error>] {
            let first = state.withLock { state in
                state.batches.append(inputs)
                return state.batches.count == 1
            }
            if first {
                await withCheckedContinuation { continuation in
                    let open = state.withLock { state in
                        if !state.open { state.gate = continuation }
                        return state.open
                    }
                    if open { continuation.resume() }
                }
            }
            return inputs.map { $0 == 3 ? .failure(Refused()) : .success($0 * 10) }
        }
    }

    @Test func callsArrivingWhileABatchRunsGoTogetherInTheNextWithTheirOwnResults() async throws {
        let batcher = Batcher<Int, Int>(maxInFlight: 1)
        let runner = Runner()
        @Sendable func submit(_ input: Int) async -> (Int, Result<Int, any Error>) {
            do { return (input, .success(try await batcher.submit(input, run: runner.run))) } catch { return (input, .failure(error)) }
        }
        await withTaskGroup(of: (Int, Result<Int, any Error>).self) { group in
            group.addTask { await submit(0) }
            while runner.batches.isEmpty { await Task.yield() }
            for input in 1...5 { group.addTask { await submit(input) } }
            while batcher.waiting < 5 { await Task.yield() }
            runner.open()
            for await (input, result) in group {
                if input == 3 {
                    #expect(throws: Runner.Refused()) { try result.get() }
                } else {
                    #expect((try? result.get()) == input * 10)
                }
            }
        }
        #expect(runner.batches.count == 2)
        #expect(runner.batches.first == [0])
        #expect(runner.batches.last?.sorted() == [1, 2, 3, 4, 5])
        #expect(batcher.waiting == 0)
    }

    @Test func upToMaxInFlightBatchesRunAtOnce() async throws {
        let batcher = Batcher<Int, Int>(maxInFlight: 2)
        let runner = Runner()
        try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask { try await batcher.submit(0, run: runner.run) }
            while runner.batches.isEmpty { await Task.yield() }
            // The first batch is held: the second call runs in a batch of its own, at once.
            let second = try await batcher.submit(1, run: runner.run)
            #expect(second == 10)
            #expect(batcher.waiting == 0)
            runner.open()
            let first = try await group.next()
            #expect(first == 0)
        }
        #expect(runner.batches == [[0], [1]])
    }
}
