import Foundation
import InProcessHarness
import TestSupport
import Testing

/// Attachments over HTTP: uploads typed by content, the framework's caps, the app's quota, the life cycle
/// of files on disk, downloads with ranges, URLs fetched through the SSRF guard.
@Suite struct AttachmentTests {
    /// POST /v1/media with a raw body.
    static func upload(
        _ server: some TestAPI, key: String, _ bytes: [UInt8], contentType: String = "application/octet-stream", query: String = ""
    )
        async throws -> LoopbackResponse
    {
        try await server.send(
            "POST", "/v1/media" + query, headers: ["Authorization": "Bearer \(key)", "Content-Type": contentType], body: bytes)
    }

    static func code(_ response: LoopbackResponse) -> String? { response.json["code"] as? String }

    static func filePath(_ server: some TestAPI, sha256: String) -> String {
        "\(server.dataDirectory)/media/\(sha256.prefix(2))/\(sha256)"
    }

    @Test func typeIsDecidedByContentNotByHeader() async throws {
        try await InProcessApp.run { server in
            let (_, key) = try await server.makeApp()
            let samples: [([UInt8], String, String)] = [
                (MediaSamples.png(), "public.png", "image/png"), (MediaSamples.jpeg(), "public.jpeg", "image/jpeg"),
                (MediaSamples.gif(), "com.compuserve.gif", "image/gif"), (MediaSamples.heic(), "public.heic", "image/heic"),
                (MediaSamples.aiff(), "public.aiff-audio", "audio/aiff"), (MediaSamples.wav(), "com.microsoft.waveform-audio", "audio/wav"),
                (MediaSamples.mp3(), "public.mp3", "audio/mpeg"), (MediaSamples.m4a(), "public.mpeg-4-audio", "audio/mp4"),
                (MediaSamples.mpeg1(), "public.mpeg", "video/mpeg"), (MediaSamples.mpeg2(), "public.mpeg-2-video", "video/mpeg"),
                (MediaSamples.mp4(), "public.mpeg-4", "video/mp4"), (MediaSamples.avi(), "public.avi", "video/x-msvideo"),
            ]
            for (bytes, uti, mime) in samples {
                // The header lies on purpose: it does not count.
                let response = try await Self.upload(server, key: key, bytes, contentType: "text/plain")
                #expect(response.status == 201, "\(uti): \(response.text)")
                #expect(response.json["type"] as? String == uti && response.json["contentType"] as? String == mime, "\(response.text)")
                #expect(response.json["size"] as? Int == bytes.count)
            }
            let text = try await Self.upload(server, key: key, Array("GIF? no, just text".utf8), contentType: "image/gif")
            #expect(text.status == 415 && Self.code(text) == "attachmentUnrecognizedType", "\(text.text)")
            #expect(text.header("Content-Type") == "application/problem+json")
            let empty = try await Self.upload(server, key: key, [])
            #expect(empty.status == 415 && Self.code(empty) == "attachmentUnrecognizedType")
            let truncated = try await Self.upload(server, key: key, Array(MediaSamples.png().dropLast(12)))
            #expect(truncated.status == 422 && Self.code(truncated) == "attachmentCorrupt", "\(truncated.text)")
            let wrongHint = try await Self.upload(server, key: key, MediaSamples.png(), query: "?typeHint=public.jpeg")
            #expect(wrongHint.status == 415 && Self.code(wrongHint) == "attachmentUnrecognizedType")
            let rightHint = try await Self.upload(server, key: key, MediaSamples.png(), query: "?typeHint=public.png")
            #expect(rightHint.status == 200, "the same content again is the same media: \(rightHint.text)")
            let noKey = try await server.send("POST", "/v1/media", body: MediaSamples.png())
            #expect(noKey.status == 401)
        }
    }

