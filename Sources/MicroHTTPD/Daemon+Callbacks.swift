import CMicroHTTPD
import ErrorCodes
import Foundation
import HTTPCore
import HTTPTypes
import Logging
import Synchronization

/// The C entry points. They run on libmicrohttpd's thread; the `Daemon` travels as their `cls`.
extension Daemon {
    static let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, version, uploadData, uploadSize, slot in
        guard let cls, let connection, let uploadSize, let slot else { return .NO }
        return Unmanaged<Daemon>.fromOpaque(cls).takeUnretainedValue().handle(
            connection: connection, url: url, method: method, version: version,
            uploadData: uploadData, uploadSize: uploadSize, slot: slot
        )
    }

    /// Refuses every new connection once the server drains.
    static let acceptPolicy: MHD_AcceptPolicyCallback = { cls, _, _ in
        guard let cls else { return .NO }
        return Unmanaged<Daemon>.fromOpaque(cls).takeUnretainedValue().dispatcher.isDraining ? .NO : .YES
    }

    /// The request is over (answered, or the connection failed): only now may an admitted request count
    /// as done, because stopping the daemon earlier would cut off a response not yet sent.
    static let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, slot, _ in
        if let cls, let slot, let raw = slot.pointee {
            let context = Unmanaged<RequestContext>.fromOpaque(raw)
            Unmanaged<Daemon>.fromOpaque(cls).takeUnretainedValue().endUpload(context.takeUnretainedValue())
            context.takeUnretainedValue().finish()
            if context.takeUnretainedValue().admitted {
                Unmanaged<Daemon>.fromOpaque(cls).takeUnretainedValue().dispatcher.complete()
            }
            context.release()
            slot.pointee = nil
        }
        if let connection, let state = unfy_connection_context(connection) {
            Unmanaged<ConnectionWatchdog.Connection>.fromOpaque(state).takeUnretainedValue().startReading()
        }
    }

    static let connectionNotify: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
        guard let cls, let connection, let socketContext else { return }
        let watchdog = Unmanaged<Daemon>.fromOpaque(cls).takeUnretainedValue().watchdog
        switch code {
        case .CONNECTION_NOTIFY_STARTED:
            let state = ConnectionWatchdog.Connection(descriptor: unfy_connection_fd(connection))
            socketContext.pointee = Unmanaged.passRetained(state).toOpaque()
            watchdog.opened(state)
        case .CONNECTION_NOTIFY_CLOSED:
            guard let raw = socketContext.pointee else { return }
            let state = Unmanaged<ConnectionWatchdog.Connection>.fromOpaque(raw)
            watchdog.closed(state.takeUnretainedValue())
            state.release()
            socketContext.pointee = nil
        default:
            break
        }
    }

    static let logSink: unfy_log_sink = { context, message in
        guard let context, let message else { return }
        let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
        Unmanaged<Daemon>.fromOpaque(context).takeUnretainedValue().logger.notice(
            "libmicrohttpd", metadata: ["mhd.message": .string(text)]
        )
    }

    static let streamReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
        guard let cls, let buffer else { return unfy_end_with_error }
        return Unmanaged<ResponseStream>.fromOpaque(cls).takeUnretainedValue().read(into: buffer, max: max)
    }

    static let streamFreed: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        let stream = Unmanaged<ResponseStream>.fromOpaque(cls)
        stream.takeUnretainedValue().close()
        stream.release()
    }

    /// The access handler: called once with the head, once per body chunk, and then for the complete
    /// request, again after every resume. Answers only in a final call (an answer in the first call
    /// closes keep-alive connections in 0.9.75), except for a declared body over the limit. The final
    /// call answers at once what the responder can answer without waiting; the rest goes to a worker.
    private func handle(
        connection: OpaquePointer,
        url: UnsafePointer<CChar>?,
        method: UnsafePointer<CChar>?,
        version: UnsafePointer<CChar>?,
        uploadData: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>,
        slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let raw = slot.pointee else {
            let version = version.map { String(cString: $0) } ?? ""
            let head = Self.readHead(connection, url: url, method: method)
            let context = RequestContext(request: head.request)
            slot.pointee = Unmanaged.passRetained(context).toOpaque()
            // Answered in this first call, a refusal closes the connection: nothing after this head can be
            // read as another request.
            if let problem = head.problem ?? MessageFraming.problem(headers: context.request.headers, version: version) {
                return queue(problem.response, stream: nil, on: connection)
            }
            if version == "HTTP/1.1", context.request.headers.first(Self.hostField) == nil {
                return queue(Problem.badRequest("HTTP/1.1 requests must carry a Host header.").response, stream: nil, on: connection)
            }
            // Counted in from its head, so that a drain waits for a body still arriving; a request that
            // starts once the drain has begun is answered 503.
            guard dispatcher.admit() else {
                return queue(
                    Problem.serviceUnavailable("The server is shutting down; retry on a new connection.").response, stream: nil,
                    on: connection)
            }
            context.admitted = true
            var limit: (bytes: Int, tooLarge: Problem?) = (configuration.maxBodyBytes, nil)
            if case .spooled(let maxBytes, let tooLarge) = responder.bodyPolicy(for: context.request) {
                // Bodies are spooled before the handler authenticates anyone: a cap on how many at once
                // bounds the disk they can take.
                guard spooling.add(1, ordering: .relaxed).newValue <= configuration.maxConcurrentSpooledBodies else {
                    spooling.subtract(1, ordering: .relaxed)
                    return queue(
                        Problem(
                            status: .serviceUnavailable, code: .tooManyUploads,
                            detail: "Too many uploads are in progress; retry shortly.",
                            headers: [.retryAfter: "1", .connection: "close"]
                        ).response, stream: nil, on: connection)
                }
                context.spool = BodySpool(directory: configuration.spoolDirectory, maxBytes: maxBytes, tooLarge: tooLarge)
                limit = (maxBytes, tooLarge)
            }
            if let length = context.request.headers.first(.contentLength).flatMap(Int.init), length > limit.bytes {
                // Refuse before the body is read; libmicrohttpd then closes the connection, which is right.
                endUpload(context)
                return queue((limit.tooLarge ?? Problem.payloadTooLarge(limit: limit.bytes)).response, stream: nil, on: connection)
            }
            return .YES
        }
        let context = Unmanaged<RequestContext>.fromOpaque(raw).takeUnretainedValue()

        if uploadSize.pointee > 0 {
            let count = uploadSize.pointee
            if let spool = context.spool, let uploadData {
                spool.append(UnsafeRawBufferPointer(start: uploadData, count: count))
            } else if !context.bodyTooLarge, let uploadData {
                if context.request.body.count + count > configuration.maxBodyBytes {
                    context.bodyTooLarge = true
                    context.request.body = []
                } else {
                    uploadData.withMemoryRebound(to: UInt8.self, capacity: count) {
                        context.request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
                    }
                }
            }
            uploadSize.pointee = 0
            return .YES
        }

        switch context.advance() {
        case .receiving:
            let watched = unfy_connection_context(connection).map {
                Unmanaged<ConnectionWatchdog.Connection>.fromOpaque($0).takeUnretainedValue()
            }
            watched?.stopReading()
            if context.bodyTooLarge {
                return queue(Problem.payloadTooLarge(limit: configuration.maxBodyBytes).response, stream: nil, on: connection)
            }
            if let spool = context.spool {
                context.request.spooledBody = spool.finish()
                switch spool.failure {
                case .tooLarge(let problem)?:
                    endUpload(context)
                    return queue(problem.response, stream: nil, on: connection)
                case .io(let reason)?:
                    endUpload(context)
                    return queue(
                        Problem.insufficientStorage("The upload could not be stored: \(reason).").response, stream: nil, on: connection)
                case nil:
                    break
                }
            }
            if context.spool == nil, let response = responder.immediateResponse(to: context.request) {
                context.markAnswered()
                return queue(response, stream: nil, on: connection)
            }
            context.request.presence = watched?.presence
            watched?.startHandling()
            // Suspend before handing over, so that the worker's resume can never come first.
            MHD_suspend_connection(connection)
            dispatcher.submit(.init(context: context, connection: ConnectionHandle(raw: connection)))
            return .YES
        case .ready(let response, let stream):
            endUpload(context)
            return queue(response, stream: stream, on: connection)
        case .handling, .answered:
            // Not reachable: libmicrohttpd calls again only after a resume. Returning YES here without
            // a response would make it call again at once, forever; close instead.
            return .NO
        }
    }

    /// Frees an upload's slot once it is answered, before the answer is sent (a client that starts its next
    /// upload on reading the answer finds the slot free), then lets its spooled file go (so one that sees
    /// the file gone finds the slot free as well). Once per request: its answer, or its end without one.
    func endUpload(_ context: RequestContext) {
        guard let spool = context.spool else { return }
        context.spool = nil
        spooling.subtract(1, ordering: .relaxed)
        spool.discard()
        context.request.spooledBody = nil
    }

    /// Queues `response` on the connection (libmicrohttpd's thread only).
    private func queue(_ response: Response, stream: ResponseStream?, on connection: OpaquePointer) -> MHD_Result {
        let created: OpaquePointer?
        switch response.body {
        case .stream where stream != nil:
            stream!.attach(to: connection)
            created = MHD_create_response_from_callback(
                unfy_size_unknown, 4096, Self.streamReader, Unmanaged.passRetained(stream!).toOpaque(), Self.streamFreed
            )
        case .stream:
            created = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        case .file(let region):
            guard let descriptor = region.take() else { return .NO }
            // libmicrohttpd closes the descriptor when it destroys the response.
            created = MHD_create_response_from_fd_at_offset64(UInt64(region.count), descriptor, UInt64(region.offset))
        case .bytes(let bytes):
            created = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
            }
        }
        guard let created else { return .NO }
        for field in response.headers where field.name != .contentLength {
            MHD_add_response_header(created, field.name.rawName, field.value)
        }
        // Every answer is what its Content-Type says (JSON, a problem, media, an event stream): no browser
        // may sniff an upload into a script.
        if response.headers.first(.xContentTypeOptions) == nil {
            MHD_add_response_header(created, "X-Content-Type-Options", "nosniff")
        }
        if dispatcher.isDraining, response.headers.first(.connection) == nil {
            MHD_add_response_header(created, "Connection", "close")
        }
        let result = MHD_queue_response(connection, UInt32(response.status.code), created)
        MHD_destroy_response(created)
        return result
    }

    /// `Host`, which swift-http-types names as HTTP/2's `:authority`: HTTP/1.1 still sends it as a field.
    static let hostField = HTTPField.Name("Host")!
    /// What a request whose method is not a token carries while it is refused: no route serves it.
    static let invalidMethod = HTTPRequest.Method("INVALID")!

    /// Method, path, query and headers of the request on `connection`, and the problem with its target
    /// if it cannot be decoded (the request then carries the raw path).
    private static func readHead(
        _ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?
    ) -> (request: Request, problem: Problem?) {
        var headers: [(name: String, value: String)] = []
        var query: [(name: String, value: String)] = []
        withUnsafeMutablePointer(to: &headers) { collectValues(connection, kind: .HEADER_KIND, into: $0) }
        withUnsafeMutablePointer(to: &query) { collectValues(connection, kind: .GET_ARGUMENT_KIND, into: $0) }
        // A method that is not an HTTP token is refused before anything else is read.
        let parsedMethod = HTTPRequest.Method(method.map { String(cString: $0) } ?? "")
        let method = parsedMethod ?? Self.invalidMethod
        let rawPath = url.map { String(cString: $0) } ?? "/"
        var network = [CChar](repeating: 0, count: 64)
        unfy_client_network(connection, &network, socklen_t(network.count))
        // A field whose name is not a token is dropped (libmicrohttpd passes what it parsed).
        let fields = HTTPFields(parsing: headers)
        var request: Request
        var problem: Problem?
        do {
            request = Request(method: method, target: try RequestTarget(rawPath: rawPath, rawQuery: query), headers: fields)
        } catch {
            request = Request(method: method, path: rawPath, headers: fields)
            problem = error
        }
        if parsedMethod == nil { problem = Problem.badRequest("The request method is not an HTTP token (RFC 9110 §9.1).") }
        if let end = network.firstIndex(of: 0), end > 0 {
            request.clientNetwork = String(decoding: network[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return (request, problem)
    }

    private static func collectValues(
        _ connection: OpaquePointer, kind: MHD_ValueKind, into list: UnsafeMutablePointer<[(name: String, value: String)]>
    ) {
        _ = MHD_get_connection_values(
            connection, kind,
            { cls, _, key, value in
                guard let cls, let key else { return .YES }
                cls.assumingMemoryBound(to: [(name: String, value: String)].self).pointee.append(
                    (name: String(cString: key), value: value.map { String(cString: $0) } ?? "")
                )
                return .YES
            }, list)
    }
}
