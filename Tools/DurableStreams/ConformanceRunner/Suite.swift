import Foundation
import Yams

/// One YAML file of cases.
@available(OS2023, *)
struct Suite {
    let file: String
    let id: String
    let requires: [String]
    let tests: [Value]

    /// Every `.yaml` / `.yml` file under `directory`, in path order.
    static func load(from directory: String) throws -> [Suite] {
        let root = URL(fileURLWithPath: directory)
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [URL] = []
        for case let url as URL in enumerator where ["yaml", "yml"].contains(url.pathExtension) {
            files.append(url)
        }
        return try files.sorted { $0.path < $1.path }.map { url in
            let text = try String(contentsOf: url, encoding: .utf8)
            guard let node = try Yams.compose(yaml: text) else {
                throw RunnerError("empty YAML file \(url.path)")
            }
            let value = Value(node)
            let relative = url.path.replacingOccurrences(of: root.path + "/", with: "")
            return Suite(
                file: relative,
                id: value["id"]?.string ?? relative,
                requires: (value["requires"]?.array ?? []).compactMap(\.string),
                tests: value["tests"]?.array ?? []
            )
        }
    }
}

@available(OS2023, *)
struct RunnerError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
