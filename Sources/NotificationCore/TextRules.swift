/// Text limits as `openapi.yaml` states them. Lengths are Unicode code points — what JSON Schema's
/// `maxLength` counts — not grapheme clusters (`String.count`), so one "character" of a letter and a
/// thousand combining marks is a thousand and one. Identifiers, keys and names hold no control
/// character (C0, DEL, C1): they are compared, stored as keys and shown, and a NUL cut them short in
/// the store. Free text (titles, bodies, user text) may hold any character and keeps all of them.
extension String {
    /// Unicode code points.
    package var codePoints: Int { unicodeScalars.count }

    /// Whether the text holds a C0 control, DEL or a C1 control.
    package var containsControlCharacter: Bool {
        unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// 1 to `max` code points, none a control character: an identifier, key or name.
    package func isIdentifier(max: Int) -> Bool {
        !isEmpty && codePoints <= max && !containsControlCharacter
    }

    /// At most `max` code points and no control character (an identifier that may be empty).
    package func isIdentifierOrEmpty(max: Int) -> Bool {
        codePoints <= max && !containsControlCharacter
    }
}
