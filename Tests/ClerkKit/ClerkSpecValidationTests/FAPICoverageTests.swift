import ClerkSpecValidation
import Foundation
import Testing

/// Every request ClerkKit sends names an operation of the description, and the coverage table in
/// `Sources/ClerkKit/FAPI-COVERAGE.md` is current.
@Suite struct FAPICoverageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @available(OS2023, *)
    @Test func everyRequestIsAnOperationOfTheDescription() throws {
        let spec = try FAPISpec.load()
        let coverage = try FAPICoverage(sources: Self.root.appendingPathComponent("Sources/ClerkKit/ClerkKit"))
        let (_, unmatched) = coverage.resolve(in: spec)
        #expect(unmatched == [], "requests that are not in the Frontend API description")
    }

    @available(OS2023, *)
    @Test func coverageTableIsCurrent() throws {
        let spec = try FAPISpec.load()
        let coverage = try FAPICoverage(sources: Self.root.appendingPathComponent("Sources/ClerkKit/ClerkKit"))
        let table = FAPICoverage.table(spec: spec, covered: coverage.resolve(in: spec).covered)
        let file = Self.root.appendingPathComponent("Sources/ClerkKit/FAPI-COVERAGE.md")
        if ProcessInfo.processInfo.environment["CLERK_UPDATE_COVERAGE"] == "1" {
            try Data(table.utf8).write(to: file)
        }
        let committed = try String(contentsOf: file, encoding: .utf8)
        #expect(committed == table, "run the tests with CLERK_UPDATE_COVERAGE=1 and commit the table")
    }

    @available(OS2023, *)
    @Test func findsCallsAndMatchesTemplates() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = #"""
            let a = FAPIRequest("POST", "/v1/client/sign_ins/\(FAPIRequest.segment(id))/attempt_first_factor")
            let b = FAPIRequest("GET", "/v1/client")
            let c = FAPIRequest("GET", "/v1/nowhere")
            """#
        try Data(source.utf8).write(to: folder.appendingPathComponent("A.swift"))
        let coverage = try FAPICoverage(sources: folder)
        #expect(
            coverage.calls.map(\.path) == ["/v1/client/sign_ins/*/attempt_first_factor", "/v1/client", "/v1/nowhere"])
        let (covered, unmatched) = coverage.resolve(in: try FAPISpec.load())
        #expect(covered.count == 2)
        #expect(unmatched.map(\.path) == ["/v1/nowhere"])
    }
}
