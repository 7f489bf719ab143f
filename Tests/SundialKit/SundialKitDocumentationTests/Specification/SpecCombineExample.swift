// The connectivity specification's "Using with SundialKitCombine" example, verbatim: once as written (this
// device's session), and once over a given session, the only change, so that it runs against PairedSessions.
// Each function returns what the example keeps alive, so that the test can use it.
import SundialKitCombine
import SundialKitConnectivity

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

@available(OS2022, *)
enum SpecCombineExample {
    /// As written: on a device without WatchConnectivity (Linux), `activate()` throws `sessionNotSupported`.
    static func asWritten() throws -> (ConnectivityObserver, Set<AnyCancellable>) {
        // Create observer with message types
        let observer = ConnectivityObserver(
            messageDecoder: MessageDecoder(messagableTypes: [
                ColorMessage.self,
                UserProfile.self,  // Protobuf message
            ])
        )

        // Activate session
        try observer.activate()

        // Listen for typed messages
        var cancellables = Set<AnyCancellable>()

        observer.typedMessageReceived
            .sink { message in
                if let colorMessage = message as? ColorMessage {
                    print("Color: RGB(\(colorMessage.red), \(colorMessage.green), \(colorMessage.blue))")
                } else if let profile = message as? UserProfile {
                    print("User: \(profile.name)")
                }
            }
            .store(in: &cancellables)

        // Monitor session state
        observer.$activationState
            .sink { state in
                print("Session state: \(state)")
            }
            .store(in: &cancellables)

        observer.$isReachable
            .sink { isReachable in
                print("Counterpart reachable: \(isReachable)")
            }
            .store(in: &cancellables)

        // Send messages
        Task {
            let message = ColorMessage(red: 1.0, green: 0.5, blue: 0.0)
            let result = try await observer.send(message)
            print("Sent via: \(result.context)")
        }
        return (observer, cancellables)
    }

    /// Over a given session (`session:` is the only change).
    static func run(session: any ConnectivityManagedSession) throws -> (ConnectivityObserver, Set<AnyCancellable>) {
        // Create observer with message types
        let observer = ConnectivityObserver(
            session: session,
            messageDecoder: MessageDecoder(messagableTypes: [
                ColorMessage.self,
                UserProfile.self,  // Protobuf message
            ])
        )

        // Activate session
        try observer.activate()

        // Listen for typed messages
        var cancellables = Set<AnyCancellable>()

        observer.typedMessageReceived
            .sink { message in
                if let colorMessage = message as? ColorMessage {
                    print("Color: RGB(\(colorMessage.red), \(colorMessage.green), \(colorMessage.blue))")
                } else if let profile = message as? UserProfile {
                    print("User: \(profile.name)")
                }
            }
            .store(in: &cancellables)

        // Monitor session state
        observer.$activationState
            .sink { state in
                print("Session state: \(state)")
            }
            .store(in: &cancellables)

        observer.$isReachable
            .sink { isReachable in
                print("Counterpart reachable: \(isReachable)")
            }
            .store(in: &cancellables)

        // Send messages
        Task {
            let message = ColorMessage(red: 1.0, green: 0.5, blue: 0.0)
            let result = try await observer.send(message)
            print("Sent via: \(result.context)")
        }
        return (observer, cancellables)
    }
}
