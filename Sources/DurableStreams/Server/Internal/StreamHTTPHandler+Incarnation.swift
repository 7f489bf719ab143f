#if canImport(HummingbirdCore) && (os(Linux) || os(macOS))
import DurableStreamsStorage
import HTTPTypes
import HummingbirdCore

@available(OS2023, *)
extension StreamHTTPHandler {
    /// The incarnation a request expects (`Stream-If-Incarnation`), or `nil` when it names none.
    func expectedIncarnation(in request: Request) throws(RequestFailure) -> String? {
        guard let value = try singleValue(ProtocolHeader.streamIfIncarnation, in: request) else { return nil }
        let token = value.trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty else { throw .badRequest("Empty Stream-If-Incarnation") }
        return token
    }

    /// Throws the `412` when the stream read is not the incarnation the request expects.
    static func require(_ expected: String?, of info: StreamInfo) throws(RequestFailure) {
        if let mismatch = StreamIncarnation.check(expected: expected, current: info.incarnation) {
            throw RequestFailure(.storageError(mismatch))
        }
    }
}
#endif
