public import Foundation

@available(OS2022, *)
extension DurableStreamHandle {
    /// Creates a stream as a fork of another stream on the same server.
    ///
    /// The fork starts with the source's data up to `offset` (the source's tail when `nil`) and takes its own
    /// appends from there; the source is not changed. Reads of the fork below the fork offset are served from
    /// the source, so forking copies nothing.
    ///
    /// ```swift
    /// let draft = try await DurableStreamHandle.fork(url: draftURL, from: ordersURL, at: checkpoint)
    /// try await draft.appendSync(Order(id: 7))   // the source never sees this
    /// ```
    ///
    /// - Parameters:
    ///   - url: The fork's URL.
    ///   - source: The source stream's URL: same scheme, host and port as `url`.
    ///   - offset: Where the fork diverges: an offset the source returned (a boundary between appends).
    ///   - subOffset: How much of the source's append at `offset` the fork also takes: messages for JSON
    ///     streams, bytes otherwise.
    ///   - contentType: The fork's content type; `nil` takes the source's.
    ///   - expireAfter: A sliding time-to-live (whole seconds are sent).
    ///   - expiresAt: An absolute expiry time (not together with `expireAfter`).
    ///   - closed: Create the fork already closed.
    ///   - initialData: Bytes the fork's own part starts with.
    ///   - headers: Extra headers for the create request.
    ///   - configuration: The handle's configuration.
    /// - Returns: A handle; ``wasCreated`` is `false` when an identical fork already existed.
    /// - Throws: ``DurableStreamError/notFound`` if the source does not exist,
    ///   ``DurableStreamError/badRequest`` for an offset that is not a boundary of the source,
    ///   ``DurableStreamError/conflict`` if a different stream exists at `url`, and
    ///   ``DurableStreamError/invalidArgument`` if `source` is on another server.
    public static func fork(
        url: URL,
        from source: URL,
        at offset: Offset? = nil,
        subOffset: UInt64? = nil,
        contentType: String? = nil,
        expireAfter: Duration? = nil,
        expiresAt: Date? = nil,
        closed: Bool = false,
        initialData: Data? = nil,
        headers: [String: String] = [:],
        configuration: HandleConfiguration = .default
    ) async throws(DurableStreamError) -> DurableStreamHandle {
        var fields = try creationFields(
            expireAfter: expireAfter, expiresAt: expiresAt, closed: closed, headers: headers)
        fields[ProtocolHeader.forkedFrom] = try sourcePath(source, sameServerAs: url)
        if let offset { fields[ProtocolHeader.forkOffset] = offset.rawValue }
        if let subOffset { fields[ProtocolHeader.forkSubOffset] = String(subOffset) }
        if let contentType {
            try HTTPSyntax.checkMediaType(contentType, named: "contentType")
            fields[ProtocolHeader.contentType] = contentType
        }
        return try await put(
            url: url,
            fields: fields,
            initialData: initialData,
            contentType: contentType ?? "application/octet-stream",
            configuration: configuration
        )
    }

    /// The path the protocol's `Stream-Forked-From` names: `source`'s, which must be on `url`'s server.
    static func sourcePath(_ source: URL, sameServerAs url: URL) throws(DurableStreamError) -> String {
        let origin = { (url: URL) in
            URLComponents(url: url, resolvingAgainstBaseURL: true).map {
                [$0.scheme?.lowercased(), $0.host?.lowercased(), $0.port.map(String.init)]
            }
        }
        guard let components = URLComponents(url: source, resolvingAgainstBaseURL: true),
            origin(source) == origin(url), components.percentEncodedPath.hasPrefix("/")
        else {
            throw .invalidArgument(message: "the source of a fork must be on the fork's server: \(source)")
        }
        return components.percentEncodedPath
    }
}
