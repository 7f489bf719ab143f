import ArgumentParser
import CourierPrimitives
import Foundation
import Wormhole

/// `wormhole request`: sends a request to the responder of an identifier and prints its answer.
@available(OS2022, *)
struct Request: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send a request to the process that responds to an identifier, and print its answer.",
        discussion: """
            The request is JSON unless --raw is given (from standard input, one trailing newline is removed unless \
            --raw is given). Prints the answer's bytes and a newline. Exits with 69 when no process responds (or it \
            stopped before answering), 75 when no answer came in time, 70 when the responder failed.
            """
    )

    @OptionGroup var options: WormholeOptions

    @Argument(help: "The identifier a responder answers.")
    var identifier: String

    @Argument(help: "The request. Omit it, or pass -, to read it from standard input.")
    var message: String?

    @Option(help: "Seconds to wait for the answer.")
    var timeout: Double = 10

    @Flag(help: "Send the bytes as given, without checking that they are JSON.")
    var raw = false

    func validate() throws {
        if !(timeout > 0) { throw ValidationError("--timeout must be positive.") }
    }

    func run() async throws {
        try await reporting {
            let id = MessageIdentifier(identifier)
            let configuration = options.configuration(for: [id])
            var payload: Data
            if let message, message != "-" {
                payload = Data(message.utf8)
            } else {
                payload = try StandardInput.read(upTo: configuration.maximumMessageSize + 2)
                if !raw { StandardInput.removeTrailingNewline(&payload) }
            }
            if !raw, (try? JSONSerialization.jsonObject(with: payload, options: [.fragmentsAllowed])) == nil {
                Output.error("wormhole: the request is not valid JSON (pass --raw to send any bytes)")
                throw ExitCode(65)
            }
            let wormhole = try options.open(configuration)
            let answer = try await wormhole.requestPayload(
                payload, to: id, timeout: .milliseconds(Int64(timeout * 1000)))
            Output.line(String(decoding: answer, as: UTF8.self))
        }
    }
}

/// `wormhole respond`: answers requests to an identifier by running a command for each.
@available(OS2022, *)
struct Respond: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Answer requests to an identifier: run a command with each request on its standard input.",
        discussion: """
            The command's standard output, less one trailing newline, is the answer; when it exits with a status \
            other than 0, the requester gets an error carrying its standard error. Runs until interrupted. \
            Example: wormhole respond --directory /tmp/w greet -- jq -c '{hello: .name}'
            """
    )

    @OptionGroup var options: WormholeOptions

    @Argument(help: "The identifier to answer.")
    var identifier: String

    @Flag(help: "Print {\"event\":\"ready\",…} once responding.")
    var ready = false

    @Argument(parsing: .postTerminator, help: "The command to run for each request (after --).")
    var command: [String] = []

    func validate() throws {
        if command.isEmpty { throw ValidationError("Give the command to run after --.") }
    }

    func run() async throws {
        try await reporting {
            // A command that exits before reading its request would otherwise end this process with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            let id = MessageIdentifier(identifier)
            let wormhole = try options.open(for: [id])
            let command = self.command
            try await wormhole.respondPayload(to: id) { body throws(WormholeError) in
                try CommandRunner.run(command, input: body, identifier: id)
            }
            if ready { Output.line(Output.ready([id])) }
            // Answers until the process is interrupted.
            while true {
                try await Task.sleep(for: .seconds(3600))
            }
        }
    }
}

/// Runs a responder's command.
@available(OS2022, *)
enum CommandRunner {
    static func run(_ command: [String], input: Data, identifier: MessageIdentifier) throws(WormholeError) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            throw .requestFailed(identifier, reason: "cannot run \(command.joined(separator: " ")): \(error)")
        }
        // The request goes in from another thread while the output is read, so no pipe can fill up and block.
        let requestHandle = stdin.fileHandleForWriting
        let writer = Thread {
            // A command that exits without reading its input is not an error here: its status says how it went.
            try? requestHandle.write(contentsOf: input)
            try? requestHandle.close()
        }
        writer.start()
        let errors = Locked(Data())
        let errorsRead = DispatchSemaphore(value: 0)
        let errorHandle = stderr.fileHandleForReading
        let reader = Thread {
            errors.withLock { $0 = errorHandle.readDataToEndOfFile() }
            errorsRead.signal()
        }
        reader.start()
        var output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorsRead.wait()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: errors.value, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw .requestFailed(identifier, reason: "exit status \(process.terminationStatus): \(text)")
        }
        StandardInput.removeTrailingNewline(&output)
        return output
    }
}
