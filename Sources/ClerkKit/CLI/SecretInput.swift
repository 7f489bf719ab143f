import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading secrets: a line typed with the terminal's echo off, or a password read from a file descriptor
/// (`--password-fd`).
enum SecretInput {
    /// Runs `read` with the echo of the terminal on `descriptor` turned off, then restores it (also when `read`
    /// returns nil) and ends the line the person typed, which the terminal no longer shows. When `descriptor`
    /// is not a terminal, `read` runs as it is.
    static func withEchoOff<Value>(on descriptor: Int32 = STDIN_FILENO, _ read: () -> Value) -> Value {
        var saved = termios()
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &saved) == 0 else { return read() }
        var quiet = saved
        quiet.c_lflag = echoOff(saved.c_lflag)
        _ = tcsetattr(descriptor, TCSANOW, &quiet)
        let value = read()
        _ = tcsetattr(descriptor, TCSANOW, &saved)
        FileHandle.standardError.write(Data("\n".utf8))
        return value
    }

    /// `flags` (a terminal's local modes) without the echo of typed characters; the newline still echoes, which
    /// is what `withEchoOff` prints itself once the line is read.
    static func echoOff(_ flags: tcflag_t) -> tcflag_t {
        flags & ~tcflag_t(ECHO)
    }

    /// The first line readable from `descriptor` (without its newline), read byte by byte so nothing past it is
    /// consumed; the whole content when there is no newline.
    ///
    /// - Throws: `SecretInputError` when the descriptor cannot be read or holds nothing.
    static func password(fromDescriptor descriptor: Int32) throws(SecretInputError) -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                throw SecretInputError(message: "cannot read a password from file descriptor \(descriptor): \(reason)")
            }
            if count == 0 || byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard !bytes.isEmpty else {
            throw SecretInputError(message: "file descriptor \(descriptor) holds no password")
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A password that could not be read; its message never holds the password.
struct SecretInputError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// `--password-fd`: where a command reads its password from instead of a prompt, a shell history or `ps`.
struct PasswordDescriptorOption: ParsableArguments {
    @Option(
        name: .customLong("password-fd"),
        help: "Read the password from this file descriptor (its first line), e.g. --password-fd 3 3<secret-file.")
    var descriptor: Int32?

    /// The password of `--password`, else the one read from `--password-fd`, else nil.
    func password(_ option: String?) throws -> String? {
        if let option {
            guard descriptor == nil else { throw ValidationError("give --password or --password-fd, not both") }
            return option
        }
        guard let descriptor else { return nil }
        do {
            return try SecretInput.password(fromDescriptor: descriptor)
        } catch {
            throw ValidationError(error.message)
        }
    }
}
