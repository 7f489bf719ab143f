// durable-streams-conformance: runs the Durable Streams client conformance cases (YAML) against a server,
// driving a client adapter over the suite's JSON-lines protocol, and prints `N passed, N failed`.
//
//   durable-streams-conformance --adapter PATH --server URL [--verbose] [--filter TEXT] [--skip TEXT]
//       [--without-fault-injection] CASES_DIR

import ExactHTTPClient
import Foundation

if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
    try await runConformance()
} else {
    print("durable-streams-conformance needs macOS 14, iOS 17, tvOS 17 or watchOS 10")
    exit(1)
}

@MainActor
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
func runConformance() async throws {
    guard let options = Options.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(
            "usage: durable-streams-conformance --adapter PATH --server URL [--verbose] [--filter TEXT] [--skip TEXT] [--without-fault-injection] CASES_DIR"
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
    var passed = 0
    var failed: [String] = []
    let clock = ContinuousClock()
    let started = clock.now

    do {
        var (adapter, features) = try await startAdapter(options)
        print("Adapter features: \(features.sorted().joined(separator: ", "))")
        let runner = CaseRunner(
            adapter: adapter, server: server, features: features, commandTimeout: options.commandTimeout)
        for suite in suites {
            let tests = suite.tests.filter { test in
                let name = "\(suite.id)/\(test["id"]?.text ?? "")"
                let injects = [test["setup"], test["operations"]].contains { phase in
                    (phase?.array ?? []).contains { $0["action"]?.text == "inject-error" }
                }
                return (options.filters.isEmpty || options.filters.contains { name.contains($0) })
                    && !options.skips.contains { name.contains($0) } && !(options.withoutFaults && injects)
            }
            guard !tests.isEmpty else { continue }
            print("\n\(suite.file)")
            for test in tests {
                let name = "\(suite.id)/\(test["id"]?.text ?? "?")"
                let caseStart = clock.now
                let failure = await runner.run(test, suiteRequires: suite.requires)
                let elapsed = (clock.now - caseStart).components
                let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
                if let failure {
                    failed.append("\(name): \(failure)")
                    print("  ✗ \(test["id"]?.text ?? "?") (\(milliseconds) ms): \(failure)")
                } else {
                    passed += 1
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
        failed.append("runner: \(error)")
    }

    let total = (clock.now - started).components.seconds
    if !failed.isEmpty {
        print("\nFailed cases:")
        for failure in failed { print("  - \(failure)") }
    }
    print("\nRan \(passed + failed.count) cases in \(total) s")
    print("\(passed) passed, \(failed.count) failed")
    exit(failed.isEmpty ? 0 : 1)
}

/// Starts the adapter and initializes it against the server; returns it and the features it supports.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
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
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct Options {
    var adapter = ""
    var server = ""
    var casesDirectory = ""
    var verbose = false
    var filters: [String] = []
    var skips: [String] = []
    /// Leaves out the cases that inject faults (`/_test/inject-error`), which need one server node.
    var withoutFaults = false
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
            case "--verbose", "-v": options.verbose = true
            case "--timeout": options.commandTimeout = .seconds(Int(iterator.next() ?? "") ?? 60)
            default: options.casesDirectory = argument
            }
        }
        guard !options.adapter.isEmpty, !options.server.isEmpty, !options.casesDirectory.isEmpty else { return nil }
        return options
    }
}
