#if os(Linux)
import Foundation
import SundialKitCore

/// One monitoring session: reads rtnetlink on a dedicated thread until woken, keeps the routing state, and hands
/// each new path to `publish`. Runs the initial dump (links, addresses, routes) first, and again after the
/// kernel reports dropped messages; no path is published while a dump is incomplete.
final class NetlinkReader: Sendable {
    private let socket: NetlinkSocket
    private let logger: NetlinkLog
    private let sysfs: SysfsInterfaceFacts

    init(socket: NetlinkSocket, logger: NetlinkLog, sysfs: SysfsInterfaceFacts = SysfsInterfaceFacts()) {
        self.socket = socket
        self.logger = logger
        self.sysfs = sysfs
    }

    /// Starts the reader thread.
    func start(publish: @escaping @Sendable (NetlinkPath) -> Void, fail: @escaping @Sendable (NetworkError) -> Void) {
        let thread = Thread { [self] in
            run(publish: publish, fail: fail)
        }
        thread.name = "SundialKit.NetlinkReader"
        thread.start()
    }

    /// Stops the reader thread; it closes the socket as it exits.
    func stop() {
        socket.wake()
    }

    private struct Session {
        var routing = RoutingState()
        var dump: NetlinkRequest.Dump? = .links
        var sequence: UInt32 = 0
        var published: NetlinkPath?
    }

    private func run(publish: @Sendable (NetlinkPath) -> Void, fail: @Sendable (NetworkError) -> Void) {
        defer { socket.close() }
        var session = Session()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
        defer { buffer.deallocate() }
        do throws(NetworkError) {
            try request(.links, in: &session)
            while true {
                switch socket.wait() {
                case .woken:
                    return
                case .interrupted:
                    continue
                case .failed(let error):
                    throw error
                case .readable:
                    try drain(buffer, session: &session, publish: publish)
                }
            }
        } catch {
            logger.error("netlink monitoring failed", metadata: ["error": "\(error)"])
            fail(error)
        }
    }

    /// Reads every datagram available now.
    private func drain(
        _ buffer: UnsafeMutableRawBufferPointer, session: inout Session, publish: (NetlinkPath) -> Void
    ) throws(NetworkError) {
        while true {
            switch socket.receive(into: buffer) {
            case .empty:
                return
            case .failed(let error):
                throw error
            case .overflow:
                logger.warning("netlink receive buffer overflowed; reading the full state again")
                try resynchronise(&session)
            case .bytes(let count) where count > buffer.count:
                logger.warning(
                    "netlink datagram truncated; reading the full state again", metadata: ["bytes": "\(count)"])
                try resynchronise(&session)
            case .bytes(let count):
                let batch = NetlinkParser.parse(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                try handle(batch, session: &session)
                if session.dump == nil {
                    let path = session.routing.path
                    if path != session.published {
                        session.published = path
                        publish(path)
                    }
                }
            }
        }
    }

    private func handle(_ batch: NetlinkBatch, session: inout Session) throws(NetworkError) {
        for problem in batch.problems {
            logger.warning("skipped malformed netlink input", metadata: ["problem": "\(problem)"])
        }
        for message in batch.messages {
            switch message {
            case .done(let sequence) where sequence == session.sequence && session.dump != nil:
                try advance(&session)
            case .error(let code, let sequence) where code != 0 && sequence == session.sequence && session.dump != nil:
                logger.warning(
                    "netlink dump request failed", metadata: ["error": "\(NetlinkSocket.errorText(-code))"])
                try advance(&session)
            case .overrun:
                logger.warning("netlink reported an overrun; reading the full state again")
                try resynchronise(&session)
            default:
                session.routing.apply(message, classify: classify)
            }
        }
    }

    private func advance(_ session: inout Session) throws(NetworkError) {
        guard let next = session.dump?.next else {
            session.dump = nil
            return
        }
        try request(next, in: &session)
    }

    private func resynchronise(_ session: inout Session) throws(NetworkError) {
        session.routing = RoutingState()
        try request(.links, in: &session)
    }

    private func request(_ dump: NetlinkRequest.Dump, in session: inout Session) throws(NetworkError) {
        session.dump = dump
        session.sequence &+= 1
        try socket.send(NetlinkRequest.dump(dump, sequence: session.sequence))
    }

    private func classify(_ link: LinkInfo) -> PathStatus.Interface {
        let facts = sysfs.facts(for: link)
        let (kind, recognised) = InterfaceClassifier.classify(facts)
        if !recognised {
            logger.debug(
                "unknown interface kind; treating it as other",
                metadata: [
                    "interface": "\(link.name ?? "#\(link.index)")", "hardwareType": "\(link.hardwareType)",
                    "kind": "\(link.kind ?? "-")",
                ])
        }
        return kind
    }
}
#endif
