import Clocks
import Foundation
import HTTPTypes
import NIOSSL
import OutboundHTTP
import Outbox
import Relay
import Webhooks

/// The calls to APNs and FCM: HTTP/2 over TLS (ALPN; APNs takes nothing else), with the providers'
/// bearer tokens kept and renewed per credential — APNs' ES256 provider token, and the OAuth access
/// token a service account's RS256 assertion buys. The URLs are the deployment's, not an app's: no SSRF
/// guard, and the operator may add a trust root (a proxy's, a test CA) beside the system's.
package final class RelayClient: Sendable {
    /// An answer to one message: the call as sent (its status and headers), what it means, and whether
    /// the service asked for a token that had expired and the message went again with a new one.
    package struct Result: Sendable {
        package var outcome: AttemptOutcome
        /// nil when no answer came (or no token could be had: `outcome.error` says why).
        package var answer: RelayAnswer?
        package var renewedToken: Bool
    }

    /// HTTP/2 over TLS to the providers' hosts, a few connections to each (Apple asks high-volume
    /// providers for several connections to APNs), each message a stream; HTTP/1.1 to the token endpoint.
    private let client: OutboundHTTPClient
    private let providerTokens: RenewingTokens
    private let accessTokens: RenewingTokens
    private let googleTokenURL: String
    /// Real time: the providers' tokens are signed with it and kept by it.
    private let wallClock: any WallClock

    /// `trustRootsFile`: a PEM file of certificates trusted beside the system's; `connections`: how many
    /// HTTP/2 connections to each provider's host, taken in turn.
    package init(googleTokenURL: String, trustRootsFile: String? = nil, connections: Int = 3, wallClock: any WallClock = SystemClock()) {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let trustRootsFile { tls.additionalTrustRoots = [.file(trustRootsFile)] }
        // The deployment's URLs, not an app's: any address.
        client = OutboundHTTPClient(policy: .anyAddress, tls: tls, http2Connections: connections)
        providerTokens = RenewingTokens(now: { wallClock.now })
        accessTokens = RenewingTokens(now: { wallClock.now })
        self.wallClock = wallClock
        self.googleTokenURL = googleTokenURL
    }

    /// Sends one message; an answer that its token expired renews the token and sends it again, once.
    package func send(_ request: DeviceRelayService.Request, timeout: Duration) async -> Result {
        var result = await sendOnce(request, timeout: timeout)
        if result.answer == .expiredToken {
            result = await sendOnce(request, timeout: timeout)
            result.renewedToken = true
        }
        return result
    }

    private func sendOnce(_ request: DeviceRelayService.Request, timeout: Duration) async -> Result {
        let start = ContinuousClock.now
        switch request {
        case .apns(let notification, let url, let credential, let credentialID):
            let token: String
            do {
                token = try await providerTokens.token(for: credentialID) {
                    (try ProviderTokens.apns(credential, now: self.wallClock.now), ProviderTokens.apnsUseFor)
                }
            } catch {
                return Result(
                    outcome: .noAnswer("the APNs key cannot sign: \(error)", since: start), answer: .rejected(reason: "InvalidKey"),
                    renewedToken: false)
            }
            let outcome = await client.post(
                url, body: notification.payload,
                headers: notification.headers + [HTTPField(name: .authorization, value: "bearer \(token)")], timeout: timeout, over: .http2)
            let answer = outcome.status.map { RelayAnswer.apns(status: $0, header: outcome.header, body: outcome.body) }
            if answer == .expiredToken { await providerTokens.expire(token, of: credentialID) }
            return Result(outcome: outcome, answer: answer, renewedToken: false)
        case .fcm(let message, let url, let account, let credentialID):
            let token: String
            do {
                token = try await accessTokens.token(for: credentialID) { try await self.accessToken(account, timeout: timeout) }
            } catch let failure as TokenFailure {
                return Result(outcome: .noAnswer(failure.description, since: start), answer: failure.answer, renewedToken: false)
            } catch {
                return Result(
                    outcome: .noAnswer("OAuth: \(error)", since: start), answer: .rejected(reason: "InvalidKey"), renewedToken: false)
            }
            let outcome = await client.post(
                url, body: message.body, headers: [.authorization: "Bearer \(token)"], timeout: timeout, over: .http2)
            let answer = outcome.status.map { RelayAnswer.fcm(status: $0, header: outcome.header, body: outcome.body) }
            if answer == .expiredToken { await accessTokens.expire(token, of: credentialID) }
            return Result(outcome: outcome, answer: answer, renewedToken: false)
        }
    }

    /// Why no access token came: the token endpoint refused the account (for good), or could not be
    /// reached or failed (for now).
    private struct TokenFailure: Error, CustomStringConvertible {
        var description: String
        var answer: RelayAnswer?
    }

    /// Trades the service account's assertion for an access token (RFC 7523), used until 5 minutes before
    /// it expires.
    private func accessToken(_ account: FCMServiceAccount, timeout: Duration) async throws -> (token: String, useFor: TimeInterval) {
        struct Granted: Decodable {
            var access_token: String
            var expires_in: Double?
        }
        let assertion = try ProviderTokens.googleAssertion(account, tokenURL: googleTokenURL, now: wallClock.now)
        let form = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=\(assertion)"
        let outcome = await client.post(
            googleTokenURL, body: Array(form.utf8), headers: [:], contentType: "application/x-www-form-urlencoded", timeout: timeout)
        guard let status = outcome.status else {
            throw TokenFailure(description: "OAuth: \(outcome.error ?? "no answer")", answer: nil)
        }
        guard status == 200, let granted = try? JSONDecoder().decode(Granted.self, from: Data(outcome.body)) else {
            let text = String(decoding: outcome.body.prefix(200), as: UTF8.self)
            let reason = "OAuth token endpoint answered \(status): \(text)"
            throw TokenFailure(
                description: reason,
                answer: status == 429 || status >= 500 ? .retry(reason: reason, retryAfter: nil) : .rejected(reason: reason))
        }
        return (granted.access_token, max(60, (granted.expires_in ?? 3600) - 300))
    }

    package func shutdown() async {
        await client.shutdown()
    }
}
