import HTTPTypes
import OutboundHTTP
import Outbox
import Synchronization
import Testing
import WebhookDelivery
import Webhooks

/// The SSRF guard's lookups: kept for their lifetime, on an injected clock and an injected lookup.
@Suite struct HostResolverTests {
    /// A clock the test moves, and a lookup that counts its calls and answers from a table.
    final class Fixture: Sendable {
        let instant = Mutex(ContinuousClock.now)
        let lookups = Mutex<[String]>([])
        let table = Mutex<[String: [IPAddress]]>([:])

        func resolver(lifetime: Duration = .seconds(10), capacity: Int = 16) -> HostResolver {
            HostResolver(
                lifetime: lifetime, capacity: capacity, now: { self.instant.withLock { $0 } },
                lookup: { host in
                    self.lookups.withLock { $0.append(host) }
                    return self.table.withLock { $0[host] ?? [] }
                })
        }

        func advance(_ duration: Duration) { instant.withLock { $0 += duration } }
        func answer(_ host: String, _ addresses: String...) { table.withLock { $0[host] = addresses.map { IPAddress($0)! } } }
        var count: Int { lookups.withLock { $0.count } }
    }

    @Test func aNameIsLookedUpOnceInItsAnswersLifetime() async throws {
        let fixture = Fixture()
        fixture.answer("hooks.example", "203.0.113.7")
        let resolver = fixture.resolver(lifetime: .seconds(10))
        #expect(try await resolver.addresses(of: "hooks.example") == [IPAddress("203.0.113.7")!])
        fixture.advance(.seconds(9))
        fixture.answer("hooks.example", "203.0.113.8")
        #expect(try await resolver.addresses(of: "hooks.example") == [IPAddress("203.0.113.7")!], "the kept answer")
        #expect(fixture.count == 1)
        fixture.advance(.seconds(1))
        #expect(try await resolver.addresses(of: "hooks.example") == [IPAddress("203.0.113.8")!], "looked up again once it expired")
        #expect(fixture.count == 2)
    }

    @Test func aFreshLookupReplacesTheKeptAnswer() async throws {
        let fixture = Fixture()
        fixture.answer("hooks.example", "203.0.113.7")
        let resolver = fixture.resolver()
        _ = try await resolver.addresses(of: "hooks.example")
        fixture.answer("hooks.example", "10.0.0.1")
        #expect(try await resolver.addresses(of: "hooks.example", fresh: true) == [IPAddress("10.0.0.1")!])
        #expect(try await resolver.addresses(of: "hooks.example") == [IPAddress("10.0.0.1")!])
        #expect(fixture.count == 2)
    }

    @Test func literalsAreNeverLookedUpAndFailuresAreNotKept() async throws {
        let fixture = Fixture()
        let resolver = fixture.resolver()
        #expect(try await resolver.addresses(of: "127.0.0.1") == [IPAddress("127.0.0.1")!])
        #expect(try await resolver.addresses(of: "nowhere.example").isEmpty)
        fixture.answer("nowhere.example", "203.0.113.9")
        #expect(
            try await resolver.addresses(of: "nowhere.example") == [IPAddress("203.0.113.9")!], "a name that did not resolve is tried again"
        )
        #expect(fixture.lookups.withLock { $0 } == ["nowhere.example", "nowhere.example"])
    }

    @Test func aFullResolverDropsExpiredAnswersFirstThenAll() async throws {
        let fixture = Fixture()
        for host in ["a.example", "b.example", "c.example", "d.example"] { fixture.answer(host, "203.0.113.1") }
        let resolver = fixture.resolver(lifetime: .seconds(10), capacity: 2)
        _ = try await resolver.addresses(of: "a.example")
        fixture.advance(.seconds(11))
        _ = try await resolver.addresses(of: "b.example")
        _ = try await resolver.addresses(of: "c.example")
        #expect(resolver.keptCount == 2, "a's expired answer made room")
        _ = try await resolver.addresses(of: "d.example")
        #expect(resolver.keptCount == 1, "none had expired: all went, d's answer stays")
        _ = try await resolver.addresses(of: "d.example")
        #expect(fixture.count == 4)
    }

    /// The guard checks the kept answer on every call: a name that resolves to a private address stays
    /// refused however often it is called, and a public one is let through.
    @Test func theGuardChecksEveryCallAgainstTheKeptAnswer() async throws {
        let fixture = Fixture()
        fixture.answer("inside.example", "10.1.2.3")
        fixture.answer("outside.example", "93.184.216.34")
        let resolver = fixture.resolver()
        let policy = OutboundURLPolicy()
        for _ in 0..<2 {
            await #expect(throws: WebhookConfigurationError.self) {
                try await policy.checkResolving("https://inside.example/hook", field: "url", resolver: resolver)
            }
            try await policy.checkResolving("https://outside.example/hook", field: "url", resolver: resolver)
        }
        #expect(fixture.count == 2)
    }

    /// The client keeps a URL's parse once it passed the rules, but checks the host's addresses on every
    /// post: a name whose answer turns private is refused from then on, and a URL the rules refuse is
    /// refused every time (nothing refused is kept).
    @Test func theClientChecksTheAddressesOfAURLItParsedBefore() async throws {
        let fixture = Fixture()
        fixture.answer("hooks.example", "127.0.0.1")
        let client = OutboundHTTPClient(
            policy: OutboundURLPolicy(allowedNetworks: [IPNetwork("127.0.0.0/8")!]), resolver: fixture.resolver(lifetime: .seconds(10)))
        // Port 9 (discard) on loopback: whatever comes of the call (refused, timed out), the guard let it through.
        let url = "http://hooks.example:9/hook"
        let first = await client.post(url, body: [], headers: [:], timeout: .milliseconds(100))
        #expect(first.error?.contains("SSRF") != true)
        fixture.answer("hooks.example", "10.1.2.3")
        fixture.advance(.seconds(11))
        let second = await client.post(url, body: [], headers: [:], timeout: .seconds(5))
        #expect(second.error?.contains("refused by the SSRF guard") == true)
        #expect(second.error?.contains("10.1.2.3") == true)
        for _ in 0..<2 {
            let refused = await client.post("ftp://hooks.example/hook", body: [], headers: [:], timeout: .seconds(5))
            #expect(refused.error?.contains("rule: scheme") == true)
        }
        await client.shutdown()
    }
}
