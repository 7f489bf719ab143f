/// The items of a paginated Frontend API list, fetched a page at a time over `offset` and `limit` as the
/// sequence is iterated, stopping at `total_count` (or at the first short or empty page).
///
/// ```swift
/// for try await membership in clerk.organizations.memberships(of: organizationId) {
///     print(membership.publicUserData?.identifier ?? "")
/// }
/// ```
///
/// Each page's request is sent when the previous page's items are used up; breaking out of the loop sends
/// no more. Iteration throws ``ClerkError`` only.
@available(OS2023, *)
public struct Paginated<Element: Codable & Sendable & Hashable>: AsyncSequence, Sendable {
    /// Fetches the page at `offset`, at most `limit` items.
    public typealias Fetch = @Sendable (_ offset: Int, _ limit: Int) async throws(ClerkError) -> PaginatedList<Element>

    /// Items per request.
    public let pageSize: Int
    private let fetch: Fetch

    /// A sequence over `fetch`, `pageSize` items (1…500) per request.
    public init(pageSize: Int = 20, fetch: @escaping Fetch) {
        self.pageSize = Swift.min(Swift.max(pageSize, 1), 500)
        self.fetch = fetch
    }

    /// Iterates the items, fetching pages as needed.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let pageSize: Int
        let fetch: Fetch
        var buffer: [Element] = []
        var offset = 0
        var finished = false

        /// The next item, fetching the next page when the current one is used up; nil after the last.
        public mutating func next() async throws(ClerkError) -> Element? {
            while buffer.isEmpty {
                guard !finished else { return nil }
                try Task.checkCancellation(orThrow: ClerkError(.cancelled, "The listing was cancelled."))
                let page = try await fetch(offset, pageSize)
                offset += page.data.count
                buffer = page.data
                finished = page.data.count < pageSize || page.totalCount.map { offset >= $0 } ?? false
            }
            return buffer.removeFirst()
        }
    }

    /// An iterator from the first page.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pageSize: pageSize, fetch: fetch) }

    /// Every item, fetching every page.
    public func collect() async throws(ClerkError) -> [Element] {
        var items: [Element] = []
        var iterator = makeAsyncIterator()
        while let item = try await iterator.next() { items.append(item) }
        return items
    }
}
