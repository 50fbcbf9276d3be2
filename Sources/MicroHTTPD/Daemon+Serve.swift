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
            await produce(producer, into: stream)
            dispatcher.unregister(stream)
        }
    }

    private func produce(_ producer: ResponseStreamProducer, into stream: ResponseStream) async {
        try? await withThrowingDiscardingTaskGroup { group in
            group.addTask {
                await stream.waitUntilClosed()
                // Cancels the producer and the heartbeat.
                throw CancellationError()
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
