/// The parts of a request target the protocol uses: the path and the query parameters.
@available(OS2023, *)
struct RequestTarget {
    let path: Substring
    let query: [(name: Substring, value: String)]

    init(_ target: String) {
        let question = target.firstIndex(of: "?")
        path = target[..<(question ?? target.endIndex)]
        var query: [(Substring, String)] = []
        if let question {
            for pair in target[target.index(after: question)...].split(separator: "&", omittingEmptySubsequences: true)
            {
                let equals = pair.firstIndex(of: "=")
                let name = pair[..<(equals ?? pair.endIndex)]
                let raw = equals.map { pair[pair.index(after: $0)...] } ?? ""
                query.append((name, Self.percentDecode(raw)))
            }
        }
        self.query = query
    }

    /// All values of a parameter.
    func values(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }

    /// Decodes `%XX` escapes and, in a query (`plusIsSpace`), `+` as a space; an invalid escape is kept as it is,
    /// which no offset or live mode accepts.
    static func percentDecode(_ text: Substring, plusIsSpace: Bool = true) -> String {
        guard text.contains("%") || (plusIsSpace && text.contains("+")) else { return String(text) }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if plusIsSpace, byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
