import Memberwise
import MemberwiseMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite struct MemberwiseInitMacroTests {
    private static let macros = ["MemberwiseInit": MacroSpec(type: MemberwiseInitMacro.self)]

    /// `type` under `attribute` expands to `type` with `member` (nil: nothing) added last.
    private func expect(
        _ attribute: String, _ type: String, adds member: String?, diagnostics: [DiagnosticSpec] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let indented = member.map { member in member.split(separator: "\n" as Character).map { "    " + $0 }.joined(separator: "\n") }
        let expanded = indented.map { String(type.dropLast()) + "\n" + $0 + "\n}" }
        assertMacroExpansion(
            attribute + "\n" + type, expandedSource: expanded ?? type, diagnostics: diagnostics, macroSpecs: Self.macros,
            failureHandler: { Issue.record(Comment(rawValue: $0.message), sourceLocation: sourceLocation) })
    }

    @Test func aStructGetsAPackageInitializerOfItsStoredPropertiesInOrder() {
        expect(
            "@MemberwiseInit",
            """
            package struct Record {
                /// Documented.
                package var id: String
                var note: String? = "none"
                var createdAt: Date?
                let kind: Int = 1
                let read: @Sendable (String) -> Int
                var count: Int { 3 }
                var seen: Int = 0 { didSet { print(seen) } }
                static let limit = 10
            }
            """,
            adds: """
                package init(
                    id: String,
                    note: String? = "none",
                    createdAt: Date? = nil,
                    read: @escaping @Sendable (String) -> Int,
                    seen: Int = 0
                ) {
                    self.id = id
                    self.note = note
                    self.createdAt = createdAt
                    self.read = read
                    self.seen = seen
                }
                """)
    }

    @Test func anActorGetsTheAccessNamedAndItsPrivatePropertiesAreParameters() {
        expect(
            "@MemberwiseInit(.internal)",
            """
            actor Cache {
                let name: String
                private var entries: [String: Int]
                let limit: Int?
            }
            """,
            adds: """
                internal init(name: String, entries: [String: Int], limit: Int?) {
                    self.name = name
                    self.entries = entries
                    self.limit = limit
                }
                """)
    }

    @Test(arguments: [
        ("enum Kind {\n    case a\n}", "@MemberwiseInit goes on a struct, a class or an actor"),
        ("struct Guess {\n    var count = 0\n}", "@MemberwiseInit needs the type of 'count' written out"),
        ("struct Pair {\n    var (a, b): (Int, Int)\n}", "@MemberwiseInit needs each stored property under a name of its own"),
    ])
    func whatItCannotWriteIsSaid(type: String, message: String) {
        expect("@MemberwiseInit", type, adds: nil, diagnostics: [DiagnosticSpec(message: message, line: 1, column: 1)])
    }

    @MemberwiseInit(.internal)
    struct Made {
        var name: String
        var note: String?
        var handler: @Sendable (Int) -> Int
    }

    /// The plugin as the compiler runs it: this file's own `Made` is made with its initializer.
    @Test func theCompilerExpandsIt() {
        let made = Made(name: "a", handler: { $0 + 1 })
        #expect(made.name == "a" && made.note == nil && made.handler(1) == 2)
    }
}
