// durable-streams-conformance: runs the Durable Streams client conformance cases (YAML) against a server,
// driving a client adapter over the suite's JSON-lines protocol, and prints `N passed, N failed, N skipped`.
// As upstream's runner: a case marked `skip` or needing a feature the adapter lacks is skipped (and counted so), a
// status is checked only when the adapter reported one, and `--timeout SECONDS` (default 60) bounds every adapter
// command, so a silent adapter fails its case instead of hanging the run.
//
//   durable-streams-conformance --adapter PATH --server URL [--verbose] [--filter TEXT] [--skip TEXT]
//       [--timeout SECONDS] [--without-fault-injection | --only-fault-injection] CASES_DIR

import ExactHTTPClient
import Foundation

if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
    try await runConformance()
} else {
    print("durable-streams-conformance needs macOS 14, iOS 17, tvOS 17 or watchOS 10")
    exit(1)
}

@MainActor
@available(OS2023, *)
func runConformance() async throws {
    guard let options = Options.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(
            "usage: durable-streams-conformance --adapter PATH --server URL [--verbose] [--filter TEXT] [--skip TEXT] [--timeout SECONDS] [--without-fault-injection | --only-fault-injection] CASES_DIR"
        )
        exit(2)
    }

    let suites: [Suite]
    do {
        suites = try Suite.load(from: options.casesDirectory)
    } catch {
        print("cannot load cases: \(error)")
        exit(2)
    }

    let server = ServerControl(baseURL: options.server, client: ExactHTTPClient())
    var tally = Tally()
    let clock = ContinuousClock()
    let started = clock.now

    do {
        var (adapter, features) = try await startAdapter(options)
        print("Adapter features: \(features.sorted().joined(separator: ", "))")
        let runner = CaseRunner(
            adapter: adapter, server: server, features: features, commandTimeout: options.commandTimeout)
        for suite in suites {
            let tests = suite.tests.filter { options.selects($0, suite: suite.id) }
            guard !tests.isEmpty else { continue }
            print("\n\(suite.file)")
            for test in tests {
                let name = "\(suite.id)/\(test["id"]?.text ?? "?")"
                let caseStart = clock.now
                let outcome = await runner.run(test, suiteRequires: suite.requires)
                let elapsed = (clock.now - caseStart).components
                let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
                tally.record(name, outcome)
                switch outcome {
                case .failed(let failure):
                    print("  ✗ \(test["id"]?.text ?? "?") (\(milliseconds) ms): \(failure)")
                case .skipped(let reason):
                    print("  ○ \(test["id"]?.text ?? "?") (skipped: \(reason))")
                case .passed:
                    print("  ✓ \(test["id"]?.text ?? "?") (\(milliseconds) ms)")
                }
                if runner.adapterLost {
                    adapter.terminate()
                    _ = await adapter.waitForExit()
                    (adapter, features) = try await startAdapter(options)
                    runner.adapter = adapter
                }
            }
        }
        // A clean exit after `shutdown`; the signal only if the adapter does not leave on its own.
        _ = try? await adapter.send(["type": "shutdown"], timeout: .seconds(5)).value
        adapter.closeInput()
        if await adapter.waitForExit() == nil {
            adapter.terminate()
            _ = await adapter.waitForExit()
        }
    } catch {
        print("runner failed: \(error)")
        tally.recordRunnerFailure("\(error)")
    }

    let total = (clock.now - started).components.seconds
    if !tally.succeeded {
        print("\nFailed cases:")
        for failure in tally.failures { print("  - \(failure)") }
    }
    print("\nRan \(tally.passed + tally.failures.count) cases in \(total) s")
    print(tally.summary)
    exit(tally.succeeded ? 0 : 1)
}

/// Starts the adapter and initializes it against the server; returns it and the features it supports.
@available(OS2023, *)
func startAdapter(_ options: Options) async throws -> (AdapterProcess, Set<String>) {
    let adapter = try AdapterProcess(executable: options.adapter, verbose: options.verbose)
    let initialized = adapter.send(["type": "init", "serverUrl": options.server], timeout: .seconds(30))
    let reply = try await initialized.value
    guard reply["success"]?.bool == true else {
        throw RunnerError("the adapter refused init: \(reply["message"]?.text ?? "")")
    }
    var features: Set<String> = ["json"]
    if case .object(let pairs)? = reply["features"] {
        for (name, value) in pairs where value.bool == true { features.insert(name) }
    }
    return (adapter, features)
}

/// The command line.
@available(OS2023, *)
struct Options {
    var adapter = ""
    var server = ""
    var casesDirectory = ""
    var verbose = false
    var filters: [String] = []
    var skips: [String] = []
    /// Leaves out the cases that inject faults (`/_test/inject-error`): for a server without fault injection.
    var withoutFaults = false
    /// Runs only the cases that inject faults: for a server with fault injection.
    var onlyFaults = false
    var commandTimeout: Duration = .seconds(60)

    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--adapter": options.adapter = iterator.next() ?? ""
            case "--server": options.server = iterator.next() ?? ""
            case "--filter": options.filters.append(iterator.next() ?? "")
            case "--skip": options.skips.append(iterator.next() ?? "")
            case "--without-fault-injection": options.withoutFaults = true
            case "--only-fault-injection": options.onlyFaults = true
            case "--verbose", "-v": options.verbose = true
            case "--timeout":
                guard let seconds = Double(iterator.next() ?? ""), seconds > 0 else { return nil }
                options.commandTimeout = .seconds(seconds)
            default: options.casesDirectory = argument
            }
        }
        guard !options.adapter.isEmpty, !options.server.isEmpty, !options.casesDirectory.isEmpty,
            !(options.withoutFaults && options.onlyFaults)
        else { return nil }
        return options
    }

    /// Whether case `test` of suite `suite` runs: `--filter`, `--skip` and the fault-injection options.
    func selects(_ test: Value, suite: String) -> Bool {
        let name = "\(suite)/\(test["id"]?.text ?? "")"
        let injects = [test["setup"], test["operations"], test["cleanup"]].contains { phase in
            (phase?.array ?? []).contains { ["inject-error", "clear-errors"].contains($0["action"]?.text) }
        }
        return (filters.isEmpty || filters.contains { name.contains($0) }) && !skips.contains { name.contains($0) }
            && !(withoutFaults && injects) && !(onlyFaults && !injects)
    }
}
