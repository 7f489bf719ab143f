import Foundation
import Wormhole

/// Standard input, read with a bound.
@available(OS2022, *)
enum StandardInput {
    /// Reads standard input until its end or until more than `limit` bytes were read, whichever comes first.
    static func read(upTo limit: Int) throws -> Data {
        var data = Data()
        while data.count <= limit {
            let chunk: Data?
            do {
                chunk = try FileHandle.standardInput.read(upToCount: min(64 << 10, limit + 1 - data.count))
            } catch {
                let reason = (error as NSError).localizedDescription
                throw Failure(.fileSystem(operation: "read", path: "standard input", reason: reason))
            }
            guard let chunk, !chunk.isEmpty else { break }
            data.append(chunk)
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
