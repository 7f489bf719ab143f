import Foundation

/// The `file` part of a `multipart/form-data` body: its declared type, file name and bytes.
@available(OS2023, *)
struct MultipartPart: Sendable, Equatable {
    var name: String
    var fileName: String?
    var contentType: String?
    var data: [UInt8]

    /// The part named `file` in `body`, whose boundary `contentType` gives.
    ///
    /// - Throws: `malformed_request_body` without a boundary or a well-formed `file` part.
    static func file(in body: [UInt8], contentType: String) throws(FAPIError) -> MultipartPart {
        guard
            let boundary = contentType.split(separator: ";").lazy.map({ $0.trimmingCharacters(in: .whitespaces) })
                .first(where: { $0.hasPrefix("boundary=") }).map({
                    String($0.dropFirst(9)).trimmingCharacters(in: ["\""])
                }),
            !boundary.isEmpty
        else { throw .malformedBody("A multipart body needs a boundary.") }
        let delimiter = Array("--\(boundary)".utf8)
        for section in split(body, on: delimiter) {
            guard let part = parse(section), part.name == "file" else { continue }
            return part
        }
        throw .malformedBody("The multipart body has no file part.")
    }

    /// One section between delimiters: headers, a blank line, the bytes (without the trailing CRLF).
    private static func parse(_ section: ArraySlice<UInt8>) -> MultipartPart? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let split = firstIndex(of: separator, in: section) else { return nil }
        let head = String(decoding: section[section.startIndex..<split], as: UTF8.self)
        var data = Array(section[(split + 4)...])
        if data.suffix(2) == [13, 10] { data.removeLast(2) }
        var part = MultipartPart(name: "", data: data)
        for line in head.split(whereSeparator: \.isNewline) {
            let lowered = line.lowercased()
            if lowered.hasPrefix("content-type:") {
                part.contentType = line.dropFirst(13).trimmingCharacters(in: .whitespaces).lowercased()
            } else if lowered.hasPrefix("content-disposition:") {
                part.name = value(of: "name", in: String(line)) ?? ""
                part.fileName = value(of: "filename", in: String(line))
            }
        }
        return part
    }

    private static func value(of key: String, in header: String) -> String? {
        for item in header.split(separator: ";") {
            let pair = item.trimmingCharacters(in: .whitespaces)
            guard pair.hasPrefix(key + "=") else { continue }
            return String(pair.dropFirst(key.count + 1)).trimmingCharacters(in: ["\""])
        }
        return nil
    }

    private static func split(_ bytes: [UInt8], on delimiter: [UInt8]) -> [ArraySlice<UInt8>] {
        var sections: [ArraySlice<UInt8>] = []
        var rest = bytes[...]
        while let start = firstIndex(of: delimiter, in: rest) {
            let after = start + delimiter.count
            let next = firstIndex(of: delimiter, in: rest[after...]) ?? rest.endIndex
            var section = rest[after..<next]
            if section.prefix(2) == [13, 10] { section = section.dropFirst(2) }
            sections.append(section)
            rest = rest[next...]
            if next == rest.endIndex { break }
        }
        return sections
    }

    private static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var index = haystack.startIndex
        // Compares a whole window only where its first byte matches: a 10 MiB upload stays cheap.
        while index + needle.count <= haystack.endIndex {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
