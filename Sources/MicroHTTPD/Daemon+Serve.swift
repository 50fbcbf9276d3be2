import HTTPCore

extension Daemon {
    /// Runs one request on a worker: the responder, then the hand-back to libmicrohttpd, then, for a
    /// streaming response, the producer until it ends, the client goes or the server drains.
    func serve(_ job: RequestDispatcher.Job) async {
        var response = await responder.respond(to: job.context.request)
        var stream: ResponseStream?
        var producer: ResponseStreamProducer?
        if case .stream(let streamProducer) = response.body {
            let candidate = ResponseStream(bufferLimit: configuration.streamBufferLimit)
            if dispatcher.register(candidate) {
                stream = candidate
                producer = streamProducer
            } else {
                response = Problem.serviceUnavailable("The server is shutting down; reconnect later.").response
            }
        }
        job.context.setResponse(response, stream: stream)
        job.connection.resume()
        if let stream, let producer {
            await produce(producer, into: stream, presence: job.context.request.presence)
            dispatcher.unregister(stream)
        }
    }

    /// A parked stream's connection is suspended, out of libmicrohttpd's loop: a client that vanishes is
    /// heard by the watchdog's `presence` within a sweep, not only at the next write or heartbeat.
    private func produce(_ producer: ResponseStreamProducer, into stream: ResponseStream, presence: ClientPresence?) async {
        try? await withThrowingDiscardingTaskGroup { group in
            group.addTask {
                await stream.waitUntilClosed()
                // Cancels the producer and the heartbeat.
                throw CancellationError()
            }
            if let presence {
                group.addTask {
                    await presence.untilGone()
                    // Wakes a parked connection, which libmicrohttpd then closes on the socket's error.
                    if presence.isGone { stream.close() }
                }
            }
            if let heartbeat = producer.heartbeat {
                let interval = configuration.heartbeatInterval
                group.addTask {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: interval)
                        if (try? stream.heartbeat(heartbeat)) == nil { return }
                    }
                }
            }
            group.addTask {
                try? await producer.produce(stream)
                throw CancellationError()
            }
        }
        stream.finish()
    }
}