    @Test func capsAtExactlyTheLimitAndOneByteOver() async throws {
        let server = try await APIServer()
        let (_, key) = try await server.makeApp()
        let image = try await Self.upload(server, key: key, MediaSamples.png(size: 10_000_000))
        #expect(image.status == 201 && image.json["size"] as? Int == 10_000_000, "\(image.text)")
        let bigImage = try await Self.upload(server, key: key, MediaSamples.png(size: 10_000_001))
        #expect(bigImage.status == 413 && Self.code(bigImage) == "attachmentInvalidFileSize", "\(bigImage.text)")
        let audio = try await Self.upload(server, key: key, MediaSamples.wav(size: 5_000_000))
        #expect(audio.status == 201, "\(audio.text)")
        let bigAudio = try await Self.upload(server, key: key, MediaSamples.wav(size: 5_000_001))
        #expect(bigAudio.status == 413 && Self.code(bigAudio) == "attachmentInvalidFileSize")

        // A 50 MB video goes to disk as it arrives: the server's peak memory does not grow by its size.
        let peakBefore = try Self.peakResidentBytes(server)
        let video = try await Self.upload(server, key: key, MediaSamples.mp4(size: 50_000_000))
        #expect(video.status == 201, "\(video.text)")
        let growth = try Self.peakResidentBytes(server) - peakBefore
        #expect(growth < 20_000_000, "peak RSS grew by \(growth) bytes for a 50 MB upload")
        // One byte over is refused from the declared length, before the body is read.
        let connection = try await LoopbackConnection.open(port: server.port)
        try await connection.send(
            "POST /v1/media HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(key)\r\nContent-Length: 50000001\r\n\r\n")
        let refused = try await connection.readResponse()
        #expect(refused.status == 413 && Self.code(refused) == "attachmentInvalidFileSize", "\(refused.text)")
        connection.close()
        let files = try FileManager.default.contentsOfDirectory(atPath: server.dataDirectory + "/media/incoming")
        #expect(files.isEmpty, "refused uploads leave nothing behind: \(files)")
        try await server.stop()
    }

    static func peakResidentBytes(_ server: APIServer) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(server.process.process.pid)/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    @Test func quotaIsPerAppAndGivenBackWhenTheLastHolderGoes() async throws {
        try await InProcessApp.run(arguments: ["--media-quota-bytes", "1500"]) { server in
            let (_, key) = try await server.makeApp()
            let (_, otherKey) = try await server.makeApp("Other")
            _ = try await server.makeAuthorizedCenter("phone", key: key)
            let first = try await Self.upload(server, key: key, MediaSamples.png(size: 600))
            let second = try await Self.upload(server, key: key, MediaSamples.wav(size: 600))
            #expect(first.status == 201 && second.status == 201)
            let third = try await Self.upload(server, key: key, MediaSamples.jpeg(padding: 580))
            #expect(third.status == 507 && Self.code(third) == "attachmentMoveIntoDataStoreFailed", "\(third.text)")
            #expect(try await Self.upload(server, key: otherKey, MediaSamples.jpeg(padding: 580)).status == 201, "quotas are per app")
            let usage = try await server.call("GET", "/v1/media", token: key)
            #expect(usage.json["bytes"] as? Int == 1200 && usage.json["count"] as? Int == 2 && usage.json["quotaBytes"] as? Int == 1500)

            let mediaID = try server.field("id", of: first)
            let added = try await server.call(
                "POST", "/v1/centers/phone/requests", token: key,
                json: [
                    "identifier": "a", "content": ["title": "Hi", "attachments": [["identifier": "pic", "mediaID": mediaID]]],
                    "trigger": [
                        "type": "timeInterval", "timeInterval": 600,
                    ],
                ])
            #expect(added.status == 201, "\(added.text)")
            _ = try await server.call("POST", "/v1/centers/phone/requests/remove", token: key, json: ["identifiers": ["a"]])
            #expect(try await server.call("GET", "/v1/media", token: key).json["bytes"] as? Int == 600)
            #expect(try await Self.upload(server, key: key, MediaSamples.jpeg(padding: 580)).status == 201, "quota given back")
        }
    }

