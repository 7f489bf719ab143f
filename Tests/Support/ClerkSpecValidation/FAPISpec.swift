public import Foundation
import Yams

/// Clerk's Frontend API description (`../shared/specs/clerk-fapi/fapi-2026-05-12.yml`) as a validator for the
/// requests ClerkKit sends and the responses the emulator serves.
///
/// ```swift
/// let spec = try FAPISpec.load()
/// #expect(spec.validateRequest(method: "POST", path: "/v1/client/sign_ins", query: [("_is_native", "true")],
///                              formBody: [("identifier", "ada@example.com")]) == [])
/// ```
@available(OS2023, *)
public struct FAPISpec: Sendable {
    /// One operation of the description.
    public struct Operation: Sendable {
        /// The HTTP method, upper case.
        public let method: String
        /// The path template, for example `/v1/client/sign_ins/{sign_in_id}`.
        public let path: String
        /// The `operationId`.
        public let operationID: String
        /// The first tag, for grouping.
        public let tag: String
        /// The summary line.
        public let summary: String
        let node: SpecNode
        let pathNode: SpecNode
    }

    /// Query parameters every request may carry although few operations declare them: `_is_native` and
    /// `__dev_session` come from the security schemes; `_clerk_session_id` is the session selector Clerk's native
    /// SDKs send on every `/v1/me/**` and `/v1/organizations/**` request (the description declares it on some).
    public static let globalQueryParameters: Set<String> = ["_is_native", "__dev_session", "_clerk_session_id"]

    /// Every operation, in the description's order of paths.
    public let operations: [Operation]
    let validator: SchemaValidator

    /// The description's version (`info.version`).
    public var version: String { validator.document["info"]?["version"]?.stringValue ?? "" }

    /// Loads the description once per process. `CLERK_FAPI_SPEC` overrides the path.
    public static func load() throws -> FAPISpec {
        try cached.get()
    }

    private static let cached: Result<FAPISpec, any Error> = Result {
        let environment = ProcessInfo.processInfo.environment["CLERK_FAPI_SPEC"]
        let path = environment ?? defaultPath
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return FAPISpec(document: try supplemented(SpecNode.yaml(try Yams.load(yaml: text))))
    }

    /// `<repository>/../shared/specs/clerk-fapi/fapi-2026-05-12.yml`, found from this file's location.
    public static var defaultPath: String {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        return root.appendingPathComponent("../shared/specs/clerk-fapi/fapi-2026-05-12.yml").standardized.path
    }

    init(document: SpecNode) {
        validator = SchemaValidator(document: document)
        var operations: [Operation] = []
        let paths = document["paths"]?.objectValue ?? [:]
        for (path, pathNode) in paths.sorted(by: { $0.key < $1.key }) {
            for method in ["get", "post", "put", "patch", "delete"] {
                guard let node = pathNode[method] else { continue }
                operations.append(
                    Operation(
                        method: method.uppercased(), path: path,
                        operationID: node["operationId"]?.stringValue ?? "\(method) \(path)",
                        tag: node["tags"]?.arrayValue?.first?.stringValue ?? "",
                        summary: node["summary"]?.stringValue ?? "", node: node, pathNode: pathNode))
            }
        }
        self.operations = operations
    }

