/// Why a JSON text was refused, before or after decoding.
package enum StrictJSONError: Error, Sendable, Equatable {
    /// Not JSON as RFC 8259 defines it; `offset` is the byte where reading stopped.
    case syntax(offset: Int, message: String)
    /// An object names a member twice.
    case duplicateKey(path: [JSONKey], key: String)
    /// A member no field of the type reads (a misspelt optional field would otherwise be ignored).
    case unknownKey(path: [JSONKey])
    /// An explicit `null` where the field has none: leave it out instead.
    case null(path: [JSONKey])
}

/// A member name or an array index, as a coding key and as a step of a path.
package struct JSONKey: CodingKey, Sendable, Hashable {
    private var name: String
    package var intValue: Int?

    package var stringValue: String { intValue.map { "Index \($0)" } ?? name }

    package init(_ name: String) {
        self.name = name
        intValue = nil
    }

    package init(index: Int) {
        name = ""
        intValue = index
    }

    package init?(stringValue: String) { self.init(stringValue) }
    package init?(intValue: Int) { self.init(index: intValue) }

    /// `content.attachments[0].url` for a coding path; `the body` when empty.
    package static func describe(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "The body" }
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return "`\(text)`"
    }
}
