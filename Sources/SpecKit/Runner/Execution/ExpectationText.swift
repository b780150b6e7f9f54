/// The readable text of Swift Testing's `ExpectationFailedError`, thrown by a failed `try #require(...)`, read
/// without importing Swift Testing (SpecKit does not depend on it): `#require(value) failed: value → nil`, and the
/// Swift place of the expectation.
struct ExpectationText {
    /// `#require(value) failed: value → nil`, or as much of it as could be read.
    let message: String
    /// Where the expectation is written.
    let location: CodeLocation?

    /// Whether `error` is Swift Testing's `ExpectationFailedError`.
    static func isExpectationFailure(_ error: any Error) -> Bool {
        String(describing: type(of: error)) == "ExpectationFailedError"
    }

    init(_ error: any Error) {
        let expectation = Self.child("expectation", of: error)
        var location: CodeLocation?
        if let place = expectation.flatMap({ Self.child("sourceLocation", of: $0) }),
            let fileID = Self.child("fileID", of: place) as? String,
            let filePath = Self.child("filePath", of: place) as? String,
            let line = Self.child("line", of: place) as? Int, let column = Self.child("column", of: place) as? Int
        {
            location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        }
        let expression = expectation.flatMap { Self.child("evaluatedExpression", of: $0) }
        let source = expression.flatMap { Self.child("kind", of: $0) }.flatMap(Self.sourceCode)
        let value = expression.flatMap { Self.child("runtimeValue", of: $0) }
            .flatMap { Self.child("some", of: $0) }.flatMap { Self.child("description", of: $0) as? String }
        var message = "#require(\(source ?? "...")) failed"
        if let source, let value { message += ": \(source) → \(value)" }
        if let location { message += " at \(location)" }
        self.message = message
        self.location = location
    }

    /// The source code of an expression's kind when it is written out whole (`.generic("value")`).
    private static func sourceCode(_ kind: Any) -> String? {
        Mirror(reflecting: kind).children.first { $0.label == "generic" }?.value as? String
    }

    private static func child(_ label: String, of value: Any) -> Any? {
        Mirror(reflecting: value).children.first { $0.label == label }?.value
    }
}
