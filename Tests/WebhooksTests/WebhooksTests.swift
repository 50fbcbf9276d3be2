import Foundation
import HTTPTypes
import Testing
import Webhooks

@Suite struct SigningTests {
    /// The vector comes from the official `standardwebhooks` package (`Webhook(secret).sign`).
    @Test func aSignatureMatchesTheReferenceLibrary() throws {
        let secret = try WebhookSecret("whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")
        let signature = WebhookSignature.signature(id: "msg_1", timestamp: 1_700_000_000, body: Array(#"{"a":1}"#.utf8), secret: secret)
        #expect(signature == "v1,AMaOha7DUT/0J0JMycRuYOBSvbx3WtwLd2khXXbaVj4=")
    }

    /// A signer keys its secrets once and signs from a copy of that state: signing one message leaves
    /// nothing behind for the next.
    @Test func aKeyedSignerSignsEachMessageAsIfAlone() throws {
        let secret = try WebhookSecret("whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")
        let signer = WebhookSigner([secret])
        let body = Array(#"{"a":1}"#.utf8)
        let other = signer.signatures(id: "msg_2", timestamp: 1_700_000_001, body: Array("longer than the first".utf8))
        #expect(
            other == [
                WebhookSignature.signature(id: "msg_2", timestamp: 1_700_000_001, body: Array("longer than the first".utf8), secret: secret)
            ])
        for _ in 0..<2 {
            #expect(
                signer.signatures(id: "msg_1", timestamp: 1_700_000_000, body: body) == ["v1,AMaOha7DUT/0J0JMycRuYOBSvbx3WtwLd2khXXbaVj4="])
        }
        #expect(other != signer.signatures(id: "msg_1", timestamp: 1_700_000_000, body: body))
    }

    @Test func everySecretSignsDuringRotation() throws {
        let headers = WebhookSignature.headers(
            id: "msg_1", timestamp: 1, body: [], secrets: [WebhookSecret.generate(), WebhookSecret.generate()])
        #expect(headers.map(\.name.rawName) == ["webhook-id", "webhook-timestamp", "webhook-signature"])
        let signatures = try #require(headers[.webhookSignature]).split(separator: " ")
        #expect(signatures.count == 2 && signatures.allSatisfy { $0.hasPrefix("v1,") })
    }

    @Test(arguments: [
        "nope", "whsec_", "whsec_!!!", "whsec_" + Data(count: 23).base64EncodedString(), "whsec_" + Data(count: 65).base64EncodedString(),
    ])
    func badSecretsAreRefused(text: String) {
        #expect(throws: WebhookConfigurationError.self) { try WebhookSecret(text) }
    }

    @Test func aGeneratedSecretRoundTrips() throws {
        let secret = WebhookSecret.generate()
        #expect(try WebhookSecret(secret.text) == secret)
    }
}

@Suite struct OutboundURLPolicyTests {
    @Test(arguments: [
        ("127.0.0.1", "loopback"), ("127.9.9.9", "loopback"), ("::1", "loopback"), ("::ffff:127.0.0.1", "loopback"),
        ("10.0.0.1", "private"), ("172.16.0.1", "private"), ("172.31.255.255", "private"), ("192.168.1.1", "private"),
        ("100.64.0.1", "private"), ("fd00::1", "private"), ("169.254.169.254", "link-local"), ("fe80::1", "link-local"),
        ("224.0.0.1", "multicast"), ("ff02::1", "multicast"), ("0.0.0.0", "unspecified"), ("::", "unspecified"),
        ("240.0.0.1", "reserved"), ("255.255.255.255", "broadcast"), ("198.18.0.1", "benchmarking"), ("198.19.255.255", "benchmarking"),
        ("192.0.0.1", "protocol-assignment"), ("192.0.2.1", "documentation"), ("203.0.113.9", "documentation"),
        ("192.88.99.1", "reserved"), ("2001:db8::1", "documentation"), ("3fff::1", "documentation"), ("100::1", "reserved"),
        ("5f00::1", "reserved"), ("fec0::1", "link-local"), ("64:ff9b:1::1", "private"), ("2001:2::1", "protocol-assignment"),
        ("4000::1", "reserved"),
        // IPv4 carried in IPv6 is judged by the IPv4 address: compatible, NAT64, 6to4, Teredo (client bits inverted).
        ("::127.0.0.1", "loopback"), ("::2", "unspecified"), ("64:ff9b::a9fe:a9fe", "link-local"), ("64:ff9b::10.0.0.1", "private"),
        ("2002:a9fe:a9fe::1", "link-local"), ("2002:7f00:1::", "loopback"), ("2001:0:4136:e378:8000:63bf:3fff:fdd2", "documentation"),
        ("2001:0:7f00:1:8000:63bf:f7f7:f7f7", "loopback"),
    ])
    func specialAddressesAreClassified(address: String, range: String) throws {
        #expect(try #require(IPAddress(address)).specialRange?.rawValue == range)
    }

