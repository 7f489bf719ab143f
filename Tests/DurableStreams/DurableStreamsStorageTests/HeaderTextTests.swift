import DurableStreamsStorage
import Foundation
import Testing

@Suite("Header text")
struct HeaderTextTests {
    static let samples = [
        "", " ", "\t", "text/plain", "  text/plain\t", "Text/Plain; charset=UTF-8", " APPLICATION/JSON ;x=1",
        "\u{00A0}text/plain\u{3000}", "tëxt/plain", " TËXT/Plain ", "a\u{2003}b", "\t \t", ";", " ; a",
        "text/plain\u{0301}", "x\u{1F600} ",
    ]

    @Test("Trimming and lower-casing agree with Foundation's, whitespace beyond ASCII included", arguments: samples)
    @available(OS2023, *)
    func agreesWithFoundation(value: String) {
        let trimmed = HeaderText.trimmed(value[...])
        #expect(String(trimmed) == value.trimmingCharacters(in: .whitespaces))
        #expect(HeaderText.lowercased(trimmed) == trimmed.lowercased())
        let type = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        #expect(StreamConfiguration.mediaType(of: value) == type.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
