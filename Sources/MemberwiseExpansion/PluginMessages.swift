import Foundation

/// What the compiler sends: its capability, or an attached macro to expand (the attribute and the
/// declaration it is attached to, as source text).
package enum HostMessage: Decodable {
    package struct Syntax: Decodable {
        package struct Location: Decodable {
            var fileName: String
            var offset: Int
        }
        var source: String
        var location: Location
    }

    case getCapability
    case expandAttachedMacro(attribute: Syntax, declaration: Syntax)
    case unsupported

    private enum CodingKeys: String, CodingKey { case getCapability, expandAttachedMacro }
    private enum AttachedKeys: String, CodingKey { case attributeSyntax, declSyntax }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.getCapability) {
            self = .getCapability
        } else if container.contains(.expandAttachedMacro) {
            let attached = try container.nestedContainer(keyedBy: AttachedKeys.self, forKey: .expandAttachedMacro)
            self = .expandAttachedMacro(
                attribute: try attached.decode(Syntax.self, forKey: .attributeSyntax),
                declaration: try attached.decode(Syntax.self, forKey: .declSyntax))
        } else {
            self = .unsupported
        }
    }
}

/// What the plugin answers.
package enum PluginMessage: Encodable {
    package struct Capability: Encodable { var protocolVersion: Int }
    package struct Position: Encodable {
        var fileName: String
        var offset: Int
    }
    package struct Diagnostic: Encodable {
        var message: String
        var severity: String
        var position: Position
        var highlights: [Position]
        var notes: [Position]
        var fixIts: [Position]
    }

    case getCapabilityResult(capability: Capability)
    case expandMacroResult(expandedSource: String?, diagnostics: [Diagnostic])
}

extension PluginMessage {
    /// The reply to one message.
    package static func answer(to message: HostMessage) -> PluginMessage {
        switch message {
        case .getCapability:
            return .getCapabilityResult(capability: .init(protocolVersion: 7))
        case .expandAttachedMacro(let attribute, let declaration):
            do throws(MemberwiseError) {
                let access = try MemberwiseInitMacro.access(of: attribute.source)
                let source = try MemberwiseInitMacro.expansion(of: declaration.source, access: access)
                return .expandMacroResult(expandedSource: source, diagnostics: [])
            } catch {
                return failure(error.description, at: Position(fileName: attribute.location.fileName, offset: attribute.location.offset))
            }
        case .unsupported:
            return failure("@MemberwiseInit is a member macro only", at: .init(fileName: "", offset: 0))
        }
    }

    /// An expansion that failed, with its error at `position`.
    private static func failure(_ message: String, at position: Position) -> PluginMessage {
        .expandMacroResult(
            expandedSource: nil,
            diagnostics: [Diagnostic(message: message, severity: "error", position: position, highlights: [], notes: [], fixIts: [])])
    }
}