    @Test(arguments: [
        "8.8.8.8", "172.32.0.1", "1.1.1.1", "2606:4700::1111", "192.169.0.1", "64:ff9b::808:808", "2002:808:808::1", "198.20.0.1",
        "::ffff:8.8.8.8",
    ])
    func publicAddressesAreNot(address: String) throws {
        #expect(try #require(IPAddress(address)).specialRange == nil)
    }

    @Test func aRefusalNamesTheAddressInside() throws {
        #expect {
            try OutboundURLPolicy().check([IPAddress("64:ff9b::a9fe:a9fe")!], host: "h", field: "f")
        } throws: { error in
            let message = (error as? WebhookConfigurationError)?.message ?? ""
            return message.contains("169.254.169.254") && message.contains("NAT64") && message.contains("rule: link-local")
        }
    }

    @Test func theOperatorsAllowListOpensANetwork() throws {
        let loopback = try #require(IPAddress("127.0.0.1"))
        #expect(throws: WebhookConfigurationError.self) { try OutboundURLPolicy().check([loopback], host: "h", field: "f") }
        try OutboundURLPolicy(allowedNetworks: [IPNetwork("127.0.0.0/8")!]).check([loopback], host: "h", field: "f")
        // Every resolved address must pass: one private address among public ones is enough to refuse.
        #expect(throws: WebhookConfigurationError.self) {
            try OutboundURLPolicy().check([IPAddress("8.8.8.8")!, IPAddress("10.0.0.1")!], host: "h", field: "f")
        }
    }

    @Test func networksContainTheirAddressesOnly() throws {
        let network = try #require(IPNetwork("172.16.0.0/12"))
        #expect(network.contains(IPAddress("172.20.1.1")!))
        #expect(!network.contains(IPAddress("172.32.0.1")!))
        #expect(!network.contains(IPAddress("::1")!))
        #expect(IPNetwork("10.0.0.0/33") == nil && IPNetwork("nope/8") == nil)
    }
}

@Suite struct RetryScheduleTests {
    let now = Date(timeIntervalSince1970: 0)

    @Test func theStandardScheduleWithJitterAndRetryAfter() {
        let schedule = RetrySchedule()
        #expect(schedule.nextAttempt(afterFailedAttempts: 1, now: now, random: { $0.lowerBound }) == now.addingTimeInterval(4.5))
        #expect(schedule.nextAttempt(afterFailedAttempts: 2, now: now, random: { $0.upperBound }) == now.addingTimeInterval(330))
        #expect(schedule.nextAttempt(afterFailedAttempts: 1, now: now, retryAfter: 120, random: { _ in 1 }) == now.addingTimeInterval(120))
        #expect(schedule.nextAttempt(afterFailedAttempts: 9, now: now, random: { _ in 1 }) == now.addingTimeInterval(86_400))
        #expect(schedule.nextAttempt(afterFailedAttempts: 10, now: now) == nil, "exhausted: failed")
    }

    @Test(arguments: [
        (200, [String: String](), DeliveryVerdict.delivered), (204, [:], .delivered), (410, [:], .disableEndpoint),
        (500, ["webhook-delivery": "abort-message"], .abort), (301, [:], .retry(retryAfter: nil)), (500, [:], .retry(retryAfter: nil)),
        (429, ["retry-after": "30"], .retry(retryAfter: 30)), (503, ["retry-after": "7"], .retry(retryAfter: 7)),
        (503, ["retry-after": "soon"], .retry(retryAfter: nil)),
    ])
    func responsesAreClassified(status: Int, headers: [String: String], verdict: DeliveryVerdict) {
        #expect(DeliveryVerdict.classify(status: status, header: { headers[$0] }) == verdict)
    }

    @Test func noResponseIsRetried() {
        #expect(DeliveryVerdict.classify(status: nil, header: { _ in nil }) == .retry(retryAfter: nil))
    }
}
