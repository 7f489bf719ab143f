import Foundation

@available(OS2021, *)
extension SystemCalls {
    /// The outcome of ``readFile(_:limit:headLength:)``.
    enum ReadResult {
        case missing
        case notRegular(String)
        case tooLarge(Int)
        /// The file's first bytes (fewer than asked only if the file is shorter) and the rest.
        case contents(head: [UInt8], body: Data)
    }

    /// Reads a whole file as its first `headLength` bytes and the rest, each straight into its own buffer with one
    /// `readv(2)` (the usual case): the rest is never zeroed first nor copied out of a bigger buffer. Returns
    /// ``ReadResult/missing`` if nothing is there; files larger than `limit` are not read, and anything but a
    /// regular file is not opened.
    static func readFile(_ path: String, limit: Int, headLength: Int) throws(WormholeError) -> ReadResult {
        let fd: Int32
        let size: Int
        switch try openRegular(path, O_RDONLY) {
        case .missing: return .missing
        case .notRegular(let kind): return .notRegular(kind)
        case .descriptor(let descriptor, let length): (fd, size) = (descriptor, length)
        }
        defer { close(fd) }
        guard size <= limit else { return .tooLarge(size) }
        var head = [UInt8](repeating: 0, count: min(size, headLength))
        let bodyCount = size - head.count
        guard bodyCount > 0 else {
            let got = head.withUnsafeMutableBytes {
                readAll(fd, $0, UnsafeMutableRawBufferPointer(start: nil, count: 0))
            }
            guard got >= 0 else { throw failure("read", path, Int32(-got)) }
            head.removeSubrange(got...)
            return .contents(head: head, body: Data())
        }
        guard let memory = malloc(bodyCount) else { throw failure("read", path, ENOMEM) }
        let body = UnsafeMutableRawBufferPointer(start: memory, count: bodyCount)
        let got = head.withUnsafeMutableBytes { readAll(fd, $0, body) }
        guard got >= 0 else {
            free(memory)
            throw failure("read", path, Int32(-got))
        }
        if got < head.count + bodyCount {
            // The file shrank after it was measured (someone truncated it in place): keep what was there.
            let bodyGot = max(0, got - head.count)
            head.removeSubrange(min(got, head.count)...)
            let data = Data(bytes: memory, count: bodyGot)
            free(memory)
            return .contents(head: head, body: data)
        }
        return .contents(head: head, body: Data(bytesNoCopy: memory, count: bodyCount, deallocator: .free))
    }

    /// Fills `first` then `second` from `fd`, retrying on `EINTR`, until both are full or the file ends; returns
    /// the number of bytes read, or `-errno`.
    private static func readAll(
        _ fd: Int32,
        _ first: UnsafeMutableRawBufferPointer,
        _ second: UnsafeMutableRawBufferPointer
    ) -> Int {
        let total = first.count + second.count
        var done = 0
        while done < total {
            let inFirst = min(done, first.count)
            let inSecond = done - inFirst
            var vectors = (
                iovec(iov_base: first.baseAddress.map { $0 + inFirst }, iov_len: first.count - inFirst),
                iovec(iov_base: second.baseAddress.map { $0 + inSecond }, iov_len: second.count - inSecond)
            )
            let got = withUnsafeMutableBytes(of: &vectors) { raw in
                let pointer = raw.baseAddress?.assumingMemoryBound(to: iovec.self)
                // Skip the first vector once it is full.
                return inFirst < first.count ? readv(fd, pointer, 2) : readv(fd, pointer.map { $0 + 1 }, 1)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return -Int(errno)
            }
            if got == 0 { break }
            done += got
        }
        return done
    }
}
