import Foundation

/// Header values, trimmed and lower-cased without Foundation's character sets on the common (ASCII) path: these
/// run on every request, and `trimmingCharacters(in:)` costs more than the rest of an append's header checks.
@available(OS2022, *)
package enum HeaderText {
    /// `text` without leading and trailing whitespace, as `trimmingCharacters(in: .whitespaces)` trims it.
    package static func trimmed(_ text: Substring) -> Substring {
        let bytes = text.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return Substring(text.trimmingCharacters(in: .whitespaces)) }
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isSpace(bytes[start]) { bytes.formIndex(after: &start) }
        while end > start, isSpace(bytes[bytes.index(before: end)]) { bytes.formIndex(before: &end) }
        return text[start..<end]
    }

    /// `text` trimmed and lower-cased: how a header's token values (`chunked`, `true`, a media type) compare.
    package static func folded(_ text: Substring) -> String {
        lowercased(trimmed(text))
    }

    /// `text` lower-cased; the same string when it has no upper-case ASCII letter.
    package static func lowercased(_ text: Substring) -> String {
        text.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") || $0 >= 0x80 })
            ? text.lowercased() : String(text)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
}
