import RelayService
import Storage

/// The relays to phones, beside the dispatcher: the service that makes each provider request, the store
/// of registrations, and the client that sends them.
package struct DeviceRelay: Sendable {
    package let service: DeviceRelayService
    package let store: any DeviceRelayStore
    package let client: RelayClient

    package init(service: DeviceRelayService, store: any DeviceRelayStore, client: RelayClient) {
        self.service = service
        self.store = store
        self.client = client
    }
}
