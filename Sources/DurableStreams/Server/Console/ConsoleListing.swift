/// One page of the console's stream list: filtered by a case-insensitive substring, sorted by path, and cut after
/// a cursor (the last path of the previous page), so pages stay stable while streams come and go.
///
/// One pass over the paths, keeping only the page's smallest ones: a page of 100,000 streams costs no sort of
/// them all.
@available(OS2023, *)
struct ConsoleListing: Sendable, Equatable {
    /// The most streams one page holds.
    static let maximumLimit = 500

    /// The paths on this page, sorted.
    let paths: [String]
    /// How many paths match the filter, on every page.
    let total: Int
    /// The cursor of the next page, or `nil` on the last.
    let next: String?

    /// The page of `all` after `cursor` (exclusive) holding at most `limit` paths containing `filter`.
    init(_ all: [String], filter: String, after cursor: String?, limit: Int) {
        let needle = filter.lowercased()
        let size = max(1, min(limit, Self.maximumLimit))
        // The smallest `size + 1` matching paths after the cursor, sorted: one more than a page tells whether
        // another page follows.
        var smallest: [String] = []
        smallest.reserveCapacity(size + 1)
        var total = 0
        for path in all {
            guard needle.isEmpty || path.lowercased().contains(needle) else { continue }
            total += 1
            if let cursor, path <= cursor { continue }
            if smallest.count == size + 1 {
                guard let largest = smallest.last, path < largest else { continue }
                smallest.removeLast()
            }
            smallest.insert(path, at: Self.insertionIndex(of: path, in: smallest))
        }
        self.total = total
        if smallest.count > size {
            paths = Array(smallest.prefix(size))
            next = paths.last
        } else {
            paths = smallest
            next = nil
        }
    }

    /// Where `path` goes in the sorted `paths`.
    private static func insertionIndex(of path: String, in paths: [String]) -> Int {
        var low = 0
        var high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if paths[middle] < path { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
