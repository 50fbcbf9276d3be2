import Foundation
import Memberwise
import MemberwiseExpansion
import Testing

@Suite struct MemberwiseInitMacroTests {
    @Test func aStructGetsAPackageInitializerOfItsStoredPropertiesInOrder() throws {
        let type = #"""
            @MemberwiseInit
            package struct Record: Sendable {
                /// Documented: a `var` in a comment, and "quotes".
                package var id: String
                var note: String? = "none, { not a block"
                var createdAt: Date?
                let kind: Int = 1
                let read: @Sendable (String) async throws(ReadError) -> Int
                var table: Dictionary<String, [Int]> = [
                    "a": [1, 2],
                ]
                var count: Int { 3 }
                var seen: Int = 0 {
                    didSet { print(seen) }
                }
                var made: Box = Box { $0 + 1 }
                private var handler: (@Sendable () -> Void)?
                static let limit = 10
                lazy var cache: [Int] = []
                struct Nested { var inner: Int }
                func f() { var local = 1; let other = 2 }
            }
            """#
        #expect(
            try MemberwiseInitMacro.expansion(of: type, access: "package") == """
                package init(
                    id: String,
                    note: String? = "none, { not a block",
                    createdAt: Date? = nil,
                    read: @escaping @Sendable (String) async throws(ReadError) -> Int,
                    table: Dictionary<String, [Int]> = [
                        "a": [1, 2],
                    ],
                    seen: Int = 0,
                    made: Box = Box { $0 + 1 },
                    handler: (@Sendable () -> Void)? = nil
                ) {
                    self.id = id
                    self.note = note
                    self.createdAt = createdAt
                    self.read = read
                    self.table = table
                    self.seen = seen
                    self.made = made
                    self.handler = handler
                }
                """)
    }

    @Test func anActorGetsTheAccessNamedAndALetWithoutValueIsAParameter() throws {
        let access = try MemberwiseInitMacro.access(of: "@MemberwiseInit(.internal)")
        let type = "actor Cache {\n    let name: String\n    private var entries: [String: Int]\n    let limit: Int?\n}"
        #expect(
            try MemberwiseInitMacro.expansion(of: type, access: access) == """
                internal init(name: String, entries: [String: Int], limit: Int?) {
                    self.name = name
                    self.entries = entries
                    self.limit = limit
                }
                """)
        #expect(try MemberwiseInitMacro.access(of: "@MemberwiseInit") == "package")
        #expect(try MemberwiseInitMacro.access(of: "@MemberwiseInit(.public)") == "public")
        // The compiler sends the attribute with the comments before it.
        #expect(try MemberwiseInitMacro.access(of: "/// Made (once) by `f()`.\n@MemberwiseInit") == "package")
        #expect(try MemberwiseInitMacro.access(of: "// (a)\n@MemberwiseInit( .internal )") == "internal")
    }

    @Test(arguments: [
        ("enum Kind {\n    case a\n}", "@MemberwiseInit goes on a struct, a class or an actor"),
        ("struct Guess {\n    var count = 0\n}", "@MemberwiseInit needs the type of 'count' written out"),
        ("struct Pair {\n    var (a, b): (Int, Int)\n}", "@MemberwiseInit needs each stored property under a name of its own"),
        ("struct Two {\n    var a: Int, b: Int\n}", "@MemberwiseInit needs one property a declaration ('a')"),
    ])
    func whatItCannotWriteIsSaid(type: String, message: String) {
        let error = #expect(throws: MemberwiseError.self) { try MemberwiseInitMacro.expansion(of: type, access: "package") }
        #expect(error?.description == message)
    }

    @Test func aWrongAccessIsSaid() {
        #expect(throws: MemberwiseError.self) { try MemberwiseInitMacro.access(of: "@MemberwiseInit(.private)") }
    }

    /// The compiler's messages as it sends them: its capability, then an expansion; an error comes back
    /// as a diagnostic at the attribute.
    @Test func thePluginAnswersTheCompilersMessages() throws {
        func answer(_ json: String) throws -> [String: Any] {
            let message = try JSONDecoder().decode(HostMessage.self, from: Data(json.utf8))
            let reply = try JSONEncoder().encode(PluginMessage.answer(to: message))
            return try #require(JSONSerialization.jsonObject(with: reply) as? [String: Any])
        }
        let capability = try answer(#"{"getCapability":{"capability":{"protocolVersion":7}}}"#)
        #expect((capability["getCapabilityResult"] as? [String: Any])?["capability"] as? [String: Int] == ["protocolVersion": 7])

        func expand(_ attribute: String, _ declaration: String) throws -> [String: Any] {
            let location = #"{"fileID":"M/a.swift","fileName":"/s/a.swift","offset":12,"line":2,"column":1}"#
            let json = """
                {"expandAttachedMacro":{"macro":{"moduleName":"MemberwiseMacros","typeName":"MemberwiseInitMacro","name":"MemberwiseInit"},\
                "macroRole":"member","discriminator":"$s1M","attributeSyntax":{"kind":"attribute","source":\(quoted(attribute)),\
                "location":\(location)},"declSyntax":{"kind":"declaration","source":\(quoted(declaration)),"location":\(location)},\
                "parentDeclSyntax":null,"extendedTypeSyntax":null,"conformanceListSyntax":null}}
                """
            return try #require(try answer(json)["expandMacroResult"] as? [String: Any])
        }
        let expanded = try expand("@MemberwiseInit", "@MemberwiseInit struct S {\n    var a: Int\n}")
        #expect(expanded["expandedSource"] as? String == "package init(a: Int) {\n    self.a = a\n}")
        #expect((expanded["diagnostics"] as? [Any])?.isEmpty == true)

        let refused = try expand("@MemberwiseInit", "@MemberwiseInit enum E {\n    case a\n}")
        let diagnostic = try #require((refused["diagnostics"] as? [[String: Any]])?.first)
        #expect(refused["expandedSource"] == nil || refused["expandedSource"] is NSNull)
        #expect(diagnostic["message"] as? String == "@MemberwiseInit goes on a struct, a class or an actor")
        #expect(diagnostic["severity"] as? String == "error")
        let position = diagnostic["position"] as? [String: Any]
        #expect(position?["fileName"] as? String == "/s/a.swift" && position?["offset"] as? Int == 12)
    }

    private func quoted(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }

    @MemberwiseInit(.internal)
    struct Made {
        var name: String
        var note: String?
        var handler: @Sendable (Int) -> Int
        var count: Int = 2
    }

    /// The plugin as the compiler runs it: this file's own `Made` is made with its initializer.
    @Test func theCompilerExpandsIt() {
        let made = Made(name: "a", handler: { $0 + 1 })
        #expect(made.name == "a" && made.note == nil && made.handler(1) == 2 && made.count == 2)
        #expect(Made(name: "b", note: "n", handler: { $0 }, count: 3).count == 3)
    }
}
