#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore

@available(OS2023, *)
extension StreamHTTPHandler {
    /// The retention a request asks for: `Stream-Retention-Max-Age` (seconds) and `Stream-Retention-Max-Bytes`,
    /// each a whole number without sign or leading zeros, at least 1; absent means no limit of that kind.
    func retention(in request: Request) throws(RequestFailure) -> StreamRetention {
        var retention = StreamRetention.none
        if let text = try singleValue(ProtocolHeader.streamRetentionMaxAge, in: request) {
            guard let seconds = Self.retentionNumber(text) else {
                throw .badRequest(
                    "Invalid Stream-Retention-Max-Age value: must be a whole number of seconds, at least 1")
            }
            retention.maxAge = seconds
        }
        if let text = try singleValue(ProtocolHeader.streamRetentionMaxBytes, in: request) {
            guard let bytes = Self.retentionNumber(text) else {
                throw .badRequest(
                    "Invalid Stream-Retention-Max-Bytes value: must be a whole number of bytes, at least 1")
            }
            retention.maxBytes = bytes
        }
        return retention
    }

    /// `PATCH`: replaces the stream's retention with the one the request's headers give (no header: keep
    /// everything), applies it at once, and answers `204` with the stream's retention and earliest offset.
    func updateRetention(_ path: StreamPath, _ request: Request) async throws(RequestFailure) -> Reply {
        let retention = try retention(in: request)
        guard let store = operations.storage as? any StreamRetentionControl else { throw Self.retentionUnsupported }
        let info: StreamInfo
        do {
            info = try await store.setRetention(path, retention)
        } catch {
            throw RequestFailure(.storageError(error))
        }
        var fields = HTTPFields()
        fields[ProtocolHeader.streamNextOffset] = info.tail.token
        fields[.cacheControl] = "no-store"
        Self.addRetentionFields(info, to: &fields)
        return Reply(.noContent, fields: fields)
    }

    /// `501` for retention on a store that does not keep it.
    static var retentionUnsupported: RequestFailure {
        RequestFailure(.error(.notImplemented, "This stream store does not support retention"))
    }

    /// The stream's retention headers and, once something was dropped, `Stream-Earliest-Offset`.
    static func addRetentionFields(_ info: StreamInfo, to fields: inout HTTPFields) {
        let retention = info.configuration.retention
        if let maxAge = retention.maxAge { fields[ProtocolHeader.streamRetentionMaxAge] = String(maxAge) }
        if let maxBytes = retention.maxBytes { fields[ProtocolHeader.streamRetentionMaxBytes] = String(maxBytes) }
        if info.retainedStart > .zero { fields[ProtocolHeader.streamEarliestOffset] = info.retainedStart.token }
    }

    private static func retentionNumber(_ text: String) -> UInt64? {
        guard !text.isEmpty, text.utf8.count <= 19,
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), !text.hasPrefix("0"),
            let value = UInt64(text)
        else { return nil }
        return value
    }
}
#endif
