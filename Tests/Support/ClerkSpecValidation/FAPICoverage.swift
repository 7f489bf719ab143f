public import Foundation

/// Which Frontend API operations ClerkKit calls, found by reading its sources: every request is written as
/// `FAPIRequest("METHOD", "/v1/…")`, with interpolated path segments standing for path parameters.
@available(OS2023, *)
public struct FAPICoverage: Sendable {
    /// A request found in the sources.
    public struct Call: Sendable, Hashable {
        /// The HTTP method.
        public let method: String
        /// The path as written, with `*` for each interpolated segment.
        public let path: String
        /// The file it was found in, relative to the sources folder.
        public let file: String
    }

    /// Every request found, in file order.
    public let calls: [Call]

    /// Reads every Swift file below `sources`.
    public init(sources: URL) throws {
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var calls: [Call] = []
        let pattern = /"(GET|POST|PUT|PATCH|DELETE)"\s*,\s*"(\/v1\/[^"]*|\/v1)"/
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) {
                let segments = match.2.split(separator: "/", omittingEmptySubsequences: false).map {
                    $0.contains("\\(") ? "*" : String($0)
                }
                calls.append(
                    Call(
                        method: String(match.1), path: segments.joined(separator: "/"),
                        file: String(file.path.dropFirst(sources.path.count + 1))))
            }
        }
        self.calls = calls
    }

    /// The spec operation each call reaches; calls that reach none are listed in `unmatched`.
    public func resolve(in spec: FAPISpec) -> (covered: Set<String>, unmatched: [Call]) {
        var covered: Set<String> = []
        var unmatched: [Call] = []
        for call in calls {
            let segments = call.path.split(separator: "/", omittingEmptySubsequences: false)
            let operation = spec.operations.first { operation in
                let template = operation.path.split(separator: "/", omittingEmptySubsequences: false)
                return operation.method == call.method && template.count == segments.count
                    && zip(template, segments).allSatisfy { expected, actual in
                        expected.hasPrefix("{") ? actual == "*" || !actual.isEmpty : expected == actual
                    }
            }
            if let operation { covered.insert(operation.operationID) } else { unmatched.append(call) }
        }
        return (covered, unmatched)
    }

    /// A Markdown table of every operation, grouped by tag, marked covered or not yet.
    public static func table(spec: FAPISpec, covered: Set<String>) -> String {
        var lines = [
            "# Frontend API coverage",
            "",
            "Generated from `../shared/specs/clerk-fapi/fapi-2026-05-12.yml` (with the email-link operation "
                + "clerk-ios 1.4.1 sends and the description lacks, `POST /v1/client/magic_links/complete`, added by "
                + "`Tests/Support/ClerkSpecValidation/FAPISpec+Supplement.swift`) and the requests ClerkKit sends "
                + "(`FAPIRequest(\"METHOD\", \"/v1/…\")` in `Sources/ClerkKit/ClerkKit`) by "
                + "`FAPICoverageTests`; run the tests with `CLERK_UPDATE_COVERAGE=1` to rewrite it.",
            "",
            "\(covered.count) of \(spec.operations.count) operations covered.",
            "",
        ]
        let tags = Dictionary(grouping: spec.operations, by: \.tag).sorted { $0.key < $1.key }
        for (tag, operations) in tags {
            let count = operations.filter { covered.contains($0.operationID) }.count
            lines += ["## \(tag.isEmpty ? "Untagged" : tag) (\(count)/\(operations.count))", ""]
            lines += ["| | Method | Path | Operation |", "|---|---|---|---|"]
            for operation in operations {
                let mark = covered.contains(operation.operationID) ? "covered" : "not yet"
                lines.append("| \(mark) | \(operation.method) | `\(operation.path)` | \(operation.operationID) |")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
