import Messages

extension CompiledLibrary {
    /// Ready-to-paste Swift definitions for an undefined step, one per expression the generator proposes.
    func snippets(for step: PickleStep) -> [Snippet] {
        let keyword =
            switch step.type {
            case .action: "when"
            case .outcome: "then"
            case .context, .unknown, nil: "given"
            }
        var trailing: [String] = []
        if step.argument?.dataTable != nil { trailing.append("table: DataTable") }
        if step.argument?.docString != nil, trailing.isEmpty { trailing.append("docString: DocString") }
        var expressions = snippetGenerator.generateExpressions(for: step.text).map { expression in
            (
                source: expression.source,
                parameters: zip(expression.parameterNames, expression.parameterInfos).map { name, info in
                    "\(swiftIdentifier(name)): \(info.type)"
                }
            )
        }
        if expressions.isEmpty { expressions = [(source: step.text, parameters: [])] }
        return expressions.map { expression in
            let arguments = expression.parameters + trailing
            let closure = arguments.isEmpty ? "world" : "(world, \(arguments.joined(separator: ", ")))"
            let code =
                "steps.\(keyword)(\(swiftStringLiteral(expression.source))) { \(closure) in\n    throw Pending()\n}"
            return Snippet(language: "swift", code: code)
        }
    }

    /// The closest existing step expressions to `text` (at most 3), as `"pattern" (File.swift:12)`.
    func didYouMean(_ text: String) -> [String] {
        let target = text.lowercased()
        let targetCount = target.count
        let scored = steps.compactMap { definition -> (Double, Int, String)? in
            let pattern = literalText(of: definition.info).lowercased()
            let longest = max(pattern.count, targetCount)
            guard longest > 0 else { return nil }
            let distance = editDistance(target, pattern, limit: longest / 2 + 1)
            let score = Double(distance) / Double(longest)
            guard score <= 0.5 else { return nil }
            return (score, definition.info.location.line, definition.info.description)
        }
        return scored.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(3).map(\.2)
    }
}

/// A pattern's text with parameters and regular-expression syntax reduced, for similarity.
func literalText(of definition: StepDefinitionInfo) -> String {
    var text = definition.pattern
    if definition.isRegularExpression {
        text = String(text.drop { $0 == "^" })
        if text.hasSuffix("$") { text.removeLast() }
    }
    return text
}

/// A Swift string literal for `text`.
func swiftStringLiteral(_ text: String) -> String {
    var literal = "\""
    for character in text {
        switch character {
        case "\\": literal += "\\\\"
        case "\"": literal += "\\\""
        case "\n": literal += "\\n"
        default: literal.append(character)
        }
    }
    return literal + "\""
}

/// `name` as a Swift identifier (`int`, `string2`; a keyword in backticks).
func swiftIdentifier(_ name: String) -> String {
    let cleaned = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    let identifier = cleaned.isEmpty || cleaned.first?.isNumber == true ? "value" + cleaned : cleaned
    let keywords: Set<String> = ["in", "for", "if", "let", "var", "func", "class", "struct", "return", "do", "is"]
    return keywords.contains(identifier) ? "`\(identifier)`" : identifier
}
