import ClerkKitUICore
import Foundation
import Testing

@Suite("ClerkKitUICore: localisation")
struct LocalizationTests {
    /// The repository root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: LocalizationTable.builtIn.map(\.languageCode))
    func everyKeyHasANonEmptyEntryWithTheSamePlaceholdersAsEnglish(_ language: String) throws {
        let table = try #require(LocalizationTable.builtIn(for: language))
        for key in UIStringKey.allCases {
            let entry = try #require(table.entries[key], "\(language) lacks \(key)")
            let english = try #require(LocalizationTable.english.entries[key])
            for variant in entry.variants {
                #expect(!variant.trimmingCharacters(in: .whitespaces).isEmpty, "\(language).\(key) is empty")
                #expect(
                    placeholders(variant) == placeholders(english.variants[0]),
                    "\(language).\(key) has other placeholders than English")
            }
            if case .plural = english {
                guard case .plural = entry else {
                    Issue.record("\(language).\(key) is not plural")
                    continue
                }
            }
        }
    }

    @Test func everyKeyIsUsedOutsideTheTables() throws {
        let folders = ["Sources/ClerkKit/UICore", "Sources/ClerkKit/CLI"]
        var text = ""
        for folder in folders {
            let base = Self.root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let file as URL in files
            where file.pathExtension == "swift" && !file.path.contains("/Localization/") {
                text += try String(contentsOf: file, encoding: .utf8)
            }
        }
        #expect(!text.isEmpty)
        for key in UIStringKey.allCases {
            #expect(text.contains("." + key.rawValue), "\(key) is never used")
        }
    }

    @Test func englishAndGermanPluralsPickOneForExactlyOne() {
        let english = Localizer(table: .english)
        #expect(english.string(.errorRateLimited, count: 1) == "Too many attempts. Try again in 1 second.")
        #expect(english.string(.errorRateLimited, count: 0) == "Too many attempts. Try again in 0 seconds.")
        #expect(english.string(.errorRateLimited, count: 30) == "Too many attempts. Try again in 30 seconds.")
        let german = Localizer(table: .german)
        #expect(german.string(.errorRateLimited, count: 1).contains("1 Sekunde "))
        #expect(german.string(.errorRateLimited, count: 2).contains("2 Sekunden "))
    }

    @Test func frenchTreatsZeroAsSingular() {
        let french = Localizer(table: .french)
        #expect(french.string(.errorRateLimited, count: 0) == "Trop de tentatives. Réessayez dans 0 seconde.")
        #expect(french.string(.errorRateLimited, count: 1) == "Trop de tentatives. Réessayez dans 1 seconde.")
        #expect(french.string(.errorRateLimited, count: 2) == "Trop de tentatives. Réessayez dans 2 secondes.")
    }

    @Test func namedArgumentsAndVerbatimText() {
        let english = Localizer()
        #expect(
            english.string(.passwordNeedsSpecialCharacter, arguments: ["characters": "!?"])
                == "Your password must contain one of !?.")
        #expect(english.string(.verbatim("Password is incorrect.")) == "Password is incorrect.")
        #expect(english.string(.codeInvalid, count: 6) == "Enter the 6-digit code.")
    }

    @Test func preferredLanguagesPickTheFirstBuiltInTable() {
        #expect(Localizer(preferredLanguages: ["ja-JP", "fr-CA", "de"]).table.languageCode == "fr")
        #expect(Localizer(preferredLanguages: ["de_AT"]).table.languageCode == "de")
        #expect(Localizer(preferredLanguages: ["ja"]).table.languageCode == "en")
        #expect(Localizer(preferredLanguages: []).table.languageCode == "en")
    }

    @Test func anAppOverridesOneStringAndACustomTableFallsBackToEnglish() {
        let custom = Localizer().overriding(.fieldRequired, with: .text("Required"))
        #expect(custom.string(.fieldRequired) == "Required")
        #expect(custom.string(.emailInvalid) == "Enter a valid email address.")
        let partial = Localizer(
            table: LocalizationTable(
                languageCode: "es", pluralRule: .oneForOne, entries: [.fieldRequired: .text("Obligatorio.")]))
        #expect(partial.string(.fieldRequired) == "Obligatorio.")
        #expect(partial.string(.emailInvalid) == "Enter a valid email address.")
    }

    private func placeholders(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
