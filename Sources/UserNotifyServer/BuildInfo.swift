/// What this build is: `usernotifyd --version`, and `usernotifyd_build_info` in the metrics. The API's
/// version in `openapi.yaml` (`info.version`) is the same number.
package enum BuildInfo {
    package static let version = "0.1.0"
}
