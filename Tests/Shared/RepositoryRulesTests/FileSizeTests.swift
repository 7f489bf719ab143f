import Testing

/// Small files with one job: no Swift file in the repository grows past the limit.
@Suite("File sizes")
struct FileSizeTests {
    /// The most lines a Swift file may hold.
    static let limit = 400

    @Test("No Swift file is longer than the limit")
    func underLimit() {
        let files = Repository.swiftFiles(under: ["Sources", "Tests", "Benchmarks", "Tools"])
        #expect(files.count > 100, "the repository's Swift files were found")
        for path in files {
            let lines = Repository.lineCount(path)
            #expect(lines <= Self.limit, "\(path) has \(lines) lines; split it by job")
        }
    }
}
