import DurableStreamsStorage

/// Where streams are mounted in the server's URL space (``DurableStreamsServer/Configuration/basePath``), and what
/// a request path names under it: a stream, the protocol's reserved `__ds` control namespace, or nothing.
///
/// Streams are stored under their full request path (`/v1/stream/orders`), so the root only decides which paths
/// are streams; the reserved namespace is the first segment under the root, as the protocol says.
@available(OS2023, *)
struct StreamRoot: Sendable, Hashable {
    /// The normalised root without a trailing slash: empty for `/`, otherwise e.g. `/v1/stream`.
    let prefix: String

    /// The reserved first segment under the root.
    static let reservedSegment = "__ds"

    /// What a request path names.
    enum Location: Equatable {
        /// A stream.
        case stream(StreamPath)
        /// The reserved control namespace; `rest` is what follows `__ds/`, still percent-encoded.
        case reserved(rest: Substring)
        /// A path outside the root, or the root itself.
        case outside
    }

    /// Parses a configured root such as `/`, `/v1/stream` or `/v1/stream/`.
    ///
    /// - Throws: ``DurableStreamsServerError/Code/invalidConfiguration`` when it is not an absolute path of valid
    ///   segments, or when one of its segments is the reserved `__ds`.
    init(_ raw: String) throws(DurableStreamsServerError) {
        var text = Substring(raw)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard text != "/" else {
            prefix = ""
            return
        }
        let path: StreamPath
        do {
            path = try StreamPath(validating: text)
        } catch {
            throw DurableStreamsServerError(
                .invalidConfiguration, "base path \"\(raw)\": \(error.message)", storageError: error)
        }
        guard !path.segments.contains(where: { $0 == Self.reservedSegment }) else {
            throw DurableStreamsServerError(.invalidConfiguration, "base path \"\(raw)\" must not contain __ds")
        }
        prefix = path.value
    }

    /// What `requestPath` (the request target without its query) names.
    ///
    /// The path is normalised first, so an escaped form (`/%5F%5Fds/…`, `/v1/%73tream/…`) is located like the
    /// plain one.
    ///
    /// - Throws: the path's validation error when it is not a valid path.
    func locate(_ requestPath: Substring) throws(StreamStorageError) -> Location {
        if !prefix.isEmpty, requestPath == prefix || requestPath == prefix + "/" { return .outside }
        let path = try StreamPath(validating: requestPath)
        guard let relative = relativePart(of: Substring(path.value)) else { return .outside }
        if relative == Self.reservedSegment {
            return .reserved(rest: "")
        }
        if relative.hasPrefix(Self.reservedSegment + "/") {
            return .reserved(rest: relative.dropFirst(Self.reservedSegment.count + 1))
        }
        return .stream(path)
    }

    /// The stream-root-relative form of a stream path (`events/abc`), or `nil` if it is not under the root.
    func relative(_ path: StreamPath) -> Substring? {
        relativePart(of: Substring(path.value))
    }

    /// The stream a stream-root-relative path (`events/abc`) names.
    ///
    /// - Throws: the validation error of an invalid path, or of one in the reserved namespace.
    func stream(relative: String) throws(StreamStorageError) -> StreamPath {
        let path = try StreamPath(validating: prefix + "/" + relative)
        guard case .stream = try locate(Substring(path.value)) else {
            throw StreamStorageError(.invalidPath, "\(relative) is in the reserved __ds namespace")
        }
        return path
    }

    /// The part of `path` after the root and its slash, or `nil` when `path` is not strictly under the root.
    private func relativePart(of path: Substring) -> Substring? {
        guard path.hasPrefix(prefix + "/") else { return nil }
        let rest = path.dropFirst(prefix.count + 1)
        return rest.isEmpty ? nil : rest
    }
}
