import Foundation
import Testing

@testable import SpecKitCommand

/// The step definitions the language server reads from Swift text, for steps defined there and not built yet.
@Suite struct SourceStepsTests {
    @Test func `plain, raw and regular-expression literals are read with their lines`() {
        let swift = """
            extension ShopSpecs {
                static func register(_ steps: inout StepLibrary<ShopWorld>) {
                    steps.given("the cart has {int} item(s)") { world, count in }
                    steps.when(#"the customer says "hello""#) { world in }
                    steps.then(
                        regex: "^the total is (\\\\d+)$"
                    ) { world, total in }
                    steps.step("a tab\\there") { _ in }
                }
            }
            """
        let found = SourceSteps.definitions(inSwift: swift, file: "/p/Steps.swift")
        #expect(
            found.map(\.pattern) == [
                "the cart has {int} item(s)", "the customer says \"hello\"", "^the total is (\\d+)$", "a tab\there",
            ])
        #expect(found.map(\.line) == [3, 4, 5, 8])
        #expect(found.map(\.isRegularExpression) == [false, false, true, false])
    }

    @Test(arguments: [
        "// steps.given(\"commented out\")",
        "/* steps.given(\"in a block comment\") */",
        "steps.given(\"with \\(interpolation)\")",
        "let text = \"steps.given(\\\"inside a string\\\")\"",
        "steps.given(name)",
        "steps.given(\"\"\"\n    multi-line\n    \"\"\")",
        "steps.given(\"unclosed",
    ])
    func `what is not one plain literal defines nothing`(swift: String) {
        #expect(SourceSteps.definitions(inSwift: swift, file: "/p/Steps.swift").isEmpty)
    }

    @Test func `lines count past comments, strings and multi-line literals`() {
        let swift = "/* one\ntwo */\nlet a = \"\"\"\nx\n\"\"\"\n// three\nsteps.when(\"at seven\")"
        let found = SourceSteps.definitions(inSwift: swift, file: "/p/Steps.swift")
        #expect(found.map(\.line) == [7])
    }
}
