import ErrorCodes
import Foundation
import HTTPCore
import HTTPTypes
import NotificationCore
import NotificationService
import Storage

/// The app's string tables (app key): one table per locale, and a default locale to fall back to.
/// Content with `titleLocalization`, `subtitleLocalization` or `bodyLocalization` is resolved with them
/// at delivery, in the center's locale.
enum LocalizationRoutes {
    struct Table: Codable, Sendable { var strings: [String: String] }

    struct Overview: Codable, Sendable {
        var defaultLocale: String?
        var locales: [String]
    }

    struct DefaultLocale: Codable, Sendable { var defaultLocale: String }

    static let maxStrings = 10_000

    static func register(on router: inout Router, _ provider: APIContextProvider) {
        router.on(.get, "/v1/localizations") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            let tables = try await context.service.stringTables(appID: appID)
            return try .json(Overview(defaultLocale: tables.defaultLocale, locales: tables.tables.keys.sorted()))
        }
        router.on(.put, "/v1/localizations") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            let body = try request.decodeJSON(DefaultLocale.self)
            try validLocale(body.defaultLocale)
            try await context.service.setDefaultLocale(appID: appID, body.defaultLocale)
            let tables = try await context.service.stringTables(appID: appID)
            return try .json(Overview(defaultLocale: tables.defaultLocale, locales: tables.tables.keys.sorted()))
        }
        router.on(.get, "/v1/localizations/{locale}") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            let locale = request.parameter("locale")
            guard let strings = try await context.service.stringTables(appID: appID).tables[locale] else {
                throw APIProblem.notFound(
                    .localeNotFound, "No string table for '\(locale)'; upload one with PUT /v1/localizations/\(locale).")
            }
            return try .json(Table(strings: strings))
        }
        router.on(.put, "/v1/localizations/{locale}") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            let locale = request.parameter("locale")
            try validLocale(locale)
            let body = try request.decodeJSON(Table.self)
            guard body.strings.count <= maxStrings,
                body.strings.allSatisfy({ $0.key.isIdentifier(max: 255) && $0.value.codePoints <= NotificationContent.maxTextLength })
            else {
                throw APIProblem.invalidStringTable(maxStrings: maxStrings, maxLength: NotificationContent.maxTextLength)
            }
            try await context.service.setStringTable(appID: appID, locale: locale, body.strings)
            return try .json(body)
        }
    }

    private static func validLocale(_ locale: String) throws {
        guard CenterStateChange.isLanguageTag(locale) else {
            throw APIProblem.invalidLocale(locale)
        }
    }
}
