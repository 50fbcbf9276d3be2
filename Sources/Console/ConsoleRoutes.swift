import Foundation
import HTTPCore
import HTTPTypes

/// The web console: static HTML, CSS and JavaScript shipped as this target's resources and served under
/// `/console`. It calls the public API like any client, so it needs no endpoints of its own; its responses
/// carry a strict Content-Security-Policy (scripts and styles from this origin only, no inline script, no
/// framing), since the page holds a credential.
package enum ConsoleRoutes {
    /// The console's files by name, read once.
    static let files: [String: ConsoleFile] = {
        guard
            let directory = Bundle.module.url(forResource: "index", withExtension: "html", subdirectory: "Resources")?
                .deletingLastPathComponent(),
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [:] }
        var files: [String: ConsoleFile] = [:]
        for name in names {
            guard let type = ConsoleFile.contentType(of: name),
                let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
            else { continue }
            files[name] = ConsoleFile(contentType: type, bytes: Array(data))
        }
        return files
    }()

    /// The headers of every console response.
    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy:
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; media-src 'self' blob:; "
            + "connect-src 'self'; worker-src 'self'; manifest-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        .xFrameOptions: "DENY",
        .xContentTypeOptions: "nosniff",
        .referrerPolicy: "no-referrer",
        .crossOriginOpenerPolicy: "same-origin",
        .cacheControl: "no-cache",
    ]

    package static func register(on router: inout Router) {
        let files = Self.files
        // A person who opens the server's address lands in the console (the API has nothing at `/`).
        router.on(.get, "/") { _ in
            Response(
                status: .found, headers: [.location: "/console", .contentType: "text/plain; charset=utf-8"],
                body: .bytes(Array("The console is at /console.\n".utf8)))
        }
        router.on(.get, "/console") { _ in try response(for: "index.html", in: files) }
        router.on(.get, "/console/{file}") { request in try response(for: request.pathParameters["file"] ?? "", in: files) }
    }

    private static func response(for name: String, in files: [String: ConsoleFile]) throws -> Response {
        guard let file = files[name] else { throw Problem.notFound("The console has no file '\(name)'.") }
        var headers = securityHeaders
        headers[.contentType] = file.contentType
        return Response(status: .ok, headers: headers, body: .bytes(file.bytes))
    }
}

/// One file of the console.
struct ConsoleFile: Sendable {
    var contentType: String
    var bytes: [UInt8]

    static func contentType(of name: String) -> String? {
        switch (name as NSString).pathExtension {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "webmanifest": "application/manifest+json"
        default: nil
        }
    }
}
