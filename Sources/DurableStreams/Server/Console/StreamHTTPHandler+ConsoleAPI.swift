#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore
import NIOCore

@available(OS2023, *)
extension StreamHTTPHandler {
    /// The most bytes one console read returns (the page reads a large stream a window at a time).
    static let consoleMaximumRead = 256 << 10

    /// Answers `/__console/api/<name>`: `GET` reads, `POST` changes (guarded by ``ConsoleGuard``).
    func consoleAPI(
        _ name: String, _ request: Request, target: RequestTarget, console: ConsoleAccess, channel: any Channel
    ) async -> Reply {
        switch (request.method, name) {
        case (.get, "session"): return consoleSession()
        case (.get, "streams"): return await consoleStreams(target)
        case (.get, "stream"): return await consoleStream(target)
        case (.get, "read"): return await consoleRead(target)
        case (.get, "subscriptions"): return await consoleSubscriptions(target)
        case (.post, "create"), (.post, "append"), (.post, "close"), (.post, "fork"), (.post, "delete"):
            if let refusal = ConsoleGuard(access: console).check(Self.guardHeaders(request)) {
                return .error(.forbidden, refusal.reason)
            }
            return await consoleChange(name, request, channel: channel)
        case (.options, _):
            return .error(.forbidden, "The console API is same-origin only")
        default:
            return .error(.notFound, "No such console API call")
        }
    }

    /// The headers ``ConsoleGuard`` reads.
    static func guardHeaders(_ request: Request) -> ConsoleGuard.Headers {
        ConsoleGuard.Headers(
            host: request.head.authority,
            origin: request.headers[.origin],
            secFetchSite: request.headers[consoleField("Sec-Fetch-Site")],
            cookie: request.headers[values: .cookie].joined(separator: "; "),
            token: request.headers[consoleField(ConsoleGuard.tokenHeader)],
            csrf: request.headers[consoleField(ConsoleGuard.csrfHeader)],
            contentType: request.headers[.contentType])
    }

    /// A fresh CSRF value, in a same-site, script-invisible cookie and in the answer.
    private func consoleSession() -> Reply {
        let csrf = ConsoleAccess.randomHex(count: 16)
        var fields = HTTPFields()
        fields[.setCookie] =
            "\(ConsoleGuard.csrfCookie)=\(csrf); Path=\(ConsoleRoutes.prefix); SameSite=Strict; HttpOnly"
        return Self.consoleJSON(
            ConsoleModels.Session(
                csrf: csrf, basePath: settings.root.prefix.isEmpty ? "/" : settings.root.prefix,
                maximumBodyBytes: settings.maximumBodyBytes),
            fields: fields)
    }

    /// One page of the stream list: `q` filters, `after` is the previous page's `next`, `limit` (default 50).
    private func consoleStreams(_ target: RequestTarget) async -> Reply {
        guard let catalog = storage as? any StreamCatalog else {
            return .error(.notImplemented, "This store cannot list its streams")
        }
        let all: [StreamPath]
        do {
            all = try await catalog.streamPaths()
        } catch {
            return .storageError(error)
        }
        let visible = all.compactMap { path -> String? in
            guard case .stream = try? settings.root.locate(Substring(path.value)),
                !ConsoleRoutes.owns(Substring(path.value))
            else { return nil }
            return path.value
        }
        let limit = target.values("limit").first.flatMap(Int.init) ?? 50
        let listing = ConsoleListing(
            visible, filter: target.values("q").first ?? "", after: target.values("after").first, limit: limit)
        var streams: [ConsoleModels.Stream] = []
        for raw in listing.paths {
            // A stream deleted since the listing is left out of the page.
            guard let path = try? StreamPath(validating: raw), let info = try? await operations.info(path) else {
                continue
            }
            streams.append(ConsoleModels.Stream(info))
        }
        return Self.consoleJSON(ConsoleModels.StreamPage(streams: streams, total: listing.total, next: listing.next))
    }

    /// The stream named by the `path` parameter.
    func consolePath(_ target: RequestTarget) throws(RequestFailure) -> StreamPath {
        guard let raw = target.values("path").first else { throw .badRequest("The path parameter is required") }
        return try consoleStreamPath(raw)
    }

    /// `raw` as a stream path under the root, outside the reserved and console namespaces.
    func consoleStreamPath(_ raw: String) throws(RequestFailure) -> StreamPath {
        let location: StreamRoot.Location
        do throws(StreamStorageError) {
            location = try settings.root.locate(Substring(raw))
        } catch {
            // Say what is wrong with it (a '..' segment, an empty segment, …), not only where streams are.
            throw .badRequest("Not a stream path: \(error.message)")
        }
        guard case .stream(let path) = location, !ConsoleRoutes.owns(Substring(path.value)) else {
            throw .badRequest("Not a stream path: streams are under \(settings.root.prefix)/")
        }
        return path
    }

    private func consoleStream(_ target: RequestTarget) async -> Reply {
        do throws(RequestFailure) {
            let path = try consolePath(target)
            do {
                return Self.consoleJSON(ConsoleModels.Stream(try await operations.info(path)))
            } catch {
                return .storageError(error)
            }
        } catch {
            return error.reply
        }
    }

    /// At most `max` bytes (default and ceiling 256 KiB) from `offset` (`-1` or absent: the beginning): the
    /// payload as the protocol would send it (a JSON array for JSON streams), the next offset in
    /// `Stream-Next-Offset`, and `Stream-Up-To-Date` / `Stream-Closed` as the protocol sets them.
    private func consoleRead(_ target: RequestTarget) async -> Reply {
        let path: StreamPath
        do throws(RequestFailure) {
            path = try consolePath(target)
        } catch {
            return error.reply
        }
        let start: ReadStart
        switch target.values("offset").first {
        case nil, "-1": start = .beginning
        case "now": start = .tail
        case let token?:
            guard let offset = StreamOffset(token: token) else { return .error(.badRequest, "Invalid offset") }
            start = .offset(offset)
        }
        let requested = target.values("max").first.flatMap(Int.init) ?? Self.consoleMaximumRead
        let result: ReadResult
        do {
            result = try await operations.read(
                path, from: start, maxBytes: max(1, min(requested, Self.consoleMaximumRead)))
        } catch {
            return .storageError(error)
        }
        var fields = HTTPFields()
        fields[ProtocolHeader.streamNextOffset] = result.next.token
        if result.reachedTail { fields[ProtocolHeader.streamUpToDate] = "true" }
        if result.reachedEnd { fields[ProtocolHeader.streamClosed] = "true" }
        fields[.contentType] = "application/octet-stream"
        let body =
            result.info.configuration.isJSON ? JSONMessages.array(fromStorageForm: result.payload) : result.payload
        return Reply(.ok, fields: fields, body: body)
    }

    private func consoleSubscriptions(_ target: RequestTarget) async -> Reply {
        do throws(RequestFailure) {
            let path = try consolePath(target)
            guard let subscriptions else {
                return Self.consoleJSON(ConsoleModels.Subscriptions(available: false, subscriptions: []))
            }
            let linked = await subscriptions.consoleSummaries(of: path)
            return Self.consoleJSON(ConsoleModels.Subscriptions(available: true, subscriptions: linked))
        } catch {
            return error.reply
        }
    }
}
#endif
