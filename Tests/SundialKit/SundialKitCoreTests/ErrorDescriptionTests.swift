import Foundation
import SundialKitCore
import Testing

@Suite("Error descriptions")
struct ErrorDescriptionTests {
    static let connectivityErrors: [(ConnectivityError, String)] = [
        (.sessionNotSupported, "not supported"),
        (.sessionNotActivated, "has not been activated"),
        (.sessionInactive, "inactive"),
        (.activationTimedOut, "in time"),
        (.activationFailed("radio off"), "radio off"),
        (.sessionMissingDelegate, "no delegate"),
        (.deviceNotPaired, "No Apple Watch"),
        (.companionAppNotInstalled, "not installed"),
        (.notReachable, "not reachable"),
        (.watchOnlyApp, "watch-only"),
        (.messageReplyTimedOut, "did not reply"),
        (.messageReplyFailed, "reply failed"),
        (.replyAlreadySent, "already sent"),
        (.invalidParameter("bad port"), "bad port"),
        (.payloadTooLarge(size: 70_000, limit: 65_536), "70000 bytes; the limit is 65536"),
        (.payloadUnsupportedTypes("url: URL"), "url: URL"),
        (.serialization(.missingTypeKey), "__type"),
        (.deliveryFailed, "could not be delivered"),
        (.cancelled, "cancelled"),
        (.transferTimedOut, "transfer timed out"),
        (.insufficientSpace, "not enough space"),
        (.fileNotAccessible, "cannot be read"),
        (.fileAccessDenied, "denied"),
        (.genericErrorCode(7007), "7007"),
    ]

    @Test("Every ConnectivityError describes itself, naming its details", arguments: connectivityErrors)
    @available(OS2022, *)
    func connectivity(error: ConnectivityError, fragment: String) throws {
        let description = try #require(error.errorDescription)
        #expect(description.contains(fragment))
        #expect(error.localizedDescription == description)
    }

    @Test(
        "Recovery suggestions are given where there is something to do",
        arguments: [
            (ConnectivityError.sessionNotActivated, "Activate"),
            (.sessionInactive, "Activate"),
            (.notReachable, "application context"),
            (.payloadTooLarge(size: 1, limit: 0), "file transfer"),
            (.payloadUnsupportedTypes("x"), "Data, Date"),
            (.companionAppNotInstalled, "Install"),
            (.deviceNotPaired, "Install"),
        ]
    )
    @available(OS2022, *)
    func recovery(error: ConnectivityError, fragment: String) throws {
        #expect(try #require(error.recoverySuggestion).contains(fragment))
    }

    @Test("Errors with nothing to do have no recovery suggestion")
    @available(OS2022, *)
    func noRecovery() {
        for error in [ConnectivityError.cancelled, .deliveryFailed, .messageReplyTimedOut, .genericErrorCode(1)] {
            #expect(error.recoverySuggestion == nil)
        }
    }

    @Test(
        "Every SerializationError describes itself, naming its details",
        arguments: [
            (SerializationError.missingTypeKey, "__type"),
            (.unknownMessageType("color"), "\"color\""),
            (.duplicateMessageKey("color"), "More than one"),
            (.typeMismatch(key: "red", expected: "Double", actual: "String"), "\"red\" should be Double but is String"),
            (.missingField("red"), "\"red\""),
            (.missingBinaryData, "__data"),
            (.notBinaryMessagable("color"), "cannot decode binary"),
            (.invalidFormat("truncated footer"), "truncated footer"),
            (.invalidTypeKey, "UTF-8"),
            (.invalidDataSize(expected: 12, actual: 3), "Expected 12 bytes of data, got 3"),
            (.encodingFailed("no"), "could not be encoded: no"),
            (.decodingFailed(type: "color", reason: "bad"), "as color: bad"),
            (.unsupportedValue("url: URL"), "url: URL"),
        ]
    )
    @available(OS2022, *)
    func serialization(error: SerializationError, fragment: String) throws {
        #expect(try #require(error.errorDescription).contains(fragment))
    }

    @Test("A serialization failure inside a ConnectivityError keeps its description")
    @available(OS2022, *)
    func nested() {
        let inner = SerializationError.invalidDataSize(expected: 4, actual: 2)
        #expect(ConnectivityError.serialization(inner).errorDescription == inner.errorDescription)
    }

    @Test("SundialKit 1.0's SundialError is ConnectivityError; missingCompanion is a missing counterpart app")
    @available(OS2022, *)
    func sundialError() {
        let error: SundialError = .sessionNotSupported
        #expect(error == ConnectivityError.sessionNotSupported)
        #expect(SundialError.missingCompanion == .companionAppNotInstalled)
    }
}
