import NotificationCore
import Testing

@Suite struct TraceContextTests {
    @Test func validTraceparentsAreKept() {
        let header = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
        #expect(TraceContext.validated(header) == header)
        #expect(TraceContext.validated("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00") != nil)
    }

    @Test(arguments: [
        "", "garbage", "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",  // another version
        "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",  // uppercase
        "00-00000000000000000000000000000000-00f067aa0ba902b7-01",  // trace id all zeros
        "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",  // parent id all zeros
        "00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01",  // short trace id
        "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",
        "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902bz-01",
    ])
    func invalidOnesAreIgnored(_ header: String) {
        #expect(TraceContext.validated(header) == nil)
    }
}
