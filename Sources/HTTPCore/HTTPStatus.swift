import HTTPTypes

/// An HTTP status: swift-http-types' type, with its code and reason phrase (a problem's `title`).
package typealias HTTPStatus = HTTPTypes.HTTPResponse.Status

extension HTTPTypes.HTTPResponse.Status {
    /// 507, which swift-http-types does not name.
    package static var insufficientStorage: Self { .init(code: 507, reasonPhrase: "Insufficient Storage") }
}
