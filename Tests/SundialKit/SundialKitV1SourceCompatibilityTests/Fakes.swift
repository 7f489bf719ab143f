// Fakes written the way SundialKit 1.0 users wrote them: a session conforming to 1.0's `ConnectivitySession`
// (a plain class with `didSet` observers calling its delegate), a path monitor, a ping, a path and messages.
// (The repository compiles every target with the ExistentialAny feature, so existentials are spelled `any`;
// 1.0 code without `any` is the same type: 1.0's own `MockSession`, which declares `var delegate:
// ConnectivitySessionDelegate?`, compiles unchanged against 2.x in 1.0's test suite run of MIGRATION.md.)
import Foundation
import SundialKit

#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// A 1.0-style WatchConnectivity fake: setting a property tells the delegate, as a `WCSession` would.
@available(OS2022, *)
final class FakeWatchSession: ConnectivitySession {
    var delegate: (any ConnectivitySessionDelegate)?
    var sentMessages: [ConnectivityMessage] = []
    var sentContexts: [ConnectivityMessage] = []
    var replyToSend: Result<ConnectivityMessage, any Error> = .success([:])
    var contextError: (any Error)?
    var activationError: (any Error)?
    var activateCalls = 0

    var isReachable = false {
        didSet { delegate?.sessionReachabilityDidChange(self) }
    }

    var isPaired = false {
        didSet { delegate?.sessionCompanionStateDidChange(self) }
    }

    var isPairedAppInstalled = false {
        didSet { delegate?.sessionCompanionStateDidChange(self) }
    }

    var activationState: ActivationState = .notActivated {
        didSet {
            switch activationState {
            case .activated: delegate?.session(self, activationDidCompleteWith: activationState, error: nil)
            case .inactive: delegate?.sessionDidBecomeInactive(self)
            case .notActivated: delegate?.sessionDidDeactivate(self)
            }
        }
    }

    func activate() throws {
        activateCalls += 1
        if let activationError {
            throw activationError
        }
        activationState = .activated
    }

    func updateApplicationContext(_ context: ConnectivityMessage) throws {
        if let contextError {
            throw contextError
        }
        sentContexts.append(context)
    }

    func sendMessage(
        _ message: ConnectivityMessage, _ completion: @escaping (Result<ConnectivityMessage, any Error>) -> Void
    ) {
        sentMessages.append(message)
        completion(replyToSend)
    }

    /// The counterpart sends a live message.
    func receive(_ message: ConnectivityMessage, replyHandler: @escaping ConnectivityHandler) {
        delegate?.session(self, didReceiveMessage: message, replyHandler: replyHandler)
    }

    /// The counterpart replaces the application context.
    func receiveContext(_ context: ConnectivityMessage) {
        delegate?.session(self, didReceiveApplicationContext: context, error: nil)
    }
}

/// A 1.0-style path.
@available(OS2022, *)
struct FakePath: NetworkPath {
    var isConstrained = false
    var isExpensive = false
    var pathStatus: PathStatus = .unknown
}

/// A 1.0-style path monitor (a plain class) that reports what the test sends, and a path of its own when started.
@available(OS2022, *)
class FakePathMonitor: PathMonitor {
    typealias PathType = FakePath

    private(set) var handler: ((FakePath) -> Void)?
    private(set) var startedQueueLabels: [String] = []
    private(set) var cancelCount = 0
    let pathOnStart: FakePath?

    init(pathOnStart: FakePath? = FakePath(pathStatus: .satisfied(.wiredEthernet))) {
        self.pathOnStart = pathOnStart
    }

    func onPathUpdate(_ handler: @escaping (FakePath) -> Void) {
        self.handler = handler
    }

    func start(queue: DispatchQueue) {
        startedQueueLabels.append(queue.label)
        if let pathOnStart {
            handler?(pathOnStart)
        }
    }

    func cancel() {
        cancelCount += 1
    }

    func send(_ path: FakePath) {
        handler?(path)
    }
}

/// A 1.0-style ping (a plain class): always pings, answers at once with a running number.
@available(OS2022, *)
class FakePing: NetworkPing {
    struct StatusType: Equatable {
        let number: Int
    }

    let timeInterval: TimeInterval
    private(set) var count = 0

    init(timeInterval: TimeInterval) {
        self.timeInterval = timeInterval
    }

    func shouldPing(onStatus status: PathStatus) -> Bool {
        true
    }

    func onPing(_ closure: @escaping (StatusType) -> Void) {
        count += 1
        closure(StatusType(number: count))
    }
}

/// A 1.0-style message whose parameter is a `UUID`, not a property-list value.
@available(OS2022, *)
struct TokenMessage: Messagable, Equatable {
    static let key = "token"
    let name: String
    let token: UUID

    init(name: String, token: UUID) {
        self.name = name
        self.token = token
    }

    init?(from parameters: [String: Any]?) {
        guard let name = parameters?["name"] as? String, let token = parameters?["token"] as? UUID else {
            return nil
        }
        self.init(name: name, token: token)
    }

    func parameters() -> [String: Any] {
        ["name": name, "token": token]
    }
}

/// A value of the app's own type, carried in a 1.0 message.
@available(OS2022, *)
struct Settings: Equatable {
    var volume: Int
}

/// A 1.0-style message carrying a struct.
@available(OS2022, *)
struct SettingsMessage: Messagable {
    let settings: Settings

    init(settings: Settings) {
        self.settings = settings
    }

    init?(from parameters: [String: Any]?) {
        guard let settings = parameters?["settings"] as? Settings else {
            return nil
        }
        self.settings = settings
    }

    func parameters() -> [String: Any] {
        ["settings": settings]
    }
}

/// An error of the app's own.
@available(OS2022, *)
struct FakeError: Error, Equatable {
    let code: Int
}

/// Collects a publisher's values into an `AsyncStream` the test can await.
@available(OS2022, *)
func collect<Output: Sendable>(_ publisher: some Publisher<Output, Never>) -> (AsyncStream<Output>, AnyCancellable) {
    let (stream, continuation) = AsyncStream.makeStream(of: Output.self)
    let cancellable = publisher.sink { continuation.yield($0) }
    return (stream, cancellable)
}

/// Records what a publisher emits synchronously, on the thread that emits it.
@available(OS2022, *)
final class Recorder<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []
    private var cancellable: AnyCancellable?

    init(_ publisher: some Publisher<Value, Never>) {
        cancellable = publisher.sink { [unowned self] value in lock.withLock { stored.append(value) } }
    }

    var values: [Value] { lock.withLock { stored } }
}

/// Values handed over from any thread.
@available(OS2022, *)
final class Inbox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) {
        lock.withLock { stored.append(value) }
    }

    var values: [Value] { lock.withLock { stored } }
}
