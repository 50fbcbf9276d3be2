import ErrorCodes
import Foundation
import HTTPCore
import HTTPTypes
import MicroHTTPD
import TestSupport
import Testing

/// Spooled bodies: written to a file while they arrive (beyond the in-memory limit), capped per route,
/// gone with the request, and only so many at once.
@Suite struct SpoolTests {
    static let tooLarge = Problem(status: .contentTooLarge, code: .payloadTooLarge, detail: "at most 4096 bytes")

    static func router(spool: String) -> Router {
        var router = Router()
        router.on(.post, "/upload", body: .spooled(maxBytes: 4096, tooLarge: tooLarge)) { request in
            guard let file = request.spooledBody else { return .text("none", status: .internalServerError) }
            let onDisk = (try? Data(contentsOf: URL(fileURLWithPath: file.path)))?.count ?? -1
            return .text("\(file.byteCount) \(onDisk) \(request.body.count) \(file.path.hasPrefix(spool))")
        }
        // An answer larger than loopback's socket buffers: libmicrohttpd can send it only as the client reads.
        router.on(.post, "/upload-with-a-long-answer", body: .spooled(maxBytes: 4096, tooLarge: tooLarge)) { _ in
            Response(status: .ok, contentType: "application/octet-stream", bytes: Array(repeating: 0, count: 32 << 20))
        }
        return router
    }

    /// A test server on `router(spool:)` with a spool directory of its own, configured by `configure`.
    static func withSpoolServer(
        _ configure: (inout HTTPServerConfiguration) -> Void, _ body: (_ port: Int, _ spool: String) async throws -> Void
    ) async throws {
        let spool = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: spool, withIntermediateDirectories: true)
        try await withTestServer(
            {
                configure(&$0); $0.spoolDirectory = spool
            }, router: router(spool: spool)
        ) { port in try await body(port, spool) }
    }

    @Test func aBodyLargerThanTheMemoryLimitGoesToAFileThatGoesWithTheRequest() async throws {
        try await Self.withSpoolServer({ $0.maxBodyBytes = 100 }) { port, spool in
            let response = try await loopbackRequest(port: port, "POST", "/upload", body: Array(repeating: 7, count: 4096))
            #expect(response.text == "4096 4096 0 true", "on disk, not in memory")
            let over = try await loopbackRequest(port: port, "POST", "/upload", body: Array(repeating: 7, count: 4097))
            #expect(over.status == 413 && over.json["code"] as? String == "payloadTooLarge")
            #expect(try FileManager.default.contentsOfDirectory(atPath: spool).isEmpty, "nothing left behind")
        }
    }

    /// Asks `ask` again until `until` holds of its answer, for at most a minute (a bound for a broken build:
    /// the answer is the event waited on, however loaded the machine is); returns the last answer.
    static func askAgain<T>(_ ask: () async throws -> T, until: (T) -> Bool) async throws -> T {
        let deadline = ContinuousClock.now + .seconds(60)
        var answer = try await ask()
        while !until(answer), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
            answer = try await ask()
        }
        return answer
    }

    @Test func onlySoManyUploadsAtOnce() async throws {
        try await Self.withSpoolServer({ $0.maxConcurrentSpooledBodies = 1 }) { port, spool in
            let upload = { try await loopbackRequest(port: port, "POST", "/upload", body: Array("abc".utf8)) }
            // The first upload is half sent: it holds the only slot.
            let first = try await Self.halfSentUpload(port: port, spool: spool)
            let second = try await upload()
            #expect(second.status == 503 && second.json["code"] as? String == "tooManyUploads" && second.header("Retry-After") == "1")
            try await first.send("67890")
            #expect(try await first.readResponse().text == "10 10 0 true")
            // Its slot is free again once it is answered (`anUploadsSlotFreesWhenItIsAnswered`).
            #expect(try await upload().text == "3 3 0 true")
            // A client that goes away mid-upload gives its slot back too.
            try await Self.spoolEmptied(spool)
            let quitter = try await Self.halfSentUpload(port: port, spool: spool)
            #expect(try await upload().status == 503, "the quitter holds the slot")
            quitter.close()
            let after = try await Self.askAgain(upload) { $0.status != 503 }
            #expect(after.status == 200, "given back when the client went away")
            // The last upload's file goes once it is answered.
            try await Self.spoolEmptied(spool)
        }
    }

    /// An upload's slot frees when the upload is answered, not once the answer has been sent: a client that
    /// starts its next upload on reading an answer (or the head of one) finds the slot free, and so does
    /// another client while a slow one still reads.
    @Test func anUploadsSlotFreesWhenItIsAnswered() async throws {
        try await Self.withSpoolServer({ $0.maxConcurrentSpooledBodies = 1 }) { port, spool in
            let slow = try await LoopbackConnection.open(port: port)
            try await slow.send("POST /upload-with-a-long-answer HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
            // Only the head is read: most of the answer stays unsent, so the request cannot complete yet.
            #expect(try await slow.readHead().status == 200)
            let next = try await loopbackRequest(port: port, "POST", "/upload", body: Array("abc".utf8))
            #expect(next.status == 200 && next.text == "3 3 0 true", "the answered upload's slot is free: \(next.status)")
            slow.close()
            try await Self.spoolEmptied(spool)
        }
    }

    /// An upload of ten bytes with its head and five of them sent, returned once the server has spooled
    /// those: it holds an upload slot from its head on. Call it with no other upload in progress (the spool
    /// directory empty, which means every slot is free): a probe sent while one is still completing could
    /// hold the slot when this head comes, and this one would be refused instead.
    static func halfSentUpload(port: Int, spool: String) async throws -> LoopbackConnection {
        let connection = try await LoopbackConnection.open(port: port)
        try await connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n12345")
        let files = try await askAgain({ try FileManager.default.contentsOfDirectory(atPath: spool) }) { $0.count == 1 }
        #expect(files.count == 1, "the half-sent upload's part is spooled")
        return connection
    }

    /// Waits until the spool directory is empty: every upload's request has completed and given its slot back.
    static func spoolEmptied(_ spool: String) async throws {
        let leftover = try await Self.askAgain({ try FileManager.default.contentsOfDirectory(atPath: spool) }) { $0.isEmpty }
        #expect(leftover.isEmpty)
    }
}
