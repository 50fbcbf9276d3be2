import ErrorCodes
import Foundation
import Testing

/// openapi.yaml's `ErrorCode` schema and the server's catalogue are one list: the same codes, in the same
/// order, with the same meanings. A code added on one side only fails here.
@Suite struct ErrorCatalogueTests {
    /// The `ErrorCode` schema of openapi.yaml as (code, meaning) pairs, read from its fixed layout: an
    /// `enum:` list, then `x-enumDescriptions:` with one single-quoted meaning per line.
    static func documentedCodes() throws -> (codes: [String], meanings: [String: String]) {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let lines = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8).split(separator: "\n")
        let start = try #require(lines.firstIndex(of: "    ErrorCode:"), "openapi.yaml has no ErrorCode schema")
        var codes: [String] = []
        var meanings: [String: String] = [:]
        var section = ""
        for line in lines[(start + 1)...] {
            guard line.hasPrefix("      ") else { break }
            if !line.hasPrefix("       ") {
                section = line.trimmingCharacters(in: .whitespaces)
            } else if section == "enum:", line.hasPrefix("        - ") {
                codes.append(String(line.dropFirst(10)))
            } else if section == "x-enumDescriptions:", let colon = line.firstIndex(of: ":") {
                let code = line[..<colon].trimmingCharacters(in: .whitespaces)
                var text = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                #expect(text.hasPrefix("'") && text.hasSuffix("'"), "the meaning of \(code) is not single-quoted")
                text = String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
                meanings[code] = text
            }
        }
        return (codes, meanings)
    }

    @Test func openAPIListsEveryCodeWithItsMeaning() throws {
        let documented = try Self.documentedCodes()
        let catalogue = ErrorCode.allCases
        #expect(catalogue.count > 90)
        #expect(documented.codes == catalogue.map(\.rawValue))
        for code in catalogue {
            #expect(documented.meanings[code.rawValue] == code.meaning, "\(code.rawValue)")
        }
        #expect(documented.meanings.count == catalogue.count)
    }

    @Test func codesAreUniqueAndMeaningsSayWhatToDo() {
        #expect(Set(ErrorCode.allCases.map(\.rawValue)).count == ErrorCode.allCases.count)
        for code in ErrorCode.allCases {
            #expect(code.meaning.hasSuffix(".") && code.meaning.count >= 15, "\(code.rawValue): \(code.meaning)")
        }
    }
}
