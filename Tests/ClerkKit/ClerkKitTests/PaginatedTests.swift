import ClerkKit
import Foundation
import Testing

/// `Paginated`: pages over offset and limit, stopping at the total count, a short page or an empty one.
@Suite struct PaginatedTests {
    /// A fetcher over `0..<total` that records the offsets and limits it was asked for.
    @available(OS2023, *)
    final class Source: @unchecked Sendable {
        let lock = NSLock()
        var calls: [(Int, Int)] = []
        let total: Int
        let reportedTotal: Int?
        @available(OS2023, *)
        init(total: Int, reportedTotal: Int?) {
            self.total = total
            self.reportedTotal = reportedTotal
        }

        @available(OS2023, *)
        func fetch(_ offset: Int, _ limit: Int) -> PaginatedList<Int> {
            lock.withLock { calls.append((offset, limit)) }
            return PaginatedList(data: Array(offset..<min(offset + limit, total)), totalCount: reportedTotal)
        }
    }

    @Test(arguments: [(7, 3, [0, 3, 6]), (6, 3, [0, 3]), (0, 3, [0]), (2, 5, [0])])
    @available(OS2023, *)
    func stopsAtTheTotalCount(total: Int, pageSize: Int, offsets: [Int]) async throws {
        let source = Source(total: total, reportedTotal: total)
        let items = try await Paginated(pageSize: pageSize) { offset, limit in source.fetch(offset, limit) }.collect()
        #expect(items == Array(0..<total))
        #expect(source.calls.map(\.0) == offsets)
        #expect(source.calls.allSatisfy { $0.1 == pageSize })
    }

    @available(OS2023, *)
    @Test func withoutATotalAShortPageEndsIt() async throws {
        let source = Source(total: 5, reportedTotal: nil)
        let items = try await Paginated(pageSize: 2) { offset, limit in source.fetch(offset, limit) }.collect()
        #expect(items == [0, 1, 2, 3, 4])
        #expect(source.calls.map(\.0) == [0, 2, 4])
    }

    @available(OS2023, *)
    @Test func anErrorIsTypedAndEndsTheIteration() async {
        let sequence = Paginated<Int>(pageSize: 2) { offset, _ throws(ClerkError) in
            if offset > 0 { throw ClerkError(.transport, "gone") }
            return PaginatedList(data: [1, 2], totalCount: 10)
        }
        var seen: [Int] = []
        var iterator = sequence.makeAsyncIterator()
        do throws(ClerkError) {
            while let item = try await iterator.next() { seen.append(item) }
            Issue.record("no error")
        } catch {
            #expect(error.code == .transport)
        }
        #expect(seen == [1, 2])
    }

    @available(OS2023, *)
    @Test func pageSizeIsClamped() {
        #expect(Paginated<Int>(pageSize: 0) { _, _ in PaginatedList(data: [], totalCount: 0) }.pageSize == 1)
        #expect(Paginated<Int>(pageSize: 9_999) { _, _ in PaginatedList(data: [], totalCount: 0) }.pageSize == 500)
    }
}
