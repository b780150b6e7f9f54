import Messages

/// Validates JSON against the subset of JSON Schema (draft-07) that the canonical Cucumber JSON schema uses:
/// `$ref` to `#/definitions/…`, `type`, `properties`, `required`, `additionalProperties: false`, `items`,
/// `enum`. Returns one message per violation, with its JSON path.
struct MiniSchemaValidator {
    let schema: JSONValue

    func validate(_ value: JSONValue) -> [String] {
        var problems: [String] = []
        check(value, against: schema, path: "$", problems: &problems)
        return problems
    }

    private func resolve(_ schema: JSONValue) -> JSONValue {
        guard case .string(let reference)? = schema["$ref"], reference.hasPrefix("#/") else { return schema }
        var target = self.schema
        for part in reference.dropFirst(2).split(separator: "/") {
            guard let next = target[String(part)] else { return schema }
            target = next
        }
        return resolve(target)
    }

    private func check(_ value: JSONValue, against rawSchema: JSONValue, path: String, problems: inout [String]) {
        let schema = resolve(rawSchema)
        if case .string(let type)? = schema["type"], !Self.matches(value, type: type) {
            problems.append("\(path): expected \(type)")
            return
        }
        if case .array(let allowed)? = schema["enum"], !allowed.contains(value) {
            problems.append("\(path): \(value.jsonText) is not one of \(JSONValue.array(allowed).jsonText)")
        }
        if case .object(let members) = value {
            let properties: [String: JSONValue]
            if case .object(let declared)? = schema["properties"] { properties = declared } else { properties = [:] }
            if case .array(let required)? = schema["required"] {
                for case .string(let name) in required where members[name] == nil {
                    problems.append("\(path): missing required \(name)")
                }
            }
            for (name, member) in members {
                if let propertySchema = properties[name] {
                    check(member, against: propertySchema, path: "\(path).\(name)", problems: &problems)
                } else if case .bool(false)? = schema["additionalProperties"] {
                    problems.append("\(path): unexpected property \(name)")
                }
            }
        }
        if case .array(let elements) = value, let items = schema["items"] {
            for (index, element) in elements.enumerated() {
                check(element, against: items, path: "\(path)[\(index)]", problems: &problems)
            }
        }
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("number", .number), ("boolean", .bool),
            ("null", .null):
            true
        case ("integer", .number(let number)): number == number.rounded()
        default: false
        }
    }
}
