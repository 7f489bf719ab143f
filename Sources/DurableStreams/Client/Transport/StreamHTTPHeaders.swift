/// An ordered list of HTTP header fields with case-insensitive lookup.
@available(OS2022, *)
public struct StreamHTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The field name as written.
        public var name: String
        /// The field value.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields, in order.
    public private(set) var fields: [Field]

    /// Creates headers from fields.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Creates headers from a dictionary (order unspecified).
    public init(_ dictionary: [String: String]) {
        self.fields = dictionary.map { Field(name: $0.key, value: $0.value) }
    }

    /// Creates headers from a literal.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value of the named field, compared case-insensitively.
    public subscript(name: String) -> String? {
        get {
            fields.first { $0.name.caseInsensitiveEquals(name) }?.value
        }
        set {
            fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            if let newValue {
                fields.append(Field(name: name, value: newValue))
            }
        }
    }

    /// Whether the named field is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name.caseInsensitiveEquals(name) }
    }

    /// Adds a field, keeping any existing field of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Sets each field of `other`, replacing fields of the same name.
    public mutating func merge(_ other: [String: String]) {
        for (name, value) in other {
            self[name] = value
        }
    }

    /// The fields as a dictionary with lower-cased names (the last value wins).
    public var lowercasedDictionary: [String: String] {
        var result: [String: String] = [:]
        for field in fields {
            result[field.name.lowercased()] = field.value
        }
        return result
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// A readable form, one `name: value` pair per field.
    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
    }
}

@available(OS2022, *)
extension String {
    /// ASCII case-insensitive comparison (header names are ASCII).
    func caseInsensitiveEquals(_ other: String) -> Bool {
        let lhs = utf8
        let rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        for (a, b) in zip(lhs, rhs) where a != b {
            let la = (a >= 65 && a <= 90) ? a | 0x20 : a
            let lb = (b >= 65 && b <= 90) ? b | 0x20 : b
            if la != lb { return false }
        }
        return true
    }
}
