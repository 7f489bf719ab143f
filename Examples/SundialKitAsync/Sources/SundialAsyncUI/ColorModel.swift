#if canImport(SwiftUI)
import ColorShared
import SundialKitStream
import SwiftUI

/// One side of the app (the iPhone's or the Watch's) bound to the actor `ConnectivityObserver`: its streams update
/// the published state; `send(_:)` sends a color.
@MainActor
public final class ColorModel: ObservableObject {
    /// Which device this model runs on.
    public enum Role: Sendable {
        /// Sends colors and shows the Watch's answers.
        case phone
        /// Shows the colors it receives and answers live ones with their complement.
        case watch
    }

    /// The color last sent or received.
    @Published public private(set) var color = ColorMessage(red: 1, green: 0.5, blue: 0)
    /// Whether the counterpart is reachable for live messages.
    @Published public private(set) var isReachable = false
    /// What happened last, for the status line.
    @Published public private(set) var status = "activating…"

    private let role: Role
    private let observer: ConnectivityObserver

    /// A model over this device's `WCSession`.
    public init(role: Role) {
        self.role = role
        observer = ConnectivityObserver(messageDecoder: ColorMessage.decoder)
    }

    /// Activates the session and follows its streams until the calling task is cancelled (use `.task { }`).
    public func run() async {
        // Subscribed before anything can arrive.
        let reachability = await observer.reachabilityStream()
        let messages = await observer.messageStream()
        do {
            try await observer.activate()
            status = "activated"
        } catch {
            status = "\(error)"
            return
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.follow(reachability) }
            group.addTask { await self.follow(messages) }
        }
    }

    /// Sends `color`: live with a reply when the counterpart is reachable, by application context otherwise.
    public func send(_ color: ColorMessage) async {
        self.color = color
        do {
            if isReachable {
                let answer = try await observer.send(color, expecting: ColorMessage.self)
                status = "the watch answered \(answer)"
            } else {
                let result = try await observer.send(color)
                status = "sent by \(result.transport.map(\.rawValue) ?? "?")"
            }
        } catch {
            status = "\(error)"
        }
    }

    private func follow(_ reachability: AsyncStream<Bool>) async {
        for await reachable in reachability {
            isReachable = reachable
        }
    }

    private func follow(_ messages: AsyncStream<ConnectivityReceiveResult>) async {
        for await received in messages {
            guard let color = try? ColorMessage.decoder.decode(received) as? ColorMessage else { continue }
            self.color = color
            status = "received \(color)"
            if role == .watch, let reply = received.reply {
                try? reply.send(color.complement)
            }
        }
    }
}

extension ColorMessage {
    /// The color, for SwiftUI.
    var swatch: Color { Color(red: red, green: green, blue: blue) }

    /// A random color.
    static func random() -> ColorMessage {
        ColorMessage(red: .random(in: 0...1), green: .random(in: 0...1), blue: .random(in: 0...1))
    }
}
#endif
