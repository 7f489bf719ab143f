/// Stands in for a value that could not be encoded, so that sending fails with a typed error rather than
/// sending something else.
internal struct EncodingFailureMarker: Sendable, CustomStringConvertible {
    let reason: String

    var description: String { "encoding failed: \(reason)" }
}

/// Stands in for a 1.x parameter value that is not a property-list value.
internal struct UnsupportedValueMarker: Sendable, CustomStringConvertible {
    let typeName: String

    var description: String { typeName }
}
