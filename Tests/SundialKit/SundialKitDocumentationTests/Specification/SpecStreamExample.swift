// The connectivity specification's "Using with SundialKitStream" and "Receiving Messages with Context" examples,
// verbatim: once as written (this device's session), and once over a given session, the only change, so that it
// runs against PairedSessions.
import SundialKitConnectivity
import SundialKitStream

@available(OS2022, *)
enum SpecStreamExample {
    /// As written: on a device without WatchConnectivity (Linux), `activate()` throws `sessionNotSupported`.
    static func asWritten() async throws -> ConnectivitySendResult {
        // Create actor-based observer
        let observer = ConnectivityObserver(
            messageDecoder: MessageDecoder(messagableTypes: [
                ColorMessage.self,
                UserProfile.self,
            ])
        )

        // Activate session
        try await observer.activate()

        // Listen for typed messages using AsyncStream
        Task {
            for await message in await observer.typedMessageStream() {
                if let colorMessage = message as? ColorMessage {
                    print("Color: RGB(\(colorMessage.red), \(colorMessage.green), \(colorMessage.blue))")
                } else if let profile = message as? UserProfile {
                    print("User: \(profile.name)")
                }
            }
        }

        // Monitor reachability
        Task {
            for await isReachable in await observer.reachabilityStream() {
                print("Counterpart reachable: \(isReachable)")
            }
        }

        // Send messages
        let message = ColorMessage(red: 1.0, green: 0.5, blue: 0.0)
        let result = try await observer.send(message)
        print("Sent via: \(result.context)")
        return result
    }

    /// Over a given session (`session:` is the only change).
    static func run(session: any ConnectivityManagedSession) async throws -> ConnectivitySendResult {
        // Create actor-based observer
        let observer = ConnectivityObserver(
            session: session,
            messageDecoder: MessageDecoder(messagableTypes: [
                ColorMessage.self,
                UserProfile.self,
            ])
        )

        // Activate session
        try await observer.activate()

        // Listen for typed messages using AsyncStream
        Task {
            for await message in await observer.typedMessageStream() {
                if let colorMessage = message as? ColorMessage {
                    print("Color: RGB(\(colorMessage.red), \(colorMessage.green), \(colorMessage.blue))")
                } else if let profile = message as? UserProfile {
                    print("User: \(profile.name)")
                }
            }
        }

        // Monitor reachability
        Task {
            for await isReachable in await observer.reachabilityStream() {
                print("Counterpart reachable: \(isReachable)")
            }
        }

        // Send messages
        let message = ColorMessage(red: 1.0, green: 0.5, blue: 0.0)
        let result = try await observer.send(message)
        print("Sent via: \(result.context)")
        return result
    }

    /// "Receiving Messages with Context", verbatim, for an observer the caller made.
    static func receiving(observer: ConnectivityObserver) {
        // Using SundialKitStream
        Task {
            for await result in await observer.messageStream() {
                switch result.context {
                case .replyWith(let handler):
                    // Interactive message expecting reply
                    print("Message: \(result.message)")
                    handler(["status": "received"])

                case .applicationContext:
                    // Background state update
                    print("Context update: \(result.message)")
                }
            }
        }
    }

    /// "Platform Availability", verbatim.
    static func platformSession() -> any ConnectivityManagedSession {
        #if canImport(WatchConnectivity)
        let session = WatchConnectivitySession()
        #else
        let session = NeverConnectivitySession()
        #endif
        return session
    }
}
