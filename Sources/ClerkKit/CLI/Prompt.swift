import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks for a value on the terminal; nil when standard input is not a terminal.
@available(OS2023, *)
enum Prompt {
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

    static func ask(_ question: String, secret: Bool = false) -> String? {
        guard isInteractive else { return nil }
        let line = read(prompt: "\(question): ", secret: secret)
        return line.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Writes `text` to standard error (prompts and screens; standard output is for results).
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Writes `line` and a newline to standard error.
    static func say(_ line: String) {
        write(line + "\n")
    }

    /// The next line of standard input, nil at its end, after `prompt`; with `secret`, the echo is off before the
    /// prompt shows, so nothing typed in answer to it is echoed. Read on a queue of its own, so that waiting for a
    /// person to type never holds a Swift concurrency thread.
    static func nextLine(prompt: String? = nil, secret: Bool = false) async -> String? {
        await withCheckedContinuation { continuation in
            inputQueue.async { continuation.resume(returning: read(prompt: prompt, secret: secret)) }
        }
    }

    /// Writes `prompt` and reads a line, both inside the echo-off window when `secret`.
    private static func read(prompt: String?, secret: Bool) -> String? {
        let readPrompted = {
            if let prompt { write(prompt) }
            return readLine(strippingNewline: true)
        }
        return secret ? SecretInput.withEchoOff(readPrompted) : readPrompted()
    }

    private static let inputQueue = DispatchQueue(label: "clerk.standard-input")

    /// The languages to show screens in: the `--language` option, then `$LANG`.
    static func preferredLanguages(_ option: String?) -> [String] {
        [option, ProcessInfo.processInfo.environment["LANG"]].compactMap { $0 }
    }
}
