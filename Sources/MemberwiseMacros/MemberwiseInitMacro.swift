import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@MemberwiseInit`: see its declaration in `Memberwise`.
public struct MemberwiseInitMacro: MemberMacro {
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self) || declaration.is(ActorDeclSyntax.self) else {
            throw MemberwiseError("@MemberwiseInit goes on a struct, a class or an actor")
        }
        let properties = try declaration.memberBlock.members.flatMap { member in
            try member.decl.as(VariableDeclSyntax.self).map(StoredProperty.parameters) ?? []
        }
        let parameters = properties.map(\.parameter)
        // One line for a few parameters, one a line each past that (as the expansion reads in an editor).
        let list = parameters.count > 3 ? "\n" + parameters.joined(separator: ",\n") + "\n" : parameters.joined(separator: ", ")
        let assignments = properties.map { "self.\($0.name) = \($0.name)" }.joined(separator: "\n")
        return ["\(raw: try access(node)) init(\(raw: list)) {\n\(raw: assignments)\n}"]
    }

    private static func access(_ node: AttributeSyntax) throws -> String {
        guard let argument = node.arguments?.as(LabeledExprListSyntax.self)?.first else { return "package" }
        guard let member = argument.expression.as(MemberAccessExprSyntax.self) else {
            throw MemberwiseError("@MemberwiseInit takes an access level: .public, .package or .internal")
        }
        return member.declName.baseName.text.filter { $0 != "`" }
    }
}

/// A stored property the initializer sets.
struct StoredProperty {
    var name: String
    var parameter: String

    /// The parameters of a property declaration: none for a static, computed or lazy one, nor for a `let`
    /// with a value.
    static func parameters(_ variable: VariableDeclSyntax) throws -> [StoredProperty] {
        guard !variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) }) else { return [] }
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        return try variable.bindings.compactMap { binding in
            if let accessors = binding.accessorBlock, !accessors.onlyObservers { return nil }
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmedDescription else {
                throw MemberwiseError("@MemberwiseInit needs each stored property under a name of its own")
            }
            if isLet && binding.initializer != nil { return nil }
            guard let type = binding.typeAnnotation?.type else {
                throw MemberwiseError("@MemberwiseInit needs the type of '\(name)' written out")
            }
            var parameter = "\(name): \(type.isFunction ? "@escaping " : "")\(type.trimmedDescription)"
            if let value = binding.initializer?.value {
                parameter += " = \(value.trimmedDescription)"
            } else if !isLet && type.isOptional {
                parameter += " = nil"
            }
            return StoredProperty(name: name, parameter: parameter)
        }
    }
}

struct MemberwiseError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

extension AccessorBlockSyntax {
    /// Only `willSet` and `didSet`: the property is stored.
    fileprivate var onlyObservers: Bool {
        guard case .accessors(let list) = accessors else { return false }
        return list.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
    }
}

extension TypeSyntax {
    fileprivate var isOptional: Bool { self.is(OptionalTypeSyntax.self) || self.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) }

    /// A closure's type, which a parameter takes `@escaping`.
    fileprivate var isFunction: Bool {
        if self.is(FunctionTypeSyntax.self) { return true }
        return self.as(AttributedTypeSyntax.self)?.baseType.isFunction ?? false
    }
}
