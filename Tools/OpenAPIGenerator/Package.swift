// swift-tools-version:6.1
// Only for `make generate`: builds swift-openapi-generator, which writes Sources/UserNotifyClient from
// openapi.yaml. The generated code is committed, so neither the build nor CI needs the generator.
import PackageDescription

let package = Package(
    name: "OpenAPIGenerator",
    dependencies: [.package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")]
)
