import HTTPCore
import Testing

@Suite struct RequestTargetTests {
    @Test(
        arguments: [
            ("/", [], "/"), ("", [], "/"), ("/v1/centers", ["v1", "centers"], "/v1/centers"),
            ("/v1/centers/", ["v1", "centers"], "/v1/centers"), ("/a//b", ["a", "", "b"], "/a//b"),
            ("//", [""], "/"), ("/a/b%2Fc", ["a", "b/c"], "/a/b/c"), ("/caf%C3%A9/x+y", ["café", "x+y"], "/café/x+y"),
            ("/caf\u{E9}", ["café"], "/café"), ("v1/x", ["v1", "x"], "/v1/x"), ("/a%20b/", ["a b"], "/a b"),
        ] as [(String, [String], String)])
    func splitsDecodesAndJoinsThePath(raw: String, segments: [String], path: String) throws {
        let target = try RequestTarget(rawPath: raw, rawQuery: [])
        #expect(target.segments == segments)
        #expect(target.path == path)
    }

    @Test(arguments: ["/a%00b", "/a%zz", "/a%C3", "/a%7F", "/a\u{1}"])
    func refusesControlCharactersAndBrokenEscapes(raw: String) {
        #expect(throws: Problem.self) { try RequestTarget(rawPath: raw, rawQuery: []) }
    }

    @Test func decodesTheQueryWithPlusAsASpace() throws {
        let target = try RequestTarget(rawPath: "/x", rawQuery: [(name: "a+b", value: "c%2Bd+e")])
        #expect(target.query.map(\.name) == ["a b"])
        #expect(target.query.map(\.value) == ["c+d e"])
    }
}
