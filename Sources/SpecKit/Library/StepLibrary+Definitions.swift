// The step-definition entry points: `given`, `when`, `then` and `step`, for Cucumber Expressions and regular
// expressions, with closures of zero to five arguments after the world, and a parameter pack for any number.
//
// The fixed arities exist because Swift 6.3 does not infer the `isolated` world of a closure matched against a
// parameter pack of two or more elements; they all forward to the pack-based `define`.

extension StepLibrary {
    /// Defines a `Given` step matching a Cucumber Expression; the closure takes the world only.
    public mutating func given(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World) async throws -> Void
    ) {
        define(
            .given, expression, isRegularExpression: false,
            CodeLocation(fileID: fileID, filePath: filePath, line: line), body)
    }

    /// Defines a `Given` step matching a Cucumber Expression; the closure takes the world and 1 argument.
    public mutating func given<A: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A) async throws -> Void
    ) {
        define(
            .given, expression, isRegularExpression: false,
            CodeLocation(fileID: fileID, filePath: filePath, line: line), body)
    }

    /// Defines a `Given` step matching a Cucumber Expression; the closure takes the world and 2 arguments.
    public mutating func given<A: Sendable, B: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B) async throws -> Void
    ) {
        define(
            .given, expression, isRegularExpression: false,
            CodeLocation(fileID: fileID, filePath: filePath, line: line), body)
    }

    /// Defines a `Given` step matching a Cucumber Expression; the closure takes the world and 3 arguments.
    public mutating func given<A: Sendable, B: Sendable, C: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C) async throws -> Void
    ) {
        define(
            .given, expression, isRegularExpression: false,
            CodeLocation(fileID: fileID, filePath: filePath, line: line), body)
    }

    /// Defines a `Given` step matching a Cucumber Expression; the closure takes the world and 4 arguments.
    public mutating func given<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C, D) async throws -> Void
    ) {
        define(
            .given, expression, isRegularExpression: false,
            CodeLocation(fileID: fileID, filePath: filePath, line: line), body)
    }

    /// Defines a `Given` step matching a Cucumber Expression; the closure takes the world and 5 arguments.
    public mutating func given<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C, D, E) async throws -> Void
    ) {
        define(
            .given, expression, isRegularExpression: false,
            CodeLocation(fileID: fileID, filePath: filePath, line: line), body)
    }

    /// Defines a `Given` step matching a Cucumber Expression, with any number of arguments; annotate the world as
    /// `(world: isolated World, ...)` (see the type's documentation).
    public mutating func given<each A: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, repeat each A) async throws -> Void
    ) {
        define(
            .given, expression, isRegularExpression: false,
            CodeLocation(fileID: fileID, filePath: filePath, line: line), body)
    }

    /// Defines a `Given` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world only.
    public mutating func given(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World) async throws -> Void
    ) {
        define(
            .given, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Given` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 1 argument.
    public mutating func given<A: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A) async throws -> Void
    ) {
        define(
            .given, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Given` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 2 arguments.
    public mutating func given<A: Sendable, B: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B) async throws -> Void
    ) {
        define(
            .given, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Given` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 3 arguments.
    public mutating func given<A: Sendable, B: Sendable, C: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C) async throws -> Void
    ) {
        define(
            .given, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Given` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 4 arguments.
    public mutating func given<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C, D) async throws -> Void
    ) {
        define(
            .given, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Given` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 5 arguments.
    public mutating func given<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C, D, E) async throws -> Void
    ) {
        define(
            .given, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Given` step matching a regular expression (ECMAScript syntax, as cucumber-js), with any number of arguments; annotate the world as
    /// `(world: isolated World, ...)` (see the type's documentation).
    public mutating func given<each A: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, repeat each A) async throws -> Void
    ) {
        define(
            .given, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `When` step matching a Cucumber Expression; the closure takes the world only.
    public mutating func when(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World) async throws -> Void
    ) {
        define(
            .when, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `When` step matching a Cucumber Expression; the closure takes the world and 1 argument.
    public mutating func when<A: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A) async throws -> Void
    ) {
        define(
            .when, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `When` step matching a Cucumber Expression; the closure takes the world and 2 arguments.
    public mutating func when<A: Sendable, B: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B) async throws -> Void
    ) {
        define(
            .when, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `When` step matching a Cucumber Expression; the closure takes the world and 3 arguments.
    public mutating func when<A: Sendable, B: Sendable, C: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C) async throws -> Void
    ) {
        define(
            .when, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `When` step matching a Cucumber Expression; the closure takes the world and 4 arguments.
    public mutating func when<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C, D) async throws -> Void
    ) {
        define(
            .when, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `When` step matching a Cucumber Expression; the closure takes the world and 5 arguments.
    public mutating func when<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C, D, E) async throws -> Void
    ) {
        define(
            .when, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `When` step matching a Cucumber Expression, with any number of arguments; annotate the world as
    /// `(world: isolated World, ...)` (see the type's documentation).
    public mutating func when<each A: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, repeat each A) async throws -> Void
    ) {
        define(
            .when, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `When` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world only.
    public mutating func when(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World) async throws -> Void
    ) {
        define(
            .when, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `When` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 1 argument.
    public mutating func when<A: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A) async throws -> Void
    ) {
        define(
            .when, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `When` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 2 arguments.
    public mutating func when<A: Sendable, B: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B) async throws -> Void
    ) {
        define(
            .when, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `When` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 3 arguments.
    public mutating func when<A: Sendable, B: Sendable, C: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C) async throws -> Void
    ) {
        define(
            .when, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `When` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 4 arguments.
    public mutating func when<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C, D) async throws -> Void
    ) {
        define(
            .when, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `When` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 5 arguments.
    public mutating func when<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C, D, E) async throws -> Void
    ) {
        define(
            .when, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `When` step matching a regular expression (ECMAScript syntax, as cucumber-js), with any number of arguments; annotate the world as
    /// `(world: isolated World, ...)` (see the type's documentation).
    public mutating func when<each A: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, repeat each A) async throws -> Void
    ) {
        define(
            .when, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Then` step matching a Cucumber Expression; the closure takes the world only.
    public mutating func then(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World) async throws -> Void
    ) {
        define(
            .then, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Then` step matching a Cucumber Expression; the closure takes the world and 1 argument.
    public mutating func then<A: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A) async throws -> Void
    ) {
        define(
            .then, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Then` step matching a Cucumber Expression; the closure takes the world and 2 arguments.
    public mutating func then<A: Sendable, B: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B) async throws -> Void
    ) {
        define(
            .then, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Then` step matching a Cucumber Expression; the closure takes the world and 3 arguments.
    public mutating func then<A: Sendable, B: Sendable, C: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C) async throws -> Void
    ) {
        define(
            .then, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Then` step matching a Cucumber Expression; the closure takes the world and 4 arguments.
    public mutating func then<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C, D) async throws -> Void
    ) {
        define(
            .then, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Then` step matching a Cucumber Expression; the closure takes the world and 5 arguments.
    public mutating func then<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C, D, E) async throws -> Void
    ) {
        define(
            .then, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Then` step matching a Cucumber Expression, with any number of arguments; annotate the world as
    /// `(world: isolated World, ...)` (see the type's documentation).
    public mutating func then<each A: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, repeat each A) async throws -> Void
    ) {
        define(
            .then, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Then` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world only.
    public mutating func then(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World) async throws -> Void
    ) {
        define(
            .then, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Then` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 1 argument.
    public mutating func then<A: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A) async throws -> Void
    ) {
        define(
            .then, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Then` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 2 arguments.
    public mutating func then<A: Sendable, B: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B) async throws -> Void
    ) {
        define(
            .then, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Then` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 3 arguments.
    public mutating func then<A: Sendable, B: Sendable, C: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C) async throws -> Void
    ) {
        define(
            .then, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Then` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 4 arguments.
    public mutating func then<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C, D) async throws -> Void
    ) {
        define(
            .then, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Then` step matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 5 arguments.
    public mutating func then<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C, D, E) async throws -> Void
    ) {
        define(
            .then, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a `Then` step matching a regular expression (ECMAScript syntax, as cucumber-js), with any number of arguments; annotate the world as
    /// `(world: isolated World, ...)` (see the type's documentation).
    public mutating func then<each A: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, repeat each A) async throws -> Void
    ) {
        define(
            .then, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a step with any keyword matching a Cucumber Expression; the closure takes the world only.
    public mutating func step(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World) async throws -> Void
    ) {
        define(
            .step, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a step with any keyword matching a Cucumber Expression; the closure takes the world and 1 argument.
    public mutating func step<A: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A) async throws -> Void
    ) {
        define(
            .step, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a step with any keyword matching a Cucumber Expression; the closure takes the world and 2 arguments.
    public mutating func step<A: Sendable, B: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B) async throws -> Void
    ) {
        define(
            .step, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a step with any keyword matching a Cucumber Expression; the closure takes the world and 3 arguments.
    public mutating func step<A: Sendable, B: Sendable, C: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C) async throws -> Void
    ) {
        define(
            .step, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a step with any keyword matching a Cucumber Expression; the closure takes the world and 4 arguments.
    public mutating func step<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C, D) async throws -> Void
    ) {
        define(
            .step, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a step with any keyword matching a Cucumber Expression; the closure takes the world and 5 arguments.
    public mutating func step<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C, D, E) async throws -> Void
    ) {
        define(
            .step, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a step with any keyword matching a Cucumber Expression, with any number of arguments; annotate the world as
    /// `(world: isolated World, ...)` (see the type's documentation).
    public mutating func step<each A: Sendable>(
        _ expression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, repeat each A) async throws -> Void
    ) {
        define(
            .step, expression, isRegularExpression: false, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a step with any keyword matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world only.
    public mutating func step(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World) async throws -> Void
    ) {
        define(
            .step, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a step with any keyword matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 1 argument.
    public mutating func step<A: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A) async throws -> Void
    ) {
        define(
            .step, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a step with any keyword matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 2 arguments.
    public mutating func step<A: Sendable, B: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B) async throws -> Void
    ) {
        define(
            .step, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a step with any keyword matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 3 arguments.
    public mutating func step<A: Sendable, B: Sendable, C: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C) async throws -> Void
    ) {
        define(
            .step, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a step with any keyword matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 4 arguments.
    public mutating func step<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C, D) async throws -> Void
    ) {
        define(
            .step, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a step with any keyword matching a regular expression (ECMAScript syntax, as cucumber-js); the closure takes the world and 5 arguments.
    public mutating func step<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, A, B, C, D, E) async throws -> Void
    ) {
        define(
            .step, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }

    /// Defines a step with any keyword matching a regular expression (ECMAScript syntax, as cucumber-js), with any number of arguments; annotate the world as
    /// `(world: isolated World, ...)` (see the type's documentation).
    public mutating func step<each A: Sendable>(
        regex pattern: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, repeat each A) async throws -> Void
    ) {
        define(
            .step, pattern, isRegularExpression: true, CodeLocation(fileID: fileID, filePath: filePath, line: line),
            body)
    }
}
