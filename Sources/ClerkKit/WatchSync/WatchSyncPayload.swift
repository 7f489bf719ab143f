import ClerkKit
import Foundation
import SundialKitCore

/// The application context the paired devices exchange, in clerk-ios's keys: `clerkDeviceToken` with
/// `watchSyncDeviceTokenState`, `clerkClient` (JSON, dates in milliseconds) with `watchSyncAuthState` and
/// `clerkClientServerFetchDate` (seconds since 1970), `clerkEnvironment` (the phone's), and
/// `clerkWatchSyncClearGeneration` (absent from earlier SDKs' payloads: generation 0).
@available(OS2023, *)
enum WatchSyncPayload {
    static let deviceToken = "clerkDeviceToken"
    static let deviceTokenState = "watchSyncDeviceTokenState"
    static let client = "clerkClient"
    static let authState = "watchSyncAuthState"
    static let serverDate = "clerkClientServerFetchDate"
    static let environment = "clerkEnvironment"
    static let clearGeneration = "clerkWatchSyncClearGeneration"

    static let keys: Set<String> = [deviceToken, deviceTokenState, client, authState, serverDate, clearGeneration]

    /// The context for `state`, with `environment` (already encoded) when the phone sends it.
    static func context(for state: WatchSyncState, environment: Data? = nil) throws(ClerkError) -> ConnectivityMessage {
        var context: ConnectivityMessage = [clearGeneration: Int(clamping: state.clearGeneration)]
        if let token = state.identity.deviceToken {
            context[deviceToken] = token
            context[deviceTokenState] = "set"
        } else {
            context[deviceTokenState] = "cleared"
        }
        if let client = state.identity.client {
            context[self.client] = try encode(client)
            context[authState] = "set"
        } else {
            context[authState] = "cleared"
        }
        if let date = state.identity.serverDate { context[serverDate] = date.timeIntervalSince1970 }
        if let environment { context[self.environment] = environment }
        return context
    }

    /// The state in `context`, or `nil` if it holds none of these keys (another feature's context).
    ///
    /// - Throws: ``ClerkError/Code/decoding`` for a context that has the keys but not a usable state: a token
    ///   that is empty or has a line break, a client that does not decode, a state marked set without its value.
    static func state(from context: ConnectivityMessage) throws(ClerkError) -> WatchSyncState? {
        guard !keys.isDisjoint(with: context.keys) else { return nil }
        let token = try string(context[deviceToken], deviceToken)
        if let token, token.isEmpty || token.contains(where: \.isNewline) {
            throw ClerkError(.decoding, "The paired device sent an unusable device token.")
        }
        let tokenState = try string(context[deviceTokenState], deviceTokenState)
        if tokenState == "set" && token == nil {
            throw ClerkError(.decoding, "The paired device marked its device token set without sending it.")
        }
        let client: Client?
        switch (context[self.client], try string(context[authState], authState)) {
        case (nil, "set"):
            throw ClerkError(.decoding, "The paired device marked its client set without sending it.")
        case (_, "cleared"), (nil, _):
            client = nil
        case (let value?, _):
            guard let data = value as? Data, !data.isEmpty else {
                throw ClerkError(.decoding, "The paired device sent a client that is not JSON data.")
            }
            client = try decode(data)
        }
        let date = try number(context[serverDate], serverDate).map { Date(timeIntervalSince1970: $0) }
        let generation = try number(context[clearGeneration], clearGeneration) ?? 0
        guard generation >= 0, generation < 9.0e18, generation == generation.rounded() else {
            throw ClerkError(.decoding, "The paired device sent an unusable clear generation.")
        }
        return WatchSyncState(
            identity: ClerkIdentity(
                deviceToken: tokenState == "cleared" ? nil : token, client: client, serverDate: date),
            clearGeneration: UInt64(generation))
    }

    private static func string(_ value: (any Sendable)?, _ key: String) throws(ClerkError) -> String? {
        guard let value else { return nil }
        guard let text = value as? String else {
            throw ClerkError(.decoding, "The paired device sent \(key) that is not a string.")
        }
        return text
    }

    private static func number(_ value: (any Sendable)?, _ key: String) throws(ClerkError) -> Double? {
        switch value {
        case nil: return nil
        case let double as Double where double.isFinite: return double
        case let integer as Int: return Double(integer)
        case let integer as Int64: return Double(integer)
        case let integer as UInt64: return Double(integer)
        case let text as String:
            if let double = Double(text), double.isFinite { return double }
        default: break
        }
        throw ClerkError(.decoding, "The paired device sent \(key) that is not a number.")
    }

    private static func encode(_ client: Client) throws(ClerkError) -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(client)
        } catch {
            throw ClerkError(.encoding, "The client could not be encoded for the paired device.")
        }
    }

    private static func decode(_ data: Data) throws(ClerkError) -> Client {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        do {
            return try decoder.decode(Client.self, from: data)
        } catch {
            throw ClerkError(.decoding, "The paired device sent a client that does not decode.")
        }
    }
}
