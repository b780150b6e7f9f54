import Foundation
import SpecKit
import Testing

/// One scenario's state.
public actor FailureWorld {
    var value = 3
    var items = [1, 2, 3]
    /// Whether the world records an issue in its `deinit` (`Faults/off_task.feature`).
    var failsWhenReleased = false

    public init() {}

    deinit {
        if failsWhenReleased { Issue.record("the world's deinit recorded an issue") }
    }
}

struct DiskFull: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
}

/// How many times each flaky step ran in this process.
actor Runs {
    static let shared = Runs()
    var count = 0
    func next() -> Int {
        count += 1
        return count
    }
}

struct Row: Decodable {
    let name: String
    let count: Int
}

/// Steps that fail in every way a step can.
public enum FailureSteps {
    public static func library() -> StepLibrary<FailureWorld> {
        var steps = StepLibrary<FailureWorld>()
        steps.given("a value of {int}") { (world, value: Int) in world.value = value }
        steps.then("the value is {int} by expectEqual") { (world, expected: Int) in
            try expectEqual(world.value, expected, "the value")
        }
        steps.then("the value is {int} by #expect") { (world, expected: Int) in
            #expect(world.value == expected, "the value")
        }
        steps.then("the value is {int} and {int} by two #expects") { (world, first: Int, second: Int) in
            #expect(world.value == first)
            #expect(world.value == second, "the second")
        }
        steps.then("the value is {int} by #require") { (world, expected: Int) in
            _ = try #require(world.value == expected ? world.value : nil)
        }
        steps.then("the value is positive by #require") { world in
            try #require(world.value < 0)
        }
        steps.then("the items are {int}, {int} and {int}") { (world, first: Int, second: Int, third: Int) in
            #expect(world.items == [first, second, third])
        }
        steps.then("the value is {int} by #expect and then it throws") { (world, expected: Int) in
            #expect(world.value == expected)
            throw DiskFull()
        }
        steps.when("the disk fills up") { _ in throw DiskFull() }
        steps.when("an issue is recorded") { _ in Issue.record("recorded\non two lines") }
        steps.when("an error is recorded as an issue") { _ in Issue.record(DiskFull()) }
        steps.when("a warning is recorded") { _ in Issue.record("only a warning", severity: .warning) }
        steps.when("the step is pending") { _ in throw Pending("not written yet") }
        steps.when("the step skips the scenario") { _ in throw Skipped("no network here") }
        steps.when("the step hangs") { _ in try await Task.sleep(for: .seconds(30)) }
        steps.when("the step is matched twice") { _ in }
        steps.when("the step is matched {word}") { (_, _: String) in }
        steps.then("these rows are read:") { (_, table: DataTable) in
            _ = try table.decode(Row.self)
        }
        steps.given("a step that fails the first time it runs") { _ in
            let run = await Runs.shared.next()
            #expect(run > 1, "the first run fails")
        }
        steps.before("@expect-in-hook") { world in
            #expect(world.value == 0, "a before hook")
        }
        FaultSteps.add(to: &steps)
        return steps
    }
}
