/// Stream incarnations: every creation of a stream gets a token of its own, so that a stream deleted and created
/// again at the same path is told apart from the one before (`Stream-Incarnation`, `Stream-If-Incarnation`).
@available(OS2022, *)
public enum StreamIncarnation {
    /// A new token: 32 random hexadecimal digits, never `-`, `,`, `"` or a space, so it fits in a header and in an
    /// entity tag.
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        var text = ""
        text.reserveCapacity(32)
        for _ in 0..<2 {
            let digits = String(generator.next() as UInt64, radix: 16)
            text += String(repeating: "0", count: 16 - digits.count) + digits
        }
        return text
    }

    /// The precondition of a request that names the incarnation it expects: `nil` when it holds (no expectation,
    /// or the same incarnation), otherwise the ``StreamStorageError/Code/incarnationMismatch`` error to answer.
    public static func check(expected: String?, current: String) -> StreamStorageError? {
        guard let expected, expected != current else { return nil }
        var context = StreamStorageError.Context()
        context.incarnation = current
        return StreamStorageError(
            .incarnationMismatch, "the stream was created again: its incarnation is now \(current)", context: context)
    }
}
