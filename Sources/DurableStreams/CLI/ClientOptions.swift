import ArgumentParser
import DurableStreams
import Foundation

#if os(Linux)
import DurableStreamsAsyncHTTPClient
#endif

/// Options every client subcommand takes: the stream URL and extra headers.
@available(OS2022, *)
struct ClientOptions: ParsableArguments {
    @Argument(help: "The stream's URL, e.g. http://127.0.0.1:4437/my-stream.")
    var url: String

    @Option(name: .customLong("header"), help: "An extra request header, `Name: value` (repeatable).")
    var headers: [String] = []

    func validate() throws {
        guard let url = URL(string: url), url.scheme == "http" || url.scheme == "https" else {
            throw ValidationError("\(url) is not an http(s) URL")
        }
        for header in headers where !header.contains(":") {
            throw ValidationError("--header must look like `Name: value` (got \(header))")
        }
    }

    var streamURL: URL {
        URL(string: url) ?? URL(fileURLWithPath: "/")
    }

    var headerFields: [String: String] {
        var fields: [String: String] = [:]
        for header in headers {
            guard let colon = header.firstIndex(of: ":") else { continue }
            let name = header[..<colon].trimmingCharacters(in: .whitespaces)
            fields[name] = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// Runs `body` with a handle configuration on a fresh transport (AsyncHTTPClient on Linux, URLSession on
    /// Apple platforms), shut down afterwards.
    func withConfiguration<T>(
        _ body: (HandleConfiguration) async throws(DurableStreamError) -> T
    ) async throws -> T {
        #if os(Linux)
        let transport = AsyncHTTPClientTransport(retriesConnections: false)
        let shutdown: () async -> Void = { try? await transport.shutdown() }
        #else
        let transport = URLSessionTransport()
        let shutdown: () async -> Void = { transport.shutdown() }
        #endif
        // A refused connection is reported at once: nothing listens there, and retrying only delays the message.
        var reads = RetryPolicy.readDefault
        reads.shouldRetry = { $0.isTransient && !FailureMessage.isRefused($0) }
        let configuration = HandleConfiguration(
            http: HTTPConfiguration(transport: transport, readRetryPolicy: reads, headers: headerFields))
        do {
            let value = try await body(configuration)
            await shutdown()
            return value
        } catch {
            await shutdown()
            printError(FailureMessage.text(for: error, url: streamURL))
            throw ExitCode.failure
        }
    }
}

/// Writes to standard error.
@available(OS2022, *)
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
