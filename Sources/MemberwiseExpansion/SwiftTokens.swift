/// Swift source as tokens, enough to find a type's stored properties: identifiers, punctuation, string
/// literals and newlines, with comments dropped. Each token is a slice of the source, so a type or a
/// default value is copied as written.
struct SwiftTokens {
    struct Token {
        var text: Substring
        var isNewline: Bool { text == "\n" }
    }

    let source: String
    let tokens: [Token]

    init(_ source: String) {
        self.source = source
        var tokens: [Token] = []
        var index = source.startIndex
        while index < source.endIndex {
            let start = index
            let character = source[index]
            if character == "\n" {
                index = source.index(after: index)
            } else if character.isWhitespace {
                index = source.index(after: index)
                continue
            } else if source[index...].hasPrefix("//") {
                index = source[index...].firstIndex(of: "\n") ?? source.endIndex
                continue
            } else if source[index...].hasPrefix("/*") {
                index = Self.endOfBlockComment(source, from: index)
                continue
            } else if character == "\"" || (character == "#" && source[index...].drop(while: { $0 == "#" }).first == "\"") {
                index = Self.endOfString(source, from: index)
            } else if character.isLetter || character == "_" || character == "@" || character == "$" {
                index = source[source.index(after: index)...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? source.endIndex
            } else if character == "`" {
                let next = source.index(after: index)
                index = source[next...].firstIndex(of: "`").map(source.index(after:)) ?? source.endIndex
            } else if character.isNumber {
                index = source[index...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") } ?? source.endIndex
            } else if source[index...].hasPrefix("->") {
                index = source.index(index, offsetBy: 2)
            } else {
                index = source.index(after: index)
            }
            tokens.append(Token(text: source[start..<index]))
        }
        self.tokens = tokens
    }

    /// The tokens' text, newlines left out.
    var words: [Substring] { tokens.filter { !$0.isNewline }.map(\.text) }

    /// The end of the (nested) block comment that starts at `start`.
    private static func endOfBlockComment(_ source: String, from start: String.Index) -> String.Index {
        var depth = 0
        var index = start
        while index < source.endIndex {
            if source[index...].hasPrefix("/*") {
                depth += 1
                index = source.index(index, offsetBy: 2)
            } else if source[index...].hasPrefix("*/") {
                depth -= 1
                index = source.index(index, offsetBy: 2)
                if depth == 0 { return index }
            } else {
                index = source.index(after: index)
            }
        }
        return index
    }

    /// The end of the string literal that starts at `start`: `"…"`, `"""…"""`, raw (`#"…"#`), with
    /// escapes and interpolations (which may hold strings of their own).
    private static func endOfString(_ source: String, from start: String.Index) -> String.Index {
        let hashes = source[start...].prefix { $0 == "#" }.count
        var index = source.index(start, offsetBy: hashes)
        let quotes = source[index...].hasPrefix("\"\"\"") ? "\"\"\"" : "\""
        let close = quotes + String(repeating: "#", count: hashes)
        let escape = "\\" + String(repeating: "#", count: hashes)
        index = source.index(index, offsetBy: quotes.count)
        while index < source.endIndex {
            if source[index...].hasPrefix(close) { return source.index(index, offsetBy: close.count) }
            if source[index...].hasPrefix(escape) {
                index = source.index(index, offsetBy: escape.count)
                guard index < source.endIndex else { break }
                if source[index] == "(" {
                    index = endOfParentheses(source, from: index)
                    continue
                }
            }
            index = source.index(after: index)
        }
        return index
    }

    /// The end of the parenthesized interpolation that starts at `start`.
    private static func endOfParentheses(_ source: String, from start: String.Index) -> String.Index {
        var depth = 0
        var index = start
        while index < source.endIndex {
            let character = source[index]
            if character == "\"" {
                index = endOfString(source, from: index)
                continue
            }
            if character == "(" { depth += 1 }
            if character == ")" {
                depth -= 1
                if depth == 0 { return source.index(after: index) }
            }
            index = source.index(after: index)
        }
        return index
    }

    /// The token that says what the declaration is (`struct`, `class`, `enum`…), before its body.
    func typeKind() -> Int? {
        var depth = 0
        for (index, token) in tokens.enumerated() {
            if ["(", "["].contains(token.text) { depth += 1 }
            if [")", "]"].contains(token.text) { depth -= 1 }
            if token.text == "{" { return nil }
            if depth == 0, ["struct", "class", "actor", "enum", "protocol", "extension"].contains(token.text) { return index }
        }
        return nil
    }

    /// The stored properties declared in the body of the type whose kind is at `kind`, in order: not
    /// static, class, lazy or computed ones, nor a `let` with a value.
    func storedProperties(after kind: Int) throws(MemberwiseError) -> [StoredProperty] {
        guard let open = tokens[kind...].firstIndex(where: { $0.text == "{" }) else { return [] }
        var properties: [StoredProperty] = []
        var depth = 0
        var index = open + 1
        while index < tokens.count {
            let text = tokens[index].text
            if ["(", "[", "{"].contains(text) { depth += 1 }
            if [")", "]", "}"].contains(text) {
                if depth == 0 { break }
                depth -= 1
            }
            if depth == 0, text == "var" || text == "let", let property = try property(at: index) {
                properties.append(property)
            }
            index += 1
        }
        return properties
    }

    /// The stored property declared by the `var` or `let` at `keyword`, or nil for one that is not one.
    private func property(at keyword: Int) throws(MemberwiseError) -> StoredProperty? {
        let modifiers = tokens[..<keyword].reversed().prefix { !$0.isNewline && ![";", "{", "}"].contains($0.text) }
        if modifiers.contains(where: { ["static", "class", "lazy"].contains($0.text) }) { return nil }
        let isLet = tokens[keyword].text == "let"
        guard keyword + 1 < tokens.count, tokens[keyword + 1].text.first.map({ $0.isLetter || $0 == "_" || $0 == "`" }) == true else {
            throw MemberwiseError("@MemberwiseInit needs each stored property under a name of its own")
        }
        let name = String(tokens[keyword + 1].text)
        var index = keyword + 2
        var type: String?
        if index < tokens.count, tokens[index].text == ":" {
            let end = end(from: index + 1, angles: true)
            type = text(from: index + 1, to: end)
            index = end
        }
        var defaultValue: String?
        if index < tokens.count, tokens[index].text == "=" {
            let end = end(from: index + 1, angles: false)
            defaultValue = text(from: index + 1, to: end)
            index = end
        }
        if index < tokens.count, tokens[index].text == "," {
            throw MemberwiseError("@MemberwiseInit needs one property a declaration ('\(name)')")
        }
        if index < tokens.count, tokens[index].text == "{", !isObserverBlock(at: index) { return nil }
        if isLet && defaultValue != nil { return nil }
        return StoredProperty(name: name, type: type, defaultValue: defaultValue, isLet: isLet)
    }

    /// Where a type or a value that starts at `start` ends: at a newline, `,`, `;`, `=` (a type's) or an
    /// observer block outside brackets, or at the body's end. Angle brackets count in types only.
    private func end(from start: Int, angles: Bool) -> Int {
        var depth = 0
        var index = start
        while index < tokens.count {
            let text = tokens[index].text
            if depth == 0 {
                if tokens[index].isNewline || [",", ";", "}"].contains(text) { return index }
                if angles && ["=", "{"].contains(text) { return index }
                if text == "{" && isObserverBlock(at: index) { return index }
            }
            if ["(", "[", "{"].contains(text) || (angles && text == "<") { depth += 1 }
            if [")", "]", "}"].contains(text) || (angles && text == ">") { depth -= 1 }
            index += 1
        }
        return index
    }

    /// Whether the `{` at `index` opens `willSet` or `didSet` (a stored property's observers).
    private func isObserverBlock(at index: Int) -> Bool {
        let next = tokens[(index + 1)...].first { !$0.isNewline }
        return next.map { ["willSet", "didSet"].contains($0.text) } ?? false
    }

    /// The source from the token at `start` up to the one at `end`, as written, trimmed.
    private func text(from start: Int, to end: Int) -> String? {
        guard start < end else { return nil }
        let text = source[tokens[start].text.startIndex..<tokens[end - 1].text.endIndex]
        return String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

/// A stored property the initializer sets.
struct StoredProperty {
    var name: String
    /// As written; nil when the declaration leaves it to inference.
    var type: String?
    var defaultValue: String?
    var isLet: Bool
}
