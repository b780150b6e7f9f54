import CucumberExpressions
import Messages

/// The step definitions, parameter types and hooks of a suite, over a per-scenario `World`.
///
/// Each scenario gets a fresh world (see `SpecRunner`); step bodies and scenario hooks run isolated to it, so
/// they read and change its state synchronously, and scenarios with their own worlds can run in parallel:
///
/// ```swift
/// actor FeedWorld { var cachedImages = 0; ... }
///
/// var steps = StepLibrary<FeedWorld>()
/// try steps.define(ParameterType(name: "duration", regexp: #"\d+ days?"#) { try parseDays($0[0]) })
/// steps.given("the cache holds {int} images saved {duration} ago") { (world, count: Int, age: Duration) in
///     world.cachedImages = count
///     world.cacheAge = age
/// }
/// steps.then("the feed shows {int} images") { world, count in
///     try expectEqual(world.shownImages.count, count)
/// }
/// steps.given(regex: #"^the store is (memory|file|sqlite)$"#) { (world, store: String?) in ... }
/// steps.after { world in try await world.removeTemporaryFiles() }
/// ```
///
/// **Arguments.** A definition's closure takes the world, then one argument per parameter of its expression (the
/// parameter type's `valueType`: `Int` for `{int}`, `String` for `{string}` and `{word}`, `Float` for `{float}`,
/// ...; for a regular expression, the type of the parameter type whose regexp equals the capture group, else
/// `String?`, or `String` when the group always takes part), then, when the step has one, a trailing `DataTable`
/// or `DocString` (or `String`, for the doc string's content). Give the argument types in the closure,
/// `{ (world, count: Int, age: Duration) in ... }`, unless they are clear from a one-line body. The types are
/// checked against the expression when a runner is made: a mismatch is a `StepLibraryError` naming the
/// definition's file and line and both types, and steps that use that definition fail with it.
///
/// **Keywords.** As in Cucumber, `given`, `when`, `then` and `step` all match a step whatever its keyword; the
/// keyword only documents the definition.
///
/// Closures with up to five arguments after the world need no annotation of the world; with more, write
/// `(world: isolated FeedWorld, ...)` (Swift 6.3 loses the world's isolation when inferring longer parameter packs).
public struct StepLibrary<World: Actor>: Sendable {
    var stepDefinitions: [StepDefinitionRecord<World>] = []
    var hookDefinitions: [HookRecord<World>] = []
    var parameterTypeDefinitions: [ParameterTypeRecord] = []
    /// Every registration in order, so that messages list definitions as they were written.
    var registrations: [Registration] = []
    /// The tag expressions whose scenarios never run at the same time as one another, where they were declared.
    var exclusiveDeclarations: [(tagExpression: String, location: CodeLocation)] = []

    /// Creates an empty library.
    public init() {}

    /// Adds a custom parameter type, usable as `{name}` in every expression of the library (whenever it was
    /// defined). A duplicate name is reported by `problems()` and by the runner.
    public mutating func define(
        _ parameterType: CucumberExpressions.ParameterType, fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line
    ) {
        registrations.append(.parameterType(parameterTypeDefinitions.count))
        parameterTypeDefinitions.append(
            ParameterTypeRecord(
                made: .success(parameterType), location: CodeLocation(fileID: fileID, filePath: filePath, line: line)))
    }

    /// Defines the parameter type `{name}`, usable in every expression of the library: text matching one of
    /// `regexps` becomes what `transform` returns from the capture groups (or the whole match when there are none).
    ///
    /// ```swift
    /// steps.define(parameterType: "money", regexp: #"\d+\.\d{2}"#) { values in
    ///     guard let cents = Int(values[0]?.replacingOccurrences(of: ".", with: "") ?? "") else {
    ///         throw ParameterTransformError(parameterTypeName: "money", values: values, reason: "not an amount")
    ///     }
    ///     return Money(cents: cents)
    /// }
    /// steps.then("the total is {money}") { (cart, total: Money) in try expectEqual(cart.total, total) }
    /// ```
    ///
    /// It never throws: an illegal name, a missing or invalid regexp or a name defined twice is one of
    /// `problems()`, reported at this line (under `swift test` as an issue there); the scenarios using the type fail.
    /// A `transform` that throws fails the step using it, with its error's text.
    public mutating func define<Value: Sendable>(
        parameterType name: String, regexps: [String], useForSnippets: Bool = true,
        preferForRegexpMatch: Bool = false, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        transform: @escaping @Sendable (_ values: [String?]) throws -> Value
    ) {
        let made = Result { () throws(ParameterTypeError) in
            try ParameterType(
                name: name, regexps: regexps, useForSnippets: useForSnippets,
                preferForRegexpMatch: preferForRegexpMatch, transform: transform)
        }
        registrations.append(.parameterType(parameterTypeDefinitions.count))
        parameterTypeDefinitions.append(
            ParameterTypeRecord(made: made, location: CodeLocation(fileID: fileID, filePath: filePath, line: line)))
    }

