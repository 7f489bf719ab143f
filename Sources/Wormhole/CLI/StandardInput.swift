import Foundation
import Wormhole

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, read with a bound.
enum StandardInput {
    /// Reads standard input until its end or until more than `limit` bytes were read, whichever comes first.
    static func read(upTo limit: Int) throws -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while data.count <= limit {
            let wanted = min(chunk.count, limit + 1 - data.count)
            let count = chunk.withUnsafeMutableBytes { systemRead(0, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                throw Failure(.fileSystem(operation: "read", path: "standard input", reason: reason))
            }
            if count == 0 { break }
            data.append(contentsOf: chunk[..<count])
        }
        return data
    }

    /// Removes one trailing line break (`\n` or `\r\n`), as `echo` and most editors add one.
    static func removeTrailingNewline(_ data: inout Data) {
        guard data.last == UInt8(ascii: "\n") else { return }
        data.removeLast()
        if data.last == UInt8(ascii: "\r") { data.removeLast() }
    }
}

/// `read(2)`, named apart from ``StandardInput/read(upTo:)``.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.read(fd, buffer, count)
    #elseif canImport(Glibc)
    Glibc.read(fd, buffer, count)
    #else
    Musl.read(fd, buffer, count)
    #endif
}
