import Messages

extension StepLibrary {
    /// Runs `body` once before the first scenario (no world). If it fails, no scenario runs and the run fails.
    ///
    /// Hooks of one kind run in ascending `order`, then in the order they were added.
    public mutating func beforeAll(
        name: String? = nil, order: Int = 0, fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line, _ body: @escaping @Sendable () async throws -> Void
    ) {
        append(
            HookRecord(
                kind: .beforeAll, name: name, tagExpression: nil, order: order,
                location: CodeLocation(fileID: fileID, filePath: filePath, line: line), body: .run(body)))
    }

    /// Runs `body` once after the last scenario (no world), even when scenarios or `beforeAll` hooks failed.
    ///
    /// After hooks run in the reverse of before hooks' order: descending `order`, the last added first.
    public mutating func afterAll(
        name: String? = nil, order: Int = 0, fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line, _ body: @escaping @Sendable () async throws -> Void
    ) {
        append(
            HookRecord(
                kind: .afterAll, name: name, tagExpression: nil, order: order,
                location: CodeLocation(fileID: fileID, filePath: filePath, line: line), body: .run(body)))
    }

    /// Runs `body` on the world before each scenario whose tags satisfy `tags` (a tag expression such as
    /// `"@cache and not @slow"`; every scenario when nil).
    ///
    /// A failing hook fails the scenario and its steps are skipped; after hooks still run. A hook throwing
    /// `Skipped` skips the scenario, one throwing `Pending` makes it pending.
    public mutating func before(
        _ tags: String? = nil, name: String? = nil, order: Int = 0, fileID: String = #fileID,
        filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World) async throws -> Void
    ) {
        append(
            HookRecord(
                kind: .beforeScenario, name: name, tagExpression: tags, order: order,
                location: CodeLocation(fileID: fileID, filePath: filePath, line: line),
                body: .scenario({ world in try await body(world) })))
    }

    /// Runs `body` on the world after each scenario whose tags satisfy `tags`, whatever happened in it.
    /// `SpecContext.current?.status` tells how the scenario went so far.
    public mutating func after(
        _ tags: String? = nil, name: String? = nil, order: Int = 0, fileID: String = #fileID,
        filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World) async throws -> Void
    ) {
        append(
            HookRecord(
                kind: .afterScenario, name: name, tagExpression: tags, order: order,
                location: CodeLocation(fileID: fileID, filePath: filePath, line: line),
                body: .scenario({ world in try await body(world) })))
    }

    /// Runs `body` on the world before each step (that is not skipped) of the scenarios whose tags satisfy `tags`.
    /// A failing step hook fails its step.
    public mutating func beforeStep(
        _ tags: String? = nil, name: String? = nil, order: Int = 0, fileID: String = #fileID,
        filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, TestStepInfo) async throws -> Void
    ) {
        append(
            HookRecord(
                kind: .beforeStep, name: name, tagExpression: tags, order: order,
                location: CodeLocation(fileID: fileID, filePath: filePath, line: line),
                body: .step({ world, step in try await body(world, step) })))
    }

    /// Runs `body` on the world after each step (that ran) of the scenarios whose tags satisfy `tags`;
    /// `step.status` is the step's result. A failing step hook fails its step.
    public mutating func afterStep(
        _ tags: String? = nil, name: String? = nil, order: Int = 0, fileID: String = #fileID,
        filePath: String = #filePath, line: Int = #line,
        _ body: @escaping @Sendable (isolated World, TestStepInfo) async throws -> Void
    ) {
        append(
            HookRecord(
                kind: .afterStep, name: name, tagExpression: tags, order: order,
                location: CodeLocation(fileID: fileID, filePath: filePath, line: line),
                body: .step({ world, step in try await body(world, step) })))
    }
}

/// When a hook runs.
public enum HookKind: String, Sendable, Hashable, CaseIterable {
    /// Once before the first scenario.
    case beforeAll
    /// Once after the last scenario.
    case afterAll
    /// Before each scenario.
    case beforeScenario
    /// After each scenario.
    case afterScenario
    /// Before each step.
    case beforeStep
    /// After each step.
    case afterStep