    @Test func fileLeavesTheDiskWithTheLastRequestOrNotificationHoldingIt() async throws {
        try await InProcessApp.run { server in
            let (_, key) = try await server.makeApp()
            let token = try await server.makeAuthorizedCenter("phone", key: key)
            let png = MediaSamples.png(padding: 100)
            let uploaded = try await Self.upload(server, key: key, png)
            let mediaID = try server.field("id", of: uploaded)
            let path = Self.filePath(server, sha256: try server.field("sha256", of: uploaded))
            #expect(FileManager.default.fileExists(atPath: path))

            func add(_ identifier: String, seconds: Int) async throws -> LoopbackResponse {
                try await server.call(
                    "POST", "/v1/centers/phone/requests", token: key,
                    json: [
                        "identifier": identifier, "trigger": ["type": "timeInterval", "timeInterval": seconds],
                        "content": [
                            "title": identifier, "attachments": [["identifier": "pic", "mediaID": mediaID, "thumbnailHidden": true]],
                        ],
                    ])
            }
            let pending = try await add("one", seconds: 60)
            let attachment =
                (((pending.json["request"] as? [String: Any])?["content"] as? [String: Any])?["attachments"] as? [[String: Any]])?
                .first
            #expect(attachment?["type"] as? String == "public.png" && attachment?["size"] as? Int == png.count, "\(pending.text)")
            #expect(try await add("two", seconds: 3600).status == 201)
            #expect(try await server.call("GET", "/v1/media/\(mediaID)", token: key).json["holders"] as? Int == 2)

            // "one" fires: held by the delivered notification now, and still by "two".
            #expect(try await server.call("POST", "/v1/clock", token: testAdminToken, json: ["advanceBy": 60]).status == 200)
            let download = try await server.send(
                "GET", "/v1/me/delivered/one/attachments/pic", headers: ["Authorization": "Bearer \(token)"])
            #expect(download.status == 200 && download.body == png && download.header("Content-Type") == "image/png")
            #expect(download.header("Accept-Ranges") == "bytes")

            _ = try await server.call("POST", "/v1/centers/phone/requests/remove", token: key, json: ["identifiers": ["two"]])
            #expect(FileManager.default.fileExists(atPath: path), "the delivered notification still holds it")
            _ = try await server.call("POST", "/v1/centers/phone/delivered/remove", token: key, json: ["identifiers": ["one"]])
            #expect(!FileManager.default.fileExists(atPath: path), "gone with the last holder")
            let gone = try await server.call("GET", "/v1/media/\(mediaID)", token: key)
            #expect(gone.status == 404 && Self.code(gone) == "attachmentNotInDataStore")
            let again = try await add("three", seconds: 60)
            #expect(again.status == 422 && Self.code(again) == "attachmentNotInDataStore", "\(again.text)")

            // Deleting the center lets go of everything it held.
            let second = try await Self.upload(server, key: key, MediaSamples.gif())
            let secondPath = Self.filePath(server, sha256: try server.field("sha256", of: second))
            let held = try await server.call(
                "POST", "/v1/centers/phone/requests", token: key,
                json: [
                    "identifier": "gif",
                    "content": ["title": "x", "attachments": [["identifier": "g", "mediaID": try server.field("id", of: second)]]],
                ])
            #expect(held.status == 201, "\(held.text)")
            #expect(try await server.call("DELETE", "/v1/centers/phone", token: key).status == 204)
            #expect(!FileManager.default.fileExists(atPath: secondPath))
        }
    }

    @Test func centerDownloadsWithRangesAndOnlyItsOwn() async throws {
        try await InProcessApp.run { server in
            let (_, key) = try await server.makeApp()
            let token = try await server.makeAuthorizedCenter("phone", key: key)
            let otherToken = try await server.makeAuthorizedCenter("tablet", key: key)
            let wav = MediaSamples.wav(size: 1000)
            let mediaID = try server.field("id", of: try await Self.upload(server, key: key, wav))
            let added = try await server.call(
                "POST", "/v1/centers/phone/requests", token: key,
                json: ["identifier": "n", "content": ["title": "Listen", "attachments": [["identifier": "voice", "mediaID": mediaID]]]])
            #expect(added.status == 201, "\(added.text)")
            let path = "/v1/me/delivered/n/attachments/voice"
            func get(_ headers: [String: String], token: String = token) async throws -> LoopbackResponse {
                try await server.send("GET", path, headers: headers.merging(["Authorization": "Bearer \(token)"]) { a, _ in a })
            }
            let whole = try await get([:])
            #expect(whole.status == 200 && whole.body == wav && whole.header("Content-Type") == "audio/wav")
            let head = try await get(["Range": "bytes=0-9"])
            #expect(head.status == 206 && head.body == Array(wav[0...9]) && head.header("Content-Range") == "bytes 0-9/1000")
            let open = try await get(["Range": "bytes=990-"])
            #expect(open.status == 206 && open.body == Array(wav[990...]))
            let suffix = try await get(["Range": "bytes=-5"])
            #expect(suffix.status == 206 && suffix.body == Array(wav.suffix(5)) && suffix.header("Content-Range") == "bytes 995-999/1000")
            let beyond = try await get(["Range": "bytes=1000-"])
            #expect(beyond.status == 416 && beyond.header("Content-Range") == "bytes */1000" && Self.code(beyond) == "rangeNotSatisfiable")
            let etag = whole.header("ETag") ?? ""
            #expect(try await get(["If-None-Match": etag]).status == 304)
            #expect(try await get(["Range": "bytes=0-9", "If-Range": "\"stale\""]).status == 200, "If-Range mismatch: the whole file")
            let other = try await get([:], token: otherToken)
            #expect(other.status == 404, "another center's notification is not there: \(other.text)")
            let noAttachment = try await server.send(
                "GET", "/v1/me/delivered/n/attachments/nope", headers: ["Authorization": "Bearer \(token)"])
            #expect(noAttachment.status == 404 && Self.code(noAttachment) == "attachmentNotFound")
            // The app reads its own media, not another app's.
            #expect(try await server.call("GET", "/v1/media/\(mediaID)/content", token: key).body == wav)
            let (_, otherKey) = try await server.makeApp("Other")
            #expect(Self.code(try await server.call("GET", "/v1/media/\(mediaID)", token: otherKey)) == "attachmentNotInDataStore")
            let foreign = try await server.call(
                "POST", "/v1/centers/phone/requests", token: key,
                json: ["identifier": "x", "content": ["title": "x", "attachments": [["identifier": "a", "mediaID": "med_nope"]]]])
            #expect(foreign.status == 422 && Self.code(foreign) == "attachmentNotInDataStore")
        }
    }

