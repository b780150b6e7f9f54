import Testing

@testable import Gherkin

@Suite("Parser states")
struct ParserStateTests {
    @Test("every state of the official parser exists and has a transition")
    func everyStateHasTransitions() {
        let numbers = (0...54).filter { $0 != 42 }
        for number in numbers {
            #expect(!ParserStates.all[number].transitions.isEmpty, "state \(number)")
        }
    }
}
