import CucumberExpressions

/// Text for the editor to insert: snippets (`${1:value}`, `${1|3,4|}`) and plain text made from step patterns.
enum SnippetText {
    /// A Cucumber Expression as plain text: optional parts kept, the first of alternatives, escapes removed;
    /// parameters replaced by example values (the expression itself when it does not parse).
    static func plainText(pattern: String) -> String {
        CucumberExpressionParser.plainText(pattern) { exampleValue(forParameter: $0) } ?? pattern
    }

    /// An example value of a parameter type: `1` for `{int}`, `"text"` for `{string}`, the type's name for others.
    static func exampleValue(forParameter name: String?) -> String {
        switch name {
        case "int", "byte", "short", "long", "biginteger": "1"
        case "float", "double", "bigdecimal": "1.5"
        case "word": "word"
        case "string": "\"text\""
        case "", nil: "value"
        case let name?: name
        }
    }

    /// `text` with the characters a snippet gives meaning to (`$`, `}`, `\`) escaped.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "$" || character == "}" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// A placeholder: a choice of `values` (`${1|3,4,0|}`) when there are any, else the `placeholder` text
    /// (`${1:int}`); typing over either replaces it.
    static func placeholder(_ index: Int, values: [String], placeholder: String) -> String {
        guard !values.isEmpty else { return "${\(index):\(escape(placeholder))}" }
        let choices = values.map { value in
            var escaped = ""
            for character in value {
                if character == "$" || character == "}" || character == "\\" || character == "," || character == "|" {
                    escaped.append("\\")
                }
                escaped.append(character)
            }
            return escaped
        }
        return "${\(index)|\(choices.joined(separator: ","))|}"
    }
}
