import DurableStreamsStorage

/// The start offset of every stream on this server. The upstream conformance suite hard-codes the reference
/// server's zero offset (`0000000000000000_0000000000000000`); its checks use this server's instead.
@available(OS2023, *)
var startOffset: String { StreamOffset.zero.token }

@available(OS2023, *)
extension ServerHarness {
    /// Creates `path` as a fork of `source` (`PUT` with `Stream-Forked-From`) and returns the response.
    @discardableResult
    func fork(
        _ path: String,
        from source: String,
        offset: String? = nil,
        subOffset: String? = nil,
        contentType: String? = "text/plain",
        headers: [(String, String)] = [],
        body: String? = nil
    ) async throws -> TestResponse {
        var fields = headers + [("Stream-Forked-From", source)]
        if let contentType { fields.append(("Content-Type", contentType)) }
        if let offset { fields.append(("Stream-Fork-Offset", offset)) }
        if let subOffset { fields.append(("Stream-Fork-Sub-Offset", subOffset)) }
        return try await send(.PUT, path, headers: fields, body: body.map { Array($0.utf8) })
    }

    /// The status of `HEAD` on a path.
    func headStatus(_ path: String) async throws -> Int {
        try await send(.HEAD, path).status
    }

    /// A pair of unique paths for a source and its fork.
    static func forkPaths(_ label: String) -> (source: String, fork: String) {
        (uniquePath("\(label)-src"), uniquePath("\(label)-fork"))
    }
}
