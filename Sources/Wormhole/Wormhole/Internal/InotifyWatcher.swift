#if os(Linux)
import CourierPrimitives
import Foundation
import Glibc

/// Watches one directory with inotify on a dedicated thread and runs the handlers registered for the names of
/// files touched, written or renamed in it.
///
/// The thread blocks in `poll(2)` on the inotify descriptor and a wake-up pipe: it uses no CPU while nothing
/// happens, wakes as soon as another process writes, and ends when ``stop()`` writes to the pipe. Events that
/// arrive together are coalesced per name, like Darwin notifications.
///
/// The thread is also a task executor (``Wormhole/deliveryExecutor``): a task that prefers it is resumed by the
/// handlers on this thread and runs here right after them, with no second thread to wake.
@available(OS2021, *)
final class InotifyWatcher: Sendable {
    let path: String
    let registry = HandlerRegistry()

    private let inotifyDescriptor: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    let state = Locked(WatcherState<UnownedJob>())

    /// The permissions of the watched directory when it must be re-created.
    private let access: FileAccess

    /// `IN_ATTRIB` catches `touch` of an existing file (and our own posts); `IN_CLOSE_WRITE` a file written and
    /// closed; `IN_MOVED_TO` a file renamed in.
    private static let mask = UInt32(IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_TO | IN_ONLYDIR | IN_DONT_FOLLOW)

    init(path: String, access: FileAccess) throws(WormholeError) {
        self.path = path
        self.access = access
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else {
            throw .notificationFailed(name: path, reason: "inotify_init1: \(SystemCalls.describe(errno))")
        }
        guard inotify_add_watch(descriptor, path, Self.mask) >= 0 else {
            let code = errno
            close(descriptor)
            throw .notificationFailed(name: path, reason: Self.watchFailure(code))
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            let code = errno
            close(descriptor)
            throw .notificationFailed(name: path, reason: "pipe: \(SystemCalls.describe(code))")
        }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(pipeEnds[0], F_SETFL, O_NONBLOCK)
        inotifyDescriptor = descriptor
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
    }

    private static func watchFailure(_ code: Int32) -> String {
        if code == ENOSPC {
            return "inotify_add_watch: the per-user watch limit is reached (raise fs.inotify.max_user_watches)"
        }
        return "inotify_add_watch: \(SystemCalls.describe(code))"
    }

    /// Starts the watching thread if it is not running yet.
    func startIfNeeded() {
        if state.withLock({ $0.start() }) { startThread() }
    }

    func startThread() {
        let thread = Thread { [self] in run() }
        thread.name = "Wormhole inotify"
        thread.start()
    }

    /// Stops the thread (or closes the descriptors if it never started).
    func stop() {
        switch state.withLock({ $0.stop() }) {
        case .some(true):
            wake()
        case .some(false):
            closeDescriptors()
        case .none:
            break
        }
    }

    /// Makes the thread return from `poll(2)`.
    func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func closeDescriptors() {
        close(inotifyDescriptor)
        close(wakeRead)
        close(wakeWrite)
    }

    private func run() {
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        var jobs: [UnownedJob] = []
        defer {
            buffer.deallocate()
            closeDescriptors()
            // Tasks that still prefer this thread go on on the shared pool.
            for job in state.withLock({ $0.end() }) { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
        }
        var descriptors = [
            pollfd(fd: inotifyDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            switch state.withLock({ $0.nextStep(taking: &jobs) }) {
            case .stop:
                return
            case .run:
                for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
                continue
            case .poll:
                break
            }
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            let polled = poll(&descriptors, 2, -1)
            state.withLock { $0.woke() }
            if polled < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0 { drainWakes() }
            if descriptors[0].revents & Int16(POLLIN) != 0 {
                guard drain(buffer, capacity) else { return }
            } else if descriptors[0].revents != 0 {
                return
            }
        }
    }

    private func drainWakes() {
        var bytes = (UInt64(0), UInt64(0))
        while withUnsafeMutableBytes(of: &bytes, { read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Reads the pending events and runs the handlers once per name. Returns `false` if the descriptor failed.
    ///
    /// A read that leaves room for another event took everything queued then, so it is the last: events that
    /// arrive later make `poll(2)` return again (one `read` per wake, instead of a second one to meet `EAGAIN`).
    private func drain(_ buffer: UnsafeMutableRawPointer, _ capacity: Int) -> Bool {
        var names = Set<String>()
        var everything = false
        let largestEvent = MemoryLayout<inotify_event>.size + Int(NAME_MAX) + 1
        var more = true
        while more {
            let count = read(inotifyDescriptor, buffer, capacity)
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                return false
            }
            if count == 0 { break }
            more = count > capacity - largestEvent
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let event = buffer.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                let nameLength = Int(event.len)
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    everything = true  // events were lost: anything may have changed
                } else if event.mask & UInt32(IN_IGNORED) != 0 {
                    rewatch()  // the directory was removed
                    everything = true
                } else if nameLength > 0 {
                    let start = buffer.advanced(by: offset + headerSize).assumingMemoryBound(to: UInt8.self)
                    let bytes = UnsafeBufferPointer(start: start, count: min(nameLength, count - offset - headerSize))
                    names.insert(String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self))
                }
                offset += headerSize + nameLength
            }
        }
        if everything {
            registry.fireAll()
        } else {
            for name in names { registry.fire(name) }
        }
        return true
    }

    /// Re-creates the watched directory and watches it again after it was removed, but only inside a wormhole
    /// directory that still exists: a wormhole directory removed as a whole stays removed.
    private func rewatch() {
        guard !state.withLock({ $0.stopped }) else { return }
        if (try? SystemCalls.makeDirectory(path, access: access)) != nil {
            _ = inotify_add_watch(inotifyDescriptor, path, Self.mask)
        }
    }
}
#endif
