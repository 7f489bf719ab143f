#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore
import NIOCore

@available(OS2023, *)
extension StreamHTTPHandler {
    /// The body limit of a `POST` whose body goes to the store as it arrives, or `nil` when it is read whole: a
    /// body is streamed when the store streams appends (``StreamStorage/streamedAppendLimit``), it is not JSON
    /// (JSON bodies are checked and reframed whole, within the server's request-body limit) and it may be
    /// non-empty.
    func streamedAppendLimit(for request: Request) -> Int? {
        guard request.method == .post, let limit = storage.streamedAppendLimit,
            request.headers[.contentLength].flatMap(Int.init) != 0,
            let contentType = try? singleValue(.contentType, in: request),
            let validated = try? validatedContentType(contentType),
            StreamConfiguration.mediaType(of: validated) != "application/json"
        else { return nil }
        return limit
    }

    /// The largest body the server reads for `request`: the store's streamed limit for a streamed append, the
    /// server's request-body limit otherwise.
    func bodyLimit(for request: Request) -> Int {
        streamedAppendLimit(for: request) ?? settings.maximumBodyBytes
    }

    /// A `POST` whose body the store reads as it arrives, with the checks of
    /// ``collectBody(_:channel:)`` and `limit` instead of the server's request-body limit. A body that cannot
    /// be read to its end (too slow, too large, malformed, or the client went away) is answered for what it is,
    /// and the store keeps nothing of it; a connection whose body was not read to its end is closed after the
    /// answer.
    func streamedAppend(
        _ path: StreamPath, _ appendRequest: AppendRequest, _ request: Request, limit: Int, channel: any Channel
    ) async throws(RequestFailure) -> Reply {
        let reader = try RequestBodyReader(request, channel: channel, limit: limit, timeout: settings.bodyTimeout)
        let body = AppendBody(
            expectedLength: request.headers[.contentLength].flatMap(Int.init)
        ) { () throws(StreamStorageError) -> [UInt8]? in
            do {
                return try await reader.next().map { Array($0.readableBytesView) }
            } catch {
                throw StreamStorageError(.invalidPayload, "the request body could not be read to its end")
            }
        }
        let outcome: Result<AppendResult, StreamStorageError>
        do {
            outcome = .success(try await operations.append(path, appendRequest, body: body))
        } catch {
            outcome = .failure(error)
        }
        // A store may give up on the body while a read is in progress (a lost database connection): the
        // connection is not answered before that read has ended.
        await reader.quiesce()
        if let failure = reader.failure { throw failure }
        var reply: Reply
        switch outcome {
        case .success(let result):
            reply = Self.appendReply(result, producer: appendRequest.producer)
            reply.fields[ProtocolHeader.streamIncarnation] = appendRequest.expectedIncarnation
        case .failure(let error):
            if reader.isFinished, reader.count == 0, !appendRequest.closeStream { throw Self.emptyAppend }
            reply = .storageError(error)
        }
        if !reader.isFinished { reply.closesConnection = true }
        return reply
    }
}
#endif
