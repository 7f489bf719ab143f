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
        FileHandle.standardError.write(Data("\(question): ".utf8))
        return readLine(strippingNewline: true).map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
