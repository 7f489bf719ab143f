/// Validates JSON instances against OpenAPI 3.0 schema objects.
///
/// Supported: `$ref` (local), `type`, `nullable`, `enum`, `properties`, `required`, `additionalProperties`,
/// `items`, `allOf`, `anyOf`, `oneOf`. `oneOf` is checked as "at least one branch matches": the Frontend API
/// description has overlapping branches (open objects), so "exactly one" would reject valid responses.
/// `format` and `discriminator` are not checked.
@available(OS2023, *)
struct SchemaValidator: Sendable {
    let document: SpecNode

    /// Resolves a local reference such as `#/components/schemas/Client`.
    func resolve(_ reference: String) -> SpecNode? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: SpecNode? = document
        for part in reference.dropFirst(2).split(separator: "/") {
            let key = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            node = node?[key]
        }
        return node
    }

    /// Follows `$ref`s until a schema body.
    func dereference(_ schema: SpecNode) -> SpecNode {
        var current = schema
        var hops = 0
        while let reference = current["$ref"]?.stringValue, let target = resolve(reference), hops < 32 {
            current = target
            hops += 1
        }
        return current
    }

    /// The problems of `instance` against `schema`; empty when it is valid. `at` names the instance's location.
    func problems(_ instance: SpecNode, against schema: SpecNode, at location: String) -> [String] {
        let schema = dereference(schema)
        if instance == .null {
            if schema["nullable"]?.boolValue == true { return [] }
            if let branches = compositeBranches(schema) { return problems(instance, branches: branches, at: location) }
            if schema["type"] == nil && schema["enum"] == nil { return [] }
            return ["\(location): null where the schema does not allow it"]
        }
        var found: [String] = []
        if let allOf = schema["allOf"]?.arrayValue {
            for branch in allOf { found += problems(instance, against: branch, at: location) }
        }
        for key in ["anyOf", "oneOf"] {
            if let branches = schema[key]?.arrayValue { found += problems(instance, branches: branches, at: location) }
        }
        if let values = schema["enum"]?.arrayValue, !values.contains(instance) {
            found.append("\(location): \(describe(instance)) is not one of the schema's values")
        }
        if let type = schema["type"]?.stringValue {
            if !matches(instance, type: type) {
                found.append("\(location): \(instance.typeName) where the schema says \(type)")
                return found
            }
        }
        switch instance {
        case .object(let members): found += objectProblems(members, schema: schema, at: location)
        case .array(let elements):
            if let items = schema["items"] {
                for (index, element) in elements.enumerated() {
                    found += problems(element, against: items, at: "\(location)[\(index)]")
                }
            }
        default: break
        }
        return found
    }

    private func compositeBranches(_ schema: SpecNode) -> [SpecNode]? {
        schema["oneOf"]?.arrayValue ?? schema["anyOf"]?.arrayValue
            ?? schema["allOf"]?.arrayValue.flatMap { $0.count == 1 ? $0 : nil }
    }

    /// At least one branch must accept the instance.
    private func problems(_ instance: SpecNode, branches: [SpecNode], at location: String) -> [String] {
        var closest: [String]?
        for branch in branches {
            let branchProblems = problems(instance, against: branch, at: location)
            if branchProblems.isEmpty { return [] }
            if closest == nil || branchProblems.count < closest?.count ?? 0 { closest = branchProblems }
        }
        return ["\(location): matches none of \(branches.count) alternatives"] + (closest ?? [])
    }

    private func objectProblems(_ members: [String: SpecNode], schema: SpecNode, at location: String) -> [String] {
        var found: [String] = []
        let properties = schema["properties"]?.objectValue ?? [:]
        for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[name] == nil {
            found.append("\(location): missing required key \"\(name)\"")
        }
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            if let property = properties[name] {
                found += problems(value, against: property, at: "\(location).\(name)")
            } else if let additional = schema["additionalProperties"] {
                if additional.boolValue == false {
                    found.append("\(location): key \"\(name)\" is not in the schema")
                } else if additional.boolValue == nil {
                    found += problems(value, against: additional, at: "\(location).\(name)")
                }
            }
        }
        return found
    }

    private func matches(_ instance: SpecNode, type: String) -> Bool {
        switch (type, instance) {
        case ("string", .string), ("boolean", .bool), ("integer", .integer), ("number", .integer),
            ("number", .number), ("array", .array), ("object", .object):
            return true
        case ("integer", .number(let value)): return value.rounded() == value
        default: return false
        }
    }

    private func describe(_ instance: SpecNode) -> String {
        switch instance {
        case .string(let value): "\"\(value)\""
        case .integer(let value): "\(value)"
        case .number(let value): "\(value)"
        case .bool(let value): "\(value)"
        default: instance.typeName
        }
    }
}
