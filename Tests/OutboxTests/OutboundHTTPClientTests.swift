import HTTPTypes
import OutboundHTTP
import Outbox
import Testing
import Webhooks

/// The SSRF guard's rules as every post applies them, checked once per scheme and authority.
@Suite struct OutboundHTTPClientTests {
    @Test(arguments: [
        ("https://fcm.googleapis.com/fcm/send/abc", "https://fcm.googleapis.com"),
        ("https://user:pw@push.example:8443?x=1", "https://user:pw@push.example:8443"),
        ("http://[::1]:8080#fragment", "http://[::1]:8080"),
        ("https://push.example", "https://push.example"),
        ("https://bücher.example/ä?q#f", "https://bücher.example"),
        ("mailto:someone@example.com", "mailto:someone@example.com"),
        ("a:b://c/d", "a:b://c/d"),
        ("not a url", "not a url"),
    ])
    func theAuthorityIsTheURLUpToItsPathQueryOrFragment(url: String, authority: String) {
        #expect(OutboundHTTPClient.authority(of: url) == authority[...])
    }

    /// Endpoints of one push service share their check; one that carries credentials, on the same host,
    /// is checked as its own and refused, however many of the others passed before it.
    @Test func aURLWithCredentialsOnACheckedHostIsStillRefused() async throws {
        let client = OutboundHTTPClient(policy: OutboundURLPolicy(allowedNetworks: [IPNetwork("127.0.0.0/8")!]))
        // Port 1 on loopback: nothing listens, so a post the guard lets through fails to connect.
        for path in ["a", "b"] {
            let passed = await client.post("http://127.0.0.1:1/\(path)", body: [], headers: [:], timeout: .seconds(5))
            #expect(passed.status == nil && passed.error?.contains("SSRF") == false, "\(passed.error ?? "")")
        }
        let refused = await client.post("http://user:pw@127.0.0.1:1/c", body: [], headers: [:], timeout: .seconds(5))
        #expect(refused.error?.contains("refused by the SSRF guard") == true && refused.error?.contains("credentials") == true)
        let private10 = await client.post("http://10.0.0.1:1/a", body: [], headers: [:], timeout: .seconds(5))
        #expect(private10.error?.contains("refused by the SSRF guard") == true, "\(private10.error ?? "")")
        await client.shutdown()
    }
}
