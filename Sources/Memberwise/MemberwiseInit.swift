/// The access level of the initializer `@MemberwiseInit` writes.
public enum MemberwiseAccess {
    case `public`, `package`, `internal`
}

/// Writes the initializer Swift writes for a struct's stored properties, at `package` access (or the one
/// named) where Swift's own is internal, so other targets can make the type; and for a class or an actor,
/// which get none.
///
/// Each stored property is a parameter, in the order declared, with its default value if it has one; an
/// optional `var` without one defaults to `nil`; a `let` with a value is not a parameter; a closure is
/// taken `@escaping`. A type that needs another initializer writes it instead.
@attached(member, names: named(init))
public macro MemberwiseInit(_ access: MemberwiseAccess = .package) =
    #externalMacro(module: "MemberwiseMacros", type: "MemberwiseInitMacro")
