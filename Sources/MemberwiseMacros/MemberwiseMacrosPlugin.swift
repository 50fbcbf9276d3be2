import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct MemberwiseMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [MemberwiseInitMacro.self]
}