    /// The hook type of the `hook` message.
    public var messageType: HookType {
        switch self {
        case .beforeAll: .beforeTestRun
        case .afterAll: .afterTestRun
        case .beforeScenario: .beforeTestCase
        case .afterScenario: .afterTestCase
        case .beforeStep: .beforeTestStep
        case .afterStep: .afterTestStep
        }
    }
}

/// A hook as registered.
public struct HookInfo: Sendable, Hashable, CustomStringConvertible {
    /// When it runs.
    public var kind: HookKind
    /// Its name, if given.
    public var name: String?
    /// The tag expression selecting its scenarios, if given.
    public var tagExpression: String?
    /// Its order among hooks of its kind.
    public var order: Int
    /// Where it was written.
    public var location: CodeLocation

    /// Creates a description of a hook.
    public init(kind: HookKind, name: String?, tagExpression: String?, order: Int, location: CodeLocation) {
        self.kind = kind
        self.name = name
        self.tagExpression = tagExpression
        self.order = order
        self.location = location
    }

    /// `before hook "name" (File.swift:12)`.
    public var description: String {
        let label: String =
            switch kind {
            case .beforeAll: "beforeAll hook"
            case .afterAll: "afterAll hook"
            case .beforeScenario: "before hook"
            case .afterScenario: "after hook"
            case .beforeStep: "beforeStep hook"
            case .afterStep: "afterStep hook"
            }
        return label + (name.map { " \"\($0)\"" } ?? "") + " (\(location))"
    }
}

/// A step, as step hooks see it.
public struct TestStepInfo: Sendable, Hashable {
    private struct Fields: Sendable, Hashable {
        var text: String
        var keyword: String
        var uri: String
        var location: Location
        var pickleStepId: String
        var scenario: ScenarioInfo
        var status: TestStepResultStatus?
    }

    /// Shared by every copy: the runner copies a step's description into its context and its hooks.
    private var shared: SharedFields<Fields>

    /// The step's text (outline placeholders filled in).
    public var text: String {
        get { shared.fields.text }
        set { shared.change(\.text, newValue) }
    }
    /// The keyword as written, e.g. `Given ` (with its trailing space).
    public var keyword: String {
        get { shared.fields.keyword }
        set { shared.change(\.keyword, newValue) }
    }
    /// The `.feature` file.
    public var uri: String {
        get { shared.fields.uri }
        set { shared.change(\.uri, newValue) }
    }
    /// The step's position in the `.feature` file.
    public var location: Location {
        get { shared.fields.location }
        set { shared.change(\.location, newValue) }
    }
    /// The id of the pickle step.
    public var pickleStepId: String {
        get { shared.fields.pickleStepId }
        set { shared.change(\.pickleStepId, newValue) }
    }
    /// The scenario the step belongs to.
    public var scenario: ScenarioInfo {
        get { shared.fields.scenario }
        set { shared.change(\.scenario, newValue) }
    }
    /// The step's result status in `afterStep` hooks; nil in `beforeStep` hooks.
    public var status: TestStepResultStatus? {
        get { shared.fields.status }
        set { shared.change(\.status, newValue) }
    }

    /// Creates a step description.
    public init(
        text: String, keyword: String, uri: String, location: Location, pickleStepId: String,
        scenario: ScenarioInfo, status: TestStepResultStatus? = nil
    ) {
        shared = SharedFields(
            Fields(
                text: text, keyword: keyword, uri: uri, location: location, pickleStepId: pickleStepId,
                scenario: scenario, status: status))
    }

    /// Whether the two describe the same step, field by field.
    public static func == (lhs: TestStepInfo, rhs: TestStepInfo) -> Bool {
        lhs.shared == rhs.shared
    }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(shared)
    }
}

struct HookRecord<World: Actor>: Sendable {
    enum Body: Sendable {
        case run(@Sendable () async throws -> Void)
        case scenario(@Sendable (World) async throws -> Void)
        case step(@Sendable (World, TestStepInfo) async throws -> Void)
    }

    let kind: HookKind
    let name: String?
    let tagExpression: String?
    let order: Int
    let location: CodeLocation
    let body: Body
    /// Whether this is the runner's world tear-down, which runs only when the scenario made a world.
    var tearsDownWorld = false

    var info: HookInfo {
        HookInfo(kind: kind, name: name, tagExpression: tagExpression, order: order, location: location)
    }
}