    /// Defines the parameter type `{name}` with one regular expression; see
    /// `define(parameterType:regexps:useForSnippets:preferForRegexpMatch:fileID:filePath:line:transform:)`.
    public mutating func define<Value: Sendable>(
        parameterType name: String, regexp: String, useForSnippets: Bool = true,
        preferForRegexpMatch: Bool = false, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        transform: @escaping @Sendable (_ values: [String?]) throws -> Value
    ) {
        define(
            parameterType: name, regexps: [regexp], useForSnippets: useForSnippets,
            preferForRegexpMatch: preferForRegexpMatch, fileID: fileID, filePath: filePath, line: line,
            transform: transform)
    }

    /// Declares that the scenarios whose tags match `tagExpression` never run at the same time as one another under
    /// `--parallel` (they share a database, a port, a device), as `--exclusive` does on the command line; the
    /// other scenarios keep running beside them.
    ///
    /// ```swift
    /// steps.exclusive("@database")            // one @database scenario at a time
    /// steps.exclusive("@printer or @scanner")  // and, apart from those, one device scenario at a time
    /// ```
    ///
    /// Each call is a group of its own. An invalid expression is one of `problems()`, reported at this line.
    public mutating func exclusive(
        _ tagExpression: String, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
    ) {
        exclusiveDeclarations.append(
            (tagExpression, CodeLocation(fileID: fileID, filePath: filePath, line: line)))
    }

    /// The tag expressions declared with `exclusive(_:fileID:filePath:line:)`, in order.
    public var exclusiveTagExpressions: [String] { exclusiveDeclarations.map(\.tagExpression) }

    /// Adds every definition, parameter type, hook and exclusive group of `other`, after those of this library.
    public mutating func merge(_ other: StepLibrary<World>) {
        exclusiveDeclarations += other.exclusiveDeclarations
        for registration in other.registrations {
            switch registration {
            case .step(let index):
                registrations.append(.step(stepDefinitions.count))
                stepDefinitions.append(other.stepDefinitions[index])
            case .hook(let index):
                registrations.append(.hook(hookDefinitions.count))
                hookDefinitions.append(other.hookDefinitions[index])
            case .parameterType(let index):
                registrations.append(.parameterType(parameterTypeDefinitions.count))
                parameterTypeDefinitions.append(other.parameterTypeDefinitions[index])
            }
        }
    }

    /// The step definitions, in the order they were added.
    public var definitions: [StepDefinitionInfo] {
        stepDefinitions.map(\.info)
    }

    /// The hooks, in the order they were added.
    public var hooks: [HookInfo] {
        hookDefinitions.map(\.info)
    }

    /// The parameter types: the built-in ones, then the library's.
    ///
    /// Custom types that cannot be defined (a duplicate name, say) are left out and reported by `problems()`.
    public var parameterTypes: ParameterTypeRegistry {
        compileParameterTypes().registry
    }

    /// What is wrong with the library: invalid expressions or regular expressions, unknown parameter types,
    /// closures whose argument types do not fit their expression, invalid hook tag expressions, duplicate
    /// parameter types. Each names the definition's Swift file and line. Empty for a sound library.
    public func problems() -> [StepLibraryError] {
        CompiledLibrary(self).problems
    }

    mutating func append(_ definition: StepDefinitionRecord<World>) {
        registrations.append(.step(stepDefinitions.count))
        stepDefinitions.append(definition)
    }

    mutating func append(_ hook: HookRecord<World>) {
        registrations.append(.hook(hookDefinitions.count))
        hookDefinitions.append(hook)
    }

    func compileParameterTypes() -> (registry: ParameterTypeRegistry, problems: [StepLibraryError]) {
        var registry = ParameterTypeRegistry()
        var problems: [StepLibraryError] = []
        for record in parameterTypeDefinitions {
            do throws(ParameterTypeError) {
                try registry.define(record.made.get())
            } catch {
                problems.append(
                    StepLibraryError(kind: .invalidParameterType, message: error.message, location: record.location))
            }
        }
        return (registry, problems)
    }

    /// Registers a step definition whose closure takes the world and the pack `A` of arguments.
    mutating func define<each A: Sendable>(
        _ keyword: StepKeyword, _ pattern: String, isRegularExpression: Bool, _ location: CodeLocation,
        _ body: @escaping @Sendable (isolated World, repeat each A) async throws -> Void
    ) {
        var types: [Any.Type] = []
        for type in repeat (each A).self { types.append(type) }
        append(
            StepDefinitionRecord(
                keyword: keyword, pattern: pattern, isRegularExpression: isRegularExpression, location: location,
                argumentTypes: types,
                invoke: { world, arguments in
                    let reader = ArgumentReader(arguments)
                    try await body(world, repeat try reader.next((each A).self))
                }))
    }
}

