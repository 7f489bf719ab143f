/// A subscription's `pattern` over stream-root-relative paths: `*` matches one whole segment, `**` zero or more
/// segments, and any other segment matches itself. `events/*` matches `events/a` but not `events/a/b`;
/// `events/**` matches `events`, `events/a` and `events/a/b`.
struct GlobPattern: Sendable, Hashable {
    private let segments: [Substring]

    /// The pattern's text, without leading or trailing slashes.
    let text: String

    init(_ text: String) {
        self.text = text
        segments = text.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// Whether `path` (stream-root-relative, e.g. `events/a`) matches.
    func matches(_ path: some StringProtocol) -> Bool {
        let parts = String(path).split(separator: "/", omittingEmptySubsequences: true)
        // Dynamic programming over (pattern segment, path segment): linear in their product, no backtracking.
        var reachable = [Bool](repeating: false, count: parts.count + 1)
        reachable[0] = true
        for segment in segments {
            var next = [Bool](repeating: false, count: parts.count + 1)
            if segment == "**" {
                var seen = false
                for index in 0...parts.count {
                    seen = seen || reachable[index]
                    next[index] = seen
                }
            } else {
                for index in 0..<parts.count where reachable[index] && (segment == "*" || segment == parts[index]) {
                    next[index + 1] = true
                }
            }
            reachable = next
        }
        return reachable[parts.count]
    }
}