    /// `python3 -m http.server` on a loopback port, serving `directory`.
    final class FileServer: Sendable {
        let process: ServerProcess
        let port: Int

        init(directory: String) async throws {
            process = try ServerProcess(
                executable: URL(fileURLWithPath: "/usr/bin/python3"),
                arguments: ["-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory", directory, "0"])
            guard let line = try await process.waitForLine(containing: "Serving HTTP"),
                let port = line.split(separator: " ").compactMap({ Int($0) }).first
            else { throw LoopbackConnection.Failure("http.server did not start: \(process.outputSoFar)") }
            self.port = port
        }

        /// SIGKILL: the test process may leave SIGTERM and SIGINT ignored for its children.
        func stop() async throws {
            process.signal(SIGKILL)
            _ = try await process.waitForExit()
        }
    }

    @Test func urlsAreFetchedThroughTheSSRFGuard() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("media-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/folder", withIntermediateDirectories: true)
        let gif = MediaSamples.gif()
        _ = FileManager.default.createFile(atPath: directory + "/cat.gif", contents: Data(gif))
        _ = FileManager.default.createFile(atPath: directory + "/notes.txt", contents: Data("not media".utf8))
        let files = try await FileServer(directory: directory)
        let base = "http://127.0.0.1:\(files.port)"

        try await InProcessApp.run(arguments: ["--webhook-allow-networks", "127.0.0.0/8"]) { server in
            let (_, key) = try await server.makeApp()
            let token = try await server.makeAuthorizedCenter("phone", key: key)
            func add(_ url: String) async throws -> LoopbackResponse {
                try await server.call(
                    "POST", "/v1/centers/phone/requests", token: key,
                    json: ["identifier": UUID().uuidString, "content": ["title": "x", "attachments": [["identifier": "a", "url": url]]]])
            }
            let fetched = try await add("\(base)/cat.gif")
            #expect(fetched.status == 201, "\(fetched.text)")
            let delivered = fetched.json["delivered"] as? [String: Any]
            let attachment =
                (((delivered?["request"] as? [String: Any])?["content"] as? [String: Any])?["attachments"] as? [[String: Any]])?
                .first
            #expect(
                attachment?["type"] as? String == "com.compuserve.gif" && (attachment?["mediaID"] as? String)?.hasPrefix("med_") == true)
            let identifier = (delivered?["request"] as? [String: Any])?["identifier"] as? String ?? ""
            let download = try await server.send(
                "GET", "/v1/me/delivered/\(identifier)/attachments/a", headers: ["Authorization": "Bearer \(token)"])
            #expect(download.body == gif)
            let missing = try await add("\(base)/nowhere.png")
            #expect(
                missing.status == 422 && Self.code(missing) == "attachmentInvalidURL" && missing.text.contains("404"), "\(missing.text)")
            let redirect = try await add("\(base)/folder")
            #expect(redirect.status == 422 && Self.code(redirect) == "attachmentInvalidURL" && redirect.text.contains("redirect"))
            let text = try await add("\(base)/notes.txt")
            #expect(text.status == 415 && Self.code(text) == "attachmentUnrecognizedType")
            let scheme = try await add("ftp://127.0.0.1/cat.gif")
            #expect(scheme.status == 422 && Self.code(scheme) == "attachmentInvalidURL")
        }

        // Without the operator's allowance, loopback, private and metadata addresses are refused.
        try await InProcessApp.run { guarded in
            let (_, guardedKey) = try await guarded.makeApp()
            _ = try await guarded.makeAuthorizedCenter("phone", key: guardedKey)
            for url in [
                "\(base)/cat.gif", "http://169.254.169.254/latest/meta-data", "http://10.0.0.1/x.png", "http://user:pw@example.com/x.png",
            ] {
                let refused = try await guarded.call(
                    "POST", "/v1/centers/phone/requests", token: guardedKey,
                    json: ["identifier": "r", "content": ["title": "x", "attachments": [["identifier": "a", "url": url]]]])
                #expect(refused.status == 422 && Self.code(refused) == "attachmentInvalidURL", "\(url): \(refused.text)")
                #expect(refused.text.contains("SSRF"), "\(url): \(refused.text)")
            }
        }
        try await files.stop()
    }
}
