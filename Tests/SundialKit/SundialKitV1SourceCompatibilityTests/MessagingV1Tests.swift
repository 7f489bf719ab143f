// SundialKit 1.0's messages (1.0.0-beta.1, Sources/SundialKit/WatchConnectivity/Messagable.swift and
// MessageDecoder.swift): `message()` is `["__type": key, "__parameters": parameters()]` with the parameters as
// they are; `decode` reads `__type`, finds the type and calls `init?(from: message["__parameters"] as? [String:
// Any])`, returning `nil` on any miss. The context and result types are plain enums and structs.
import Foundation
import SundialKit
import SundialKitCombine
import Testing

@Suite("SundialKit 1.0 source compatibility: messages")
struct MessagingV1Tests {
    @Test("message() is the 1.0 dictionary, with the parameters' values as they are")
    @available(OS2022, *)
    func message() throws {
        let message = TokenMessage(name: "a", token: UUID())
        let dictionary = message.message()
        #expect(dictionary["__type"] as? String == "token")
        let parameters = try #require(dictionary["__parameters"] as? [String: Any])
        #expect(parameters["token"] as? UUID == message.token)
        #expect(parameters["name"] as? String == "a")
    }

    @Test("message() then decode gives back what went in: a UUID, and a struct of the app's own")
    @available(OS2022, *)
    func roundTrip() throws {
        let decoder = MessageDecoder(messagableTypes: [TokenMessage.self, SettingsMessage.self])
        let token = TokenMessage(name: "b", token: UUID())
        #expect(decoder.decode(token.message()) as? TokenMessage == token)
        let settings = SettingsMessage(settings: Settings(volume: 7))
        let decoded = try #require(decoder.decode(settings.message()) as? SettingsMessage)
        #expect(decoded.settings == Settings(volume: 7))
    }

    @Test("decode returns nil for a dictionary without __type, an unknown type, or parameters init? refuses")
    @available(OS2022, *)
    func decodeMisses() {
        let decoder = MessageDecoder(messagableTypes: [TokenMessage.self])
        #expect(decoder.decode(["name": "x"]) == nil)
        #expect(decoder.decode(SettingsMessage(settings: Settings(volume: 1)).message()) == nil)
        #expect(decoder.decode(["__type": "token", "__parameters": ["name": "x"]]) == nil)
        #expect(decoder.decode(["__type": "token"]) == nil)
    }

    @Test("decode hands init?(from:) nil when __parameters is missing or not a dictionary")
    @available(OS2022, *)
    func missingParameters() {
        let decoder = MessageDecoder(messagableTypes: [BareMessage.self])
        #expect(decoder.decode(["__type": "bare"]) is BareMessage)
        #expect(decoder.decode(["__type": "bare", "__parameters": 3]) is BareMessage)
        #expect(decoder.decode(BareMessage().message()) == nil)
    }

    @Test("decode fits compactMap over received results, as 1.0 READMEs used it")
    @available(OS2022, *)
    func compactMap() {
        let decoder = MessageDecoder(messagableTypes: [TokenMessage.self])
        let token = TokenMessage(name: "c", token: UUID())
        let results = [
            ConnectivityReceiveResult(message: token.message(), context: .applicationContext),
            ConnectivityReceiveResult(message: ["other": 1], context: .applicationContext),
        ]
        let decoded = results.map(\.message).compactMap(decoder.decode)
        #expect(decoded.count == 1)
        #expect(decoded.first as? TokenMessage == token)
    }

    @Test("The context and result types are 1.0's")
    @available(OS2022, *)
    func contexts() {
        let handler: ConnectivityHandler = { _ in }
        let live = ConnectivityReceiveContext.replyWith(handler)
        #expect(live.replyHandler != nil)
        #expect(!live.isApplicationContext)
        #expect(ConnectivityReceiveContext.applicationContext.isApplicationContext)
        #expect(ConnectivityReceiveContext.applicationContext.replyHandler == nil)
        let contexts: [ConnectivitySendContext] = [
            .applicationContext, .reply(["a": 1]), .failure(SundialError.missingCompanion),
        ]
        for context in contexts {
            switch context {
            case .applicationContext: break
            case .reply(let reply): #expect(reply["a"] as? Int == 1)
            case .failure(let error): #expect(error as? SundialError == .missingCompanion)
            }
        }
        let sent = ConnectivitySendResult(message: ["a": 1], context: .applicationContext)
        #expect(sent.message["a"] as? Int == 1)
    }

    @Test("ConnectivitySendContext(_:) turns a 1.0 session's result into .reply or .failure")
    @available(OS2022, *)
    func sendContextFromResult() {
        guard case .reply(let reply) = ConnectivitySendContext(.success(["a": 1])) else {
            Issue.record("expected .reply")
            return
        }
        #expect(reply["a"] as? Int == 1)
        guard case .failure(let error) = ConnectivitySendContext(.failure(FakeError(code: 5))) else {
            Issue.record("expected .failure")
            return
        }
        #expect(error as? FakeError == FakeError(code: 5))
        guard case .failure(let sundial) = ConnectivitySendContext(.failure(SundialError.sessionNotSupported)) else {
            Issue.record("expected .failure")
            return
        }
        #expect(sundial as? SundialError == .sessionNotSupported)
    }

    @Test("ActivationState keeps 1.0's raw values; SundialError its two errors")
    @available(OS2022, *)
    func enums() {
        #expect(ActivationState(rawValue: 0) == .notActivated)
        #expect(ActivationState(rawValue: 1) == .inactive)
        #expect(ActivationState(rawValue: 2) == .activated)
        let errors: [SundialError] = [.sessionNotSupported, .missingCompanion]
        #expect(errors[0] != errors[1])
        #expect((SundialError.missingCompanion as any Error) is SundialError)
        func describe(_ error: SundialError) -> String {
            switch error {
            case .sessionNotSupported: "not supported"
            case .missingCompanion: "missing companion"
            default: "other"
            }
        }
        #expect(describe(.missingCompanion) == "missing companion")
        #expect(describe(.sessionNotSupported) == "not supported")
    }
}

/// A 1.0-style message that decodes only when it has no parameters at all.
@available(OS2022, *)
private struct BareMessage: Messagable {
    static let key = "bare"

    init() {}

    init?(from parameters: [String: Any]?) {
        guard parameters == nil else {
            return nil
        }
    }

    func parameters() -> [String: Any] {
        [:]
    }
}
