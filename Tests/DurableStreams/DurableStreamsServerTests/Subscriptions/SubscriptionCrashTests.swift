import CourierPrimitives
import CourierTestSupport
import ExactHTTPClient
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Kills `durable-streams serve` with SIGKILL while workers claim and acknowledge, restarts it on the same data
/// directory, and checks that no acknowledged ack is lost and that pending work still wakes a worker.
@Suite(
    "Subscriptions survive a crash",
    .enabled(
        if: TestPass.isHeavy, "loads the machine on purpose (a writer and two workers at full speed): the heavy pass"))
struct SubscriptionCrashTests {
    @Test("SIGKILL while workers ack: every acknowledged ack survives, and pending work wakes a worker again")
    @available(OS2023, *)
    func killWhileAcking() async throws {
        try await withTemporaryDirectory(prefix: "ds-subscriptions") { directory in
            let client = ExactHTTPClient()
            defer { Task { await client.shutdown() } }
            let json = [("Content-Type", "application/json")]
            let first = try await ServerProcess.start(dataDirectory: directory)
            let jobs = (0..<4).map { "jobs/\($0)" }
            for job in jobs {
                #expect(
                    try await client.request(.PUT, "\(first.base)/\(job)", headers: [("Content-Type", "text/plain")])
                        .status == 201)
            }
            #expect(try await client.request(.PUT, "\(first.base)/wake", headers: json).status == 201)
            let body = #"{"type":"pull-wake","pattern":"jobs/*","wake_stream":"wake","lease_ttl_ms":1000}"#
            let control = "\(first.base)/__ds/subscriptions/crash"
            #expect(try await client.request(.PUT, control, headers: json, body: Array(body.utf8)).status == 201)

            // The highest offset acknowledged (200) per stream.
            let acknowledged = Locked([String: String]())
            let acks = Broadcast<Int>(replayLatest: true)
            let appender = Task {
                for index in 0..<100_000 where !Task.isCancelled {
                    let job = jobs[index % jobs.count]
                    _ = try? await client.request(
                        .POST, "\(first.base)/\(job)", headers: [("Content-Type", "text/plain")],
                        body: Array("task-\(index);".utf8), timeout: .seconds(5))
                }
            }
            let workers = Task {
                await withTaskGroup(of: Void.self) { group in
                    for worker in 0..<2 {
                        group.addTask {
                            var count = 0
                            while !Task.isCancelled {
                                guard
                                    let grant = try? await client.request(
                                        .POST, control + "/claim", headers: json,
                                        body: Array(#"{"worker":"w\#(worker)"}"#.utf8), timeout: .seconds(5)),
                                    grant.status == 200, let claim = grant.json as? [String: Any],
                                    let token = claim["token"] as? String, let wake = claim["wake_id"] as? String,
                                    let generation = claim["generation"] as? Int
                                else {
                                    // Nothing to claim yet: a short pause, so idle workers do not flood the server.
                                    try? await Task.sleep(for: .milliseconds(5))
                                    continue
                                }
                                let tails = (claim["streams"] as? [[String: Any]] ?? []).compactMap { link in
                                    (link["path"] as? String).flatMap { path in
                                        (link["tail_offset"] as? String).map { (path, $0) }
                                    }
                                }
                                let ackList = tails.map { #"{"stream":"\#($0.0)","offset":"\#($0.1)"}"# }
                                    .joined(separator: ",")
                                let ack =
                                    #"{"wake_id":"\#(wake)","generation":\#(generation),"acks":[\#(ackList)],"done":true}"#
                                let answer = try? await client.request(
                                    .POST, control + "/ack", headers: json + [("Authorization", "Bearer \(token)")],
                                    body: Array(ack.utf8), timeout: .seconds(5))
                                guard answer?.status == 200 else { continue }
                                acknowledged.withLock { known in
                                    for (path, offset) in tails where offset > known[path, default: ""] {
                                        known[path] = offset
                                    }
                                }
                                count += 1
                                acks.send(count)
                            }
                        }
                    }
                }
            }
            _ = try await acks.subscribe().firstValue(within: .seconds(120)) { $0 >= 20 }
            first.child.signal(SIGKILL)
            #expect(try await first.child.waitForExit(within: .seconds(30)) == SIGKILL)
            appender.cancel()
            workers.cancel()
            await appender.value
            await workers.value

            let second = try await ServerProcess.start(dataDirectory: directory)
            defer { second.child.signal(SIGTERM) }
            let restarted = "\(second.base)/__ds/subscriptions/crash"
            let read = try await client.request(.GET, restarted)
            #expect(read.status == 200)
            let links = (read.json as? [String: Any])?["streams"] as? [[String: Any]] ?? []
            let saved = Dictionary(
                uniqueKeysWithValues: links.map { ($0["path"] as? String ?? "", $0["acked_offset"] as? String ?? "") })
            #expect(saved.keys.sorted() == jobs)
            for (path, offset) in acknowledged.value {
                #expect(
                    saved[path, default: ""] >= offset, "\(path): acknowledged \(offset), kept \(saved[path] ?? "-")")
            }

            // Pending work wakes a worker: a claim succeeds at once, or, while the dead worker's lease lasts, once
            // the lease ends (which appends a wake event).
            _ = try await client.request(
                .POST, "\(second.base)/jobs/0", headers: [("Content-Type", "text/plain")], body: Array("after;".utf8))
            var claimed = false
            for _ in 0..<4 where !claimed {
                let wakeTail = try #require(try await client.request(.HEAD, "\(second.base)/wake").nextOffset)
                let claim = try await client.request(
                    .POST, restarted + "/claim", headers: json, body: Array(#"{"worker":"after"}"#.utf8))
                claimed = claim.status == 200
                if !claimed {
                    #expect(claim.text.contains("ALREADY_CLAIMED"), "\(claim.text)")
                    _ = try await client.request(
                        .GET, "\(second.base)/wake?offset=\(wakeTail)&live=long-poll", timeout: .seconds(60))
                }
            }
            #expect(claimed, "pending work after the restart was never handed to a worker")
        }
    }
}
