import Foundation

/// How a caller's resource is read from a response body in the same pass as its envelope, so the body is parsed
/// once: handed to the envelope's decoder through its `userInfo`.
@available(OS2023, *)
protocol ResourceReading: Sendable {
    /// The resource in the body `decoder` reads (its `response` when wrapped, else the whole body).
    func read(_ decoder: any Decoder) throws -> any Sendable
    /// The resource already read from a body byte for byte equal to `body`, if the caller has one.
    func reused(for body: Data) -> (any Sendable)?
}

@available(OS2023, *)
struct ResourceReader<Resource: Decodable & Sendable>: ResourceReading {
    /// Whether the resource is the `response` of an envelope.
    var wrapped: Bool
    /// A resource read before and the body it was read from: an equal body is not decoded again.
    var previous: (body: Data, resource: Resource)? = nil

    func reused(for body: Data) -> (any Sendable)? {
        guard let previous, previous.body == body else { return nil }
        return previous.resource
    }

    func read(_ decoder: any Decoder) throws -> any Sendable {
        wrapped ? try Wrapped<Resource>(from: decoder).response : try Resource(from: decoder)
    }
}

@available(OS2023, *)
enum ResourceReaderKey {
    /// The `userInfo` key of the reader (nil would only read bodies twice, as without a reader).
    static let key = CodingUserInfoKey(rawValue: "clerk.resourceReader")
}
