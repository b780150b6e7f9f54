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
        let infos = steps.map(\.info)
        return StepSimilarity.closest(
            to: text, among: infos.map { (pattern: $0.pattern, isRegularExpression: $0.isRegularExpression) }
        ).map { infos[$0].description }
    }
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
