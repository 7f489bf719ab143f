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

    static func ask(_ question: String) -> String? {
        guard isInteractive else { return nil }
        write("\(question): ")
        return readLine(strippingNewline: true).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Writes `text` to standard error (prompts and screens; standard output is for results).
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Writes `line` and a newline to standard error.
    static func say(_ line: String) {
        write(line + "\n")
    }

    /// The next line of standard input, nil at its end. Read on a queue of its own, so that waiting for a person
    /// to type never holds a Swift concurrency thread.
    static func nextLine() async -> String? {
        await withCheckedContinuation { continuation in
            inputQueue.async { continuation.resume(returning: readLine(strippingNewline: true)) }
        }
    }

    private static let inputQueue = DispatchQueue(label: "clerk.standard-input")

    /// The languages to show screens in: the `--language` option, then `$LANG`.
    static func preferredLanguages(_ option: String?) -> [String] {
        [option, ProcessInfo.processInfo.environment["LANG"]].compactMap { $0 }
    }
}
