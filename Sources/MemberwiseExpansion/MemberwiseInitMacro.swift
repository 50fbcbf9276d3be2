/// `@MemberwiseInit`'s expansion (see its declaration in `Memberwise`), from the declaration's source
/// text: the compiler hands a plugin the text of the type it is attached to and takes the members back
/// as text.
///
/// It reads the text itself, with `SwiftTokens`, rather than with swift-syntax, whose parser every fresh
/// clone would build for minutes (and the fuzz build, in its own directory, again).
/// A mistake cannot pass silently: an initializer that misses a stored property, or names one that is
/// not, does not compile.
package enum MemberwiseInitMacro {
    /// The initializer for the type declared in `declaration`, at `access`.
    package static func expansion(of declaration: String, access: String) throws(MemberwiseError) -> String {
        let tokens = SwiftTokens(declaration)
        guard let kind = tokens.typeKind(), ["struct", "class", "actor"].contains(tokens.tokens[kind].text) else {
            throw MemberwiseError("@MemberwiseInit goes on a struct, a class or an actor")
        }
        var parameters: [String] = []
        var assignments: [String] = []
        for property in try tokens.storedProperties(after: kind) {
            guard let type = property.type else {
                throw MemberwiseError("@MemberwiseInit needs the type of '\(property.name)' written out")
            }
            var parameter = "\(property.name): \(type.isFunctionType ? "@escaping " : "")\(type)"
            if let value = property.defaultValue {
                parameter += " = \(value)"
            } else if !property.isLet && (type.hasSuffix("?") || type.hasSuffix("!")) {
                parameter += " = nil"
            }
            parameters.append(parameter)
            assignments.append("self.\(property.name) = \(property.name)")
        }
        // One line for a few parameters, one a line each past that (as the expansion reads in an editor).
        let list =
            parameters.count > 3
            ? "\n" + parameters.map { "    " + $0 }.joined(separator: ",\n") + "\n" : parameters.joined(separator: ", ")
        return "\(access) init(\(list)) {\n" + assignments.map { "    " + $0 + "\n" }.joined() + "}"
    }

    /// The access named by the attribute's source (`@MemberwiseInit(.internal)`, with whatever comments the
    /// compiler sends before it): `package` when none is named.
    package static func access(of attribute: String) throws(MemberwiseError) -> String {
        let tokens = SwiftTokens(attribute).words
        guard let name = tokens.firstIndex(of: "@MemberwiseInit"), name + 1 < tokens.count, tokens[name + 1] == "(" else {
            return "package"
        }
        let argument = tokens[(name + 2)...].prefix { $0 != ")" }.joined().filter { $0 != "`" }
        guard ["public", "package", "internal"].map({ "." + $0 }).contains(argument) else {
            throw MemberwiseError("@MemberwiseInit takes an access level: .public, .package or .internal")
        }
        return String(argument.dropFirst())
    }
}

package struct MemberwiseError: Error, CustomStringConvertible {
    package var description: String

    init(_ description: String) {
        self.description = description
    }
}

extension String {
    /// A closure's type (`@Sendable (A) async throws -> B`), which a parameter takes `@escaping`; an
    /// optional closure is not one.
    fileprivate var isFunctionType: Bool {
        let tokens = SwiftTokens(self).words
        var index = tokens.firstIndex { !$0.hasPrefix("@") } ?? tokens.endIndex
        /// Past the balanced parentheses that open at `index`.
        func skipParentheses() {
            var depth = 0
            repeat {
                if tokens[index] == "(" { depth += 1 }
                if tokens[index] == ")" { depth -= 1 }
                index += 1
            } while depth > 0 && index < tokens.count
        }
        guard index < tokens.count, tokens[index] == "(" else { return false }
        skipParentheses()
        while index < tokens.count, ["async", "throws", "rethrows"].contains(tokens[index]) {
            index += 1
            if index < tokens.count, tokens[index] == "(" { skipParentheses() }  // throws(SomeError)
        }
        return index < tokens.count && tokens[index] == "->"
    }
}
