import Messages
import SpecKit
import Testing

actor CounterWorld {
    var count = 0
    var notes: [String] = []

    func add(_ value: Int) { count += value }
}

@Suite struct RunnerAPITests {
    @Test func `a library records typed definitions with their Swift line`() {
        var steps = StepLibrary<CounterWorld>()
        steps.given("I have {int} cukes") { (world, count: Int) in
            world.count = count
        }
        steps.when("I add {int} and {word}") { (world, count: Int, word: String) in
            world.count += count
            world.notes.append(word)
        }
        steps.then("the table is:") { (world, table: DataTable) in
            try expectEqual(world.count, table.rowCount)
        }
        steps.step(regex: "^nothing happens$") { _ in }
        steps.before("@slow", name: "slow") { world in world.notes.append("before") }
        #expect(steps.definitions.count == 4)
        #expect(steps.definitions[0].argumentTypes == ["Int"])
        #expect(steps.definitions[1].argumentTypes == ["Int", "String"])
        #expect(steps.hooks.count == 1)
    }
}
