import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks for a value on the terminal; nil when standard input is not a terminal.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
enum Prompt {
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

    static func ask(_ question: String, secret: Bool = false) -> String? {
        guard isInteractive else { return nil }
        write("\(question): ")
        let line =
            secret ? SecretInput.withEchoOff { readLine(strippingNewline: true) } : readLine(strippingNewline: true)
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

    /// The next line of standard input, nil at its end; with `secret`, typed with the terminal's echo off. Read
    /// on a queue of its own, so that waiting for a person to type never holds a Swift concurrency thread.
    static func nextLine(secret: Bool = false) async -> String? {
        await withCheckedContinuation { continuation in
            inputQueue.async {
                let line =
                    secret
                    ? SecretInput.withEchoOff { readLine(strippingNewline: true) } : readLine(strippingNewline: true)
                continuation.resume(returning: line)
            }
        }
    }

    private static let inputQueue = DispatchQueue(label: "clerk.standard-input")

    /// The languages to show screens in: the `--language` option, then `$LANG`.
    static func preferredLanguages(_ option: String?) -> [String] {
        [option, ProcessInfo.processInfo.environment["LANG"]].compactMap { $0 }
    }
}
