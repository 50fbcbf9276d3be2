// swift-tools-version: 6.0
// The Swift client of usernotifyd, generated from its openapi.yaml (`make generate` in the server's
// repository; do not edit the generated files). A package of its own so that an app depends on the OpenAPI
// runtime and nothing of the server. Pair it with a transport: swift-openapi-async-http-client on Linux,
// swift-openapi-urlsession on Apple platforms.
import PackageDescription

let package = Package(
    name: "usernotify-swift",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "UserNotifyClient", targets: ["UserNotifyClient"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
    ],
    targets: [
        .target(
            name: "UserNotifyClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["openapi-generator-config.yaml"]
        )
    ]
)
