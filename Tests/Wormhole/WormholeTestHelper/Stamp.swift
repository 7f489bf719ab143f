import Foundation

/// The message racing writers send: who wrote it, its index, and a body whose every byte depends on both, so any
/// mix of two messages is detected.
@available(OS2022, *)
struct Stamp: Codable, Sendable, Equatable {
    var writer: Int
    var index: Int
    var body: String

    init(writer: Int, index: Int, size: Int) {
        self.writer = writer
        self.index = index
        let letter = Character(UnicodeScalar(UInt8(97 + (writer * 7 + index) % 26)))
        self.body = String(repeating: letter, count: size)
    }

    /// Whether the body is the one `writer` and `index` produce.
    var isIntact: Bool {
        self == Stamp(writer: writer, index: index, size: body.utf8.count)
    }
}
