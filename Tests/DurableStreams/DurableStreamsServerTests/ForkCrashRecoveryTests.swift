import CourierPrimitives
import CourierTestSupport
import ExactHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Kills `durable-streams serve` with SIGKILL while forks are created, appended to and deleted (soft and for
/// good, with cascades), restarts it on the same data directory, and checks that every acknowledged
/// operation holds and that reference counts are consistent: once every live stream is deleted, nothing is
/// left soft-deleted.
@Suite("Fork crash recovery")
struct ForkCrashRecoveryTests {
    /// What one worker's chain of forks is known to hold.
    @available(OS2023, *)
    private struct Chain: Sendable {
        /// Every fork whose creation was acknowledged, in order, with its acknowledged content.
        var forks: [(path: String, content: String)] = []
        /// The append in flight to the last fork, if any (it may or may not have been stored).
        var inFlight: String?
        /// Forks whose soft-delete was acknowledged.
        var deleted: Set<String> = []
        /// Every path the worker touched.
        var touched: Set<String> = []
    }

    @Test("SIGKILL during fork creation, appends and deletions leaves every acknowledged state and consistent counts")
    @available(OS2023, *)
    func killDuringForkOperations() async throws {
        try await withTemporaryDirectory(prefix: "ds-fork-crash") { directory in
            let client = ExactHTTPClient()
            defer { Task { await client.shutdown() } }
            let first = try await ServerProcess.start(dataDirectory: directory)
            let root = "/fork-crash/\(UUID().uuidString.lowercased())"
            #expect(try await send(client, .PUT, first.base + root, body: "root;").status == 201)

            let chains = (0..<4).map { _ in Locked(Chain()) }
            let cascades = Locked((touched: Set<String>(), removed: Set<String>()))
            let progress = Broadcast<Int>(replayLatest: true)
            let created = Locked(0)
            let workers = Task {
                await withTaskGroup(of: Void.self) { group in
                    for (worker, chain) in chains.enumerated() {
                        group.addTask {
                            await runChain(client, base: first.base, root: root, worker: worker, chain: chain) {
                                progress.send(
                                    created.withLock { count -> Int in
                                        count += 1
                                        return count
                                    })
                            }
                        }
                    }
                    group.addTask { await runCascades(client, base: first.base, root: root, record: cascades) }
                }
            }
            _ = try await progress.subscribe().firstValue(within: .seconds(180)) { $0 >= 60 }
            first.child.signal(SIGKILL)
            #expect(try await first.child.waitForExit(within: .seconds(30)) == SIGKILL)
            await workers.value

            let second = try await ServerProcess.start(dataDirectory: directory)
            defer { second.child.signal(SIGTERM) }
            #expect(try await client.readAll(second.base + root) == "root;")
            for path in cascades.value.removed {
                #expect(try await send(client, .HEAD, second.base + path).status == 404, "a finished cascade holds")
            }
            var everyPath: Set<String> = cascades.value.touched.union([root])
            for chain in chains.map(\.value) {
                everyPath.formUnion(chain.touched)
                for (index, fork) in chain.forks.enumerated() {
                    let status = try await send(client, .HEAD, second.base + fork.path).status
                    if chain.deleted.contains(fork.path) {
                        #expect(status == 410, "an acknowledged soft-delete holds while a fork reads from it")
                        continue
                    }
                    #expect([200, 410].contains(status), "an acknowledged fork exists")
                    guard status == 200 else { continue }
                    let text = try await client.readAll(second.base + fork.path)
                    let isLast = index == chain.forks.count - 1
                    let allowed = [fork.content] + (isLast ? chain.inFlight.map { [fork.content + $0] } ?? [] : [])
                    #expect(allowed.contains(text), "\(fork.path) holds its acknowledged appends exactly once")
                }
            }
            // Delete every live stream until none is left: a leaked or lost reference count would leave a
            // soft-deleted stream behind, or make a live one answer 410.
            var remaining = everyPath
            while true {
                var deletedAny = false
                for path in remaining.sorted() {
                    guard try await send(client, .HEAD, second.base + path).status == 200 else { continue }
                    #expect(try await send(client, .DELETE, second.base + path).status == 204)
                    deletedAny = true
                }
                remaining = Set(
                    try await everyPath.asyncFilter { try await send(client, .HEAD, second.base + $0).status != 404 })
                if !deletedAny { break }
            }
            #expect(remaining.isEmpty, "nothing stays soft-deleted once its forks are gone: \(remaining.sorted())")
        }
    }

    /// Forks the root, then again and again from the last fork, appending to each and soft-deleting its parent.
    @available(OS2023, *)
    private func runChain(
        _ client: ExactHTTPClient, base: String, root: String, worker: Int, chain: Locked<Chain>,
        onCreated: @Sendable () -> Void
    ) async {
        var parent = root
        var content = "root;"
        for index in 0..<10_000 {
            let fork = "\(root)-w\(worker)-\(index)"
            chain.withLock { _ = $0.touched.insert(fork) }
            guard let created = try? await send(client, .PUT, base + fork, headers: [("Stream-Forked-From", parent)]),
                created.status == 201
            else { return }
            chain.withLock { $0.forks.append((fork, content)) }
            onCreated()
            for part in 0..<2 {
                let message = "w\(worker)-\(index)-\(part);"
                chain.withLock { $0.inFlight = message }
                guard let appended = try? await send(client, .POST, base + fork, body: message),
                    appended.status == 204
                else { return }
                content += message
                chain.withLock { state in
                    state.forks[state.forks.count - 1].content = content
                    state.inFlight = nil
                }
            }
            if parent != root {
                guard let deleted = try? await send(client, .DELETE, base + parent), deleted.status == 204 else {
                    return
                }
                chain.withLock { _ = $0.deleted.insert(parent) }
            }
            parent = fork
        }
    }

    /// Builds chains of three forks, soft-deletes the upper two and deletes the leaf, cascading removal.
    @available(OS2023, *)
    private func runCascades(
        _ client: ExactHTTPClient, base: String, root: String,
        record: Locked<(touched: Set<String>, removed: Set<String>)>
    ) async {
        for index in 0..<10_000 {
            let levels = (0..<3).map { "\(root)-cascade\(index)-l\($0)" }
            record.withLock { $0.touched.formUnion(levels) }
            guard (try? await send(client, .PUT, base + levels[0], body: "c\(index)"))?.status == 201,
                (try? await send(client, .PUT, base + levels[1], headers: [("Stream-Forked-From", levels[0])]))?.status
                    == 201,
                (try? await send(client, .PUT, base + levels[2], headers: [("Stream-Forked-From", levels[1])]))?.status
                    == 201
            else { return }
            for level in levels {
                guard (try? await send(client, .DELETE, base + level))?.status == 204 else { return }
            }
            record.withLock { $0.removed.formUnion(levels) }
        }
    }

    /// A request whose body, if any, is text (every request names `text/plain`, as the streams here are text).
    @available(OS2023, *)
    private func send(
        _ client: ExactHTTPClient, _ method: HTTPMethod, _ url: String, headers: [(String, String)] = [],
        body: String? = nil
    ) async throws -> TestResponse {
        try await client.request(
            method, url, headers: [("Content-Type", "text/plain")] + headers, body: body.map { Array($0.utf8) })
    }
}

@available(OS2023, *)
extension Set where Element: Sendable {
    /// The elements for which `isIncluded` holds, tested one at a time.
    fileprivate func asyncFilter(_ isIncluded: (Element) async throws -> Bool) async rethrows -> [Element] {
        var kept: [Element] = []
        for element in self where try await isIncluded(element) { kept.append(element) }
        return kept
    }
}
