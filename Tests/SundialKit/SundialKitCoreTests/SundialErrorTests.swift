import SundialKitCore
import Testing

/// The family's one error type: codes, context, matching and the 1.0 names.
@Suite("SundialError")
struct SundialErrorTests {
    @available(OS2022, *)
    private struct Cause: Error, Sendable {}

    @available(OS2022, *)
    private func fail(_ error: SundialError) throws(SundialError) { throw error }

    @Test("The three names are one type; 1.0's names keep working")
    @available(OS2022, *)
    func oneType() {
        let network: NetworkError = .pingTimeout
        let connectivity: ConnectivityError = .missingCompanion
        let serialization: SerializationError = .missingTypeKey
        let all: [SundialError] = [network, connectivity, serialization]
        #expect(all.map(\.code) == [.pingTimeout, .companionAppNotInstalled, .missingTypeKey])
        #expect(SundialError.missingCompanion == .companionAppNotInstalled)
        #expect(ConnectivityError.serialization(.encodingFailed("x")) == .encodingFailed("x"))
    }

    @Test("catch with a 1.0 name matches the code; a pattern with details matches them too")
    @available(OS2022, *)
    func catching() {
        do {
            try fail(.payloadTooLarge(size: 70_000, limit: 65_536))
            Issue.record("did not throw")
        } catch SundialError.notReachable {
            Issue.record("wrong code matched")
        } catch SundialError.payloadTooLarge(size: 1, limit: 2) {
            Issue.record("a pattern with other details matched")
        } catch SundialError.payloadTooLarge(size: 70_000, limit: 65_536) {
            #expect(Bool(true))
        } catch {
            Issue.record("unexpected \(error)")
        }
        let error: any Error = SundialError.notReachable
        switch error {
        case SundialError.sessionNotActivated: Issue.record("wrong code matched")
        case SundialError.notReachable: break
        default: Issue.record("no match")
        }
    }

    @Test("Details live in the context; the message names them; the underlying error is kept, not compared")
    @available(OS2022, *)
    func contextAndMessage() {
        let error = SundialError.typeMismatch(key: "count", expected: "Int", actual: "String")
        #expect(error.context.key == "count")
        #expect(error.context.expected == "Int")
        #expect(error.message == "\"count\" should be Int but is String.")
        #expect(error.errorDescription == error.message)
        #expect(error.description == "typeMismatch: \(error.message)")
        let wrapped = SundialError(.deliveryFailed, underlying: Cause())
        #expect(wrapped.underlying is Cause)
        #expect(wrapped == .deliveryFailed)
        #expect(SundialError.genericErrorCode(7100).context.watchConnectivityCode == 7100)
    }
}