    /// The operation for a concrete request path (no query), or nil.
    public func operation(method: String, path: String) -> Operation? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return operations.first { operation in
            guard operation.method == method.uppercased() else { return false }
            let template = operation.path.split(separator: "/", omittingEmptySubsequences: false)
            guard template.count == segments.count else { return false }
            return zip(template, segments).allSatisfy { expected, actual in
                (expected.hasPrefix("{") && expected.hasSuffix("}") && !actual.isEmpty) || expected == actual
            }
        }
    }

    // MARK: Requests

    /// The problems of a request against its operation: unknown query or form parameters, missing required ones,
    /// values of the wrong form. Empty when the request fits the description.
    public func validateRequest(
        method: String, path: String, query: [(name: String, value: String?)] = [],
        formBody: [(name: String, value: String)] = []
    ) -> [String] {
        guard let operation = operation(method: method, path: path) else {
            return ["no operation for \(method) \(path)"]
        }
        var found: [String] = []
        let parameters = parameters(of: operation)
        let queryParameters = parameters.filter { $0["in"]?.stringValue == "query" }
        let queryNames = Set(queryParameters.compactMap { $0["name"]?.stringValue })
        for item in query where !queryNames.contains(item.name) && !Self.globalQueryParameters.contains(item.name) {
            found.append("\(operation.operationID): unknown query parameter \"\(item.name)\"")
        }
        for parameter in queryParameters where parameter["required"]?.boolValue == true {
            if let name = parameter["name"]?.stringValue, !query.contains(where: { $0.name == name }) {
                found.append("\(operation.operationID): missing required query parameter \"\(name)\"")
            }
        }
        found += formProblems(formBody, operation: operation)
        return found
    }

    private func parameters(of operation: Operation) -> [SpecNode] {
        let all =
            (operation.pathNode["parameters"]?.arrayValue ?? []) + (operation.node["parameters"]?.arrayValue ?? [])
        return all.map { validator.dereference($0) }
    }

    private func formSchema(of operation: Operation) -> SpecNode? {
        guard let body = operation.node["requestBody"].map(validator.dereference) else { return nil }
        return body["content"]?["application/x-www-form-urlencoded"]?["schema"].map(validator.dereference)
    }

    private func formProblems(_ form: [(name: String, value: String)], operation: Operation) -> [String] {
        guard let schema = formSchema(of: operation) else {
            return form.isEmpty ? [] : ["\(operation.operationID): has no form body, but \(form.count) field(s) sent"]
        }
        let properties = mergedProperties(schema)
        var found: [String] = []
        for field in form {
            guard let property = properties[field.name] else {
                found.append("\(operation.operationID): unknown form field \"\(field.name)\"")
                continue
            }
            if let problem = formValueProblem(field.value, property: validator.dereference(property)) {
                found.append("\(operation.operationID): form field \"\(field.name)\" \(problem)")
            }
        }
        for name in requiredNames(schema) where !form.contains(where: { $0.name == name }) {
            found.append("\(operation.operationID): missing required form field \"\(name)\"")
        }
        return found
    }

    private func mergedProperties(_ schema: SpecNode) -> [String: SpecNode] {
        var properties = schema["properties"]?.objectValue ?? [:]
        for branch in (schema["allOf"]?.arrayValue ?? []) + (schema["oneOf"]?.arrayValue ?? []) {
            properties.merge(mergedProperties(validator.dereference(branch))) { first, _ in first }
        }
        return properties
    }

    private func requiredNames(_ schema: SpecNode) -> [String] {
        var names = schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        for branch in schema["allOf"]?.arrayValue ?? [] { names += requiredNames(validator.dereference(branch)) }
        return names
    }

    /// Form values are text: booleans as true/false/1/0, numbers as digits, objects as JSON text.
    private func formValueProblem(_ value: String, property: SpecNode) -> String? {
        let type = property["type"]?.stringValue
        switch type {
        case "boolean":
            return ["true", "false", "1", "0"].contains(value) ? nil : "is not a boolean: \(value.count) characters"
        case "integer":
            return Int64(value) == nil ? "is not an integer" : nil
        case "number":
            return Double(value) == nil ? "is not a number" : nil
        case "object":
            let parsed = try? SpecNode.json(Data(value.utf8))
            return parsed?.objectValue == nil ? "is not a JSON object" : nil
        case "array":
            let itemType = property["items"].map(validator.dereference)?["type"]?.stringValue
            if itemType == "string" || itemType == nil { return nil }
            return (try? SpecNode.json(Data(value.utf8)))?.arrayValue == nil ? "is not a JSON array" : nil
        default:
            if let values = property["enum"]?.arrayValue, !values.contains(.string(value)) {
                return "is not one of the description's values"
            }
            return nil
        }
    }

    // MARK: Responses

    /// The problems of a response body against the operation's schema for `status` (or `default`). Empty when it
    /// fits. A status the operation does not list is a problem; a listed status without a JSON body must have none.
    public func validateResponse(method: String, path: String, status: Int, body: Data) -> [String] {
        guard let operation = operation(method: method, path: path) else {
            return ["no operation for \(method) \(path)"]
        }
        let responses = operation.node["responses"]
        guard let response = (responses?[String(status)] ?? responses?["default"]).map(validator.dereference) else {
            return ["\(operation.operationID): status \(status) is not in the description"]
        }
        guard let schema = response["content"]?["application/json"]?["schema"] else {
            return body.isEmpty
                ? [] : ["\(operation.operationID): status \(status) has no JSON body in the description"]
        }
        let instance: SpecNode
        do {
            instance = try SpecNode.json(body)
        } catch {
            return ["\(operation.operationID): status \(status) body is not JSON"]
        }
        return validator.problems(instance, against: schema, at: "\(operation.operationID) \(status) $")
    }

    /// The problems of `instance` against the component schema `name` (for example `Client`).
    public func validate(_ instance: SpecNode, schema name: String) -> [String] {
        validator.problems(instance, against: .object(["$ref": .string("#/components/schemas/\(name)")]), at: name)
    }
}
