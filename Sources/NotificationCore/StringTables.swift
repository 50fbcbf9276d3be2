import Foundation

/// An app's string tables (the `Localizable.strings` idea, as JSON): per locale, keys to format
/// strings. `resolve` looks a `LocalizedText` up as the framework does at delivery — in the center's
/// locale, then its language alone, then the app's default locale, then the key itself — and fills in
/// the arguments.
package struct StringTables: Sendable, Hashable {
    /// Locale (`de-CH`, `pt_BR`, `en`) to key to format string.
    package var tables: [String: [String: String]]
    package var defaultLocale: String?

    package init(tables: [String: [String: String]] = [:], defaultLocale: String? = nil) {
        self.tables = tables
        self.defaultLocale = defaultLocale
    }

    package func resolve(_ text: LocalizedText, locale: String) -> String {
        let format = candidates(for: locale).lazy.compactMap { tables[$0]?[text.key] }.first ?? text.key
        return Self.format(format, text.arguments)
    }

    /// `de-CH` → `de-CH`, `de`, then the default locale (and its language). Separators `-` and `_` match each other.
    func candidates(for locale: String) -> [String] {
        var result: [String] = []
        func add(_ locale: String?) {
            guard let locale, !locale.isEmpty else { return }
            let normalized = locale.replacingOccurrences(of: "_", with: "-")
            for name in [locale, normalized, locale.replacingOccurrences(of: "-", with: "_")] where !result.contains(name) {
                result.append(name)
            }
            if let language = normalized.split(separator: "-").first.map(String.init), !result.contains(language) {
                result.append(language)
            }
        }
        add(locale)
        add(defaultLocale)
        return result
    }

    /// printf-style formatting as `localizedUserNotificationString` does for string arguments: `%@` and
    /// `%d` (and `%s`, `%i`, `%u`, `%f`, `%ld`…) take the next argument, `%1$@` takes the first, `%%` is a
    /// percent sign; a missing argument leaves nothing, an unknown directive is kept as written.
    package static func format(_ format: String, _ arguments: [String]) -> String {
        var result = ""
        var next = 0
        var characters = format[...]
        while let percent = characters.firstIndex(of: "%") {
            result += characters[..<percent]
            var cursor = characters.index(after: percent)
            guard cursor < characters.endIndex else {
                result += "%"
                characters = characters[cursor...]
                break
            }
            if characters[cursor] == "%" {
                result += "%"
                characters = characters[characters.index(after: cursor)...]
                continue
            }
            // An optional position `n$`.
            var position: Int?
            let digitsEnd = characters[cursor...].firstIndex { !$0.isASCII || !$0.isNumber } ?? characters.endIndex
            if digitsEnd > cursor, digitsEnd < characters.endIndex, characters[digitsEnd] == "$",
                let n = Int(characters[cursor..<digitsEnd])
            {
                position = n
                cursor = characters.index(after: digitsEnd)
            }
            // Length modifiers, then the conversion.
            while cursor < characters.endIndex, "lhqLzjt".contains(characters[cursor]) { cursor = characters.index(after: cursor) }
            guard cursor < characters.endIndex, "@dDiuUxXoOfFeEgGcCsSp".contains(characters[cursor]) else {
                result += characters[percent..<cursor]
                characters = characters[cursor...]
                continue
            }
            let index: Int
            if let position {
                index = position - 1
            } else {
                index = next
                next += 1
            }
            if arguments.indices.contains(index) { result += arguments[index] }
            characters = characters[characters.index(after: cursor)...]
        }
        result += characters
        return result
    }
}

extension NotificationContent {
    /// The content as delivered to a center in `locale`: `titleLocalization`, `subtitleLocalization` and
    /// `bodyLocalization` resolved into `title`, `subtitle` and `body` (the keys stay, for the record).
    package func localized(with tables: StringTables, locale: String) -> NotificationContent {
        var content = self
        if let text = titleLocalization { content.title = tables.resolve(text, locale: locale) }
        if let text = subtitleLocalization { content.subtitle = tables.resolve(text, locale: locale) }
        if let text = bodyLocalization { content.body = tables.resolve(text, locale: locale) }
        return content
    }
}
