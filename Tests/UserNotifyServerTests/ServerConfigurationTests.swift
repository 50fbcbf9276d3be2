import Logging
import MicroHTTPD
import Testing
import UserNotifyServer

@Suite struct ServerConfigurationTests {
    @Test func defaultsRunOnALaptop() throws {
        let configuration = try ServerConfiguration.parse(arguments: [], environment: [:])
        #expect(configuration.http.host == "127.0.0.1")
        #expect(configuration.http.port == 8080)
        #expect(configuration.dataDirectory == "./data")
        #expect(configuration.logLevel == .info)
        #expect(configuration.adminToken == nil)
    }

    @Test func environmentIsReadAndFlagsWin() throws {
        let configuration = try ServerConfiguration.parse(
            arguments: ["--port", "9000", "--data-dir=/tmp/x"],
            environment: [
                "USERNOTIFYD_PORT": "7000", "USERNOTIFYD_HOST": "0.0.0.0", "USERNOTIFYD_DATA_DIR": "/var/lib/u",
                "USERNOTIFYD_LOG_LEVEL": "DEBUG", "USERNOTIFYD_MAX_BODY_BYTES": "2048", "USERNOTIFYD_ADMIN_TOKEN": "s3cret",
            ]
        )
        #expect(configuration.http.port == 9000)
        #expect(configuration.http.host == "0.0.0.0")
        #expect(configuration.dataDirectory == "/tmp/x")
        #expect(configuration.logLevel == .debug)
        #expect(configuration.http.maxBodyBytes == 2048)
        #expect(configuration.adminToken == "s3cret")
    }

    @Test(arguments: [
        (["--port", "70000"], "port must be a whole number from 0 to 65535"),
        (["--port"], "--port needs a value"),
        (["--log-level", "loud"], "log-level must be one of"),
        (["--frobnicate", "1"], "unknown argument '--frobnicate'"),
        (["--max-body-bytes", "-1"], "max-body-bytes must be a whole number"),
    ])
    func badValuesAreRefusedWithAClearMessage(arguments: [String], message: String) {
        #expect {
            try ServerConfiguration.parse(arguments: arguments, environment: [:])
        } throws: { error in
            (error as? ConfigurationError)?.description.contains(message) == true
        }
    }

    @Test func badEnvironmentValuesAreRefusedToo() {
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.parse(arguments: [], environment: ["USERNOTIFYD_PORT": "eighty"])
        }
    }

    @Test func usageListsEveryEnvironmentVariable() {
        for name in [
            "USERNOTIFYD_HOST", "USERNOTIFYD_PORT", "USERNOTIFYD_DATA_DIR", "USERNOTIFYD_LOG_LEVEL", "USERNOTIFYD_MAX_BODY_BYTES",
            "USERNOTIFYD_ADMIN_TOKEN",
        ] {
            #expect(ServerConfiguration.usage.contains(name))
        }
    }
}