/// The keyword a step definition was registered with. As in Cucumber it does not restrict matching.
public enum StepKeyword: String, Sendable, Hashable, CaseIterable {
    /// `steps.given(...)`.
    case given
    /// `steps.when(...)`.
    case when
    /// `steps.then(...)`.
    case then
    /// `steps.step(...)`: any keyword.
    case step
}

/// A step definition as registered: its pattern and where it was written.
public struct StepDefinitionInfo: Sendable, Hashable, CustomStringConvertible {
    /// The keyword it was registered with.
    public var keyword: StepKeyword
    /// The Cucumber Expression or regular expression, as written.
    public var pattern: String
    /// Whether `pattern` is a regular expression.
    public var isRegularExpression: Bool
    /// Where it was written.
    public var location: CodeLocation
    /// The Swift types of the closure's arguments after the world, e.g. `["Int", "DataTable"]`.
    public var argumentTypes: [String]

    /// Creates a description of a step definition.
    public init(
        keyword: StepKeyword, pattern: String, isRegularExpression: Bool, location: CodeLocation,
        argumentTypes: [String]
    ) {
        self.keyword = keyword
        self.pattern = pattern
        self.isRegularExpression = isRegularExpression
        self.location = location
        self.argumentTypes = argumentTypes
    }

    /// `"pattern" (File.swift:12)`, with slashes around a regular expression.
    public var description: String {
        (isRegularExpression ? "/\(pattern)/" : "\"\(pattern)\"") + " (\(location))"
    }
}

/// A problem in a step library, found when it is compiled: names the definition's Swift file and line.
public struct StepLibraryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem.
    public enum Kind: Sendable, Hashable {
        /// The Cucumber Expression is invalid (the message is the official one, with a caret under the column).
        case invalidExpression
        /// The Cucumber Expression uses a parameter type nobody defined (reported as `undefinedParameterType`;
        /// steps it would match are undefined, as in cucumber-js).
        case undefinedParameterType(name: String)
        /// The regular expression is invalid.
        case invalidRegularExpression
        /// The closure's argument types do not fit the expression's parameters.
        case argumentTypeMismatch
        /// A custom parameter type cannot be defined (duplicate name, two preferential types for one regexp).
        case invalidParameterType
        /// A hook's tag expression is invalid.
        case invalidTagExpression
    }

    /// What kind of problem.
    public var kind: Kind
    /// What is wrong, without the location.
    public var message: String
    /// Where the definition was written.
    public var location: CodeLocation

    /// Creates an error.
    public init(kind: Kind, message: String, location: CodeLocation) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    /// `File.swift:12: message`.
    public var description: String { "\(location): \(message)" }
}

enum Registration: Sendable, Hashable {
    case step(Int)
    case hook(Int)
    case parameterType(Int)
}

struct ParameterTypeRecord: Sendable {
    /// The parameter type, or why it could not be made (reported as a problem at `location`).
    let made: Result<ParameterType, ParameterTypeError>
    let location: CodeLocation
}

struct StepDefinitionRecord<World: Actor>: Sendable {
    let keyword: StepKeyword
    let pattern: String
    let isRegularExpression: Bool
    let location: CodeLocation
    /// The closure's argument types after the world.
    let argumentTypes: [Any.Type]
    /// Runs the closure with arguments of `argumentTypes` (throws `ArgumentTypeError` for a value of another type).
    let invoke: @Sendable (World, [any Sendable]) async throws -> Void

    var info: StepDefinitionInfo {
        StepDefinitionInfo(
            keyword: keyword, pattern: pattern, isRegularExpression: isRegularExpression, location: location,
            argumentTypes: argumentTypes.map { String(describing: $0) })
    }
}

/// Hands out the arguments of a step, one per element of the closure's parameter pack.
final class ArgumentReader {
    private let values: [any Sendable]
    private var index = 0

    init(_ values: [any Sendable]) {
        self.values = values
    }

    func next<Value>(_ type: Value.Type) throws -> Value {
        defer { index += 1 }
        guard index < values.count else {
            throw ArgumentTypeError(message: "the step gives \(values.count) arguments, the definition takes more")
        }
        let value = values[index]
        if let typed = value as? Value { return typed }
        throw ArgumentTypeError(
            message:
                "argument \(index + 1) is \(Swift.type(of: value)) \(describe(value)), the definition takes \(Value.self)"
        )
    }
}

/// A step's argument does not fit its definition's closure.
struct ArgumentTypeError: Error, Sendable, CustomStringConvertible {
    let message: String
    var description: String { message }
}
