import CucumberExpressions
import FeedAcceptance
import Foundation
import Gherkin
import Messages
import Testing

@testable import SpecKit

/// Every step the specs use, read from `Specs/` at run time.
private let specSteps: [(uri: String, line: Int, text: String)] = {
    let folder = FeedSpecs.specsDirectory()
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    var steps: [(uri: String, line: Int, text: String)] = []
    var ids = IncrementingIdGenerator()
    for file in files.sorted() where file.hasSuffix(".feature") {
        let url = folder.appendingPathComponent(file)
        guard let data = try? Data(contentsOf: url) else { continue }
        let result = Gherkin.parse(uri: "Specs/\(file)", data: data, idGenerator: &ids)
        for pickle in result.pickles {
            for step in pickle.steps {
                steps.append((pickle.uri, pickle.location?.line ?? 0, step.text))
            }
        }
    }
    return steps
}()

@Suite struct FeedStepLibraryTests {
    @Test func specsFolderHoldsStepsToCheck() {
        #expect(specSteps.count > 100)
    }

    @Test func everyStepOfTheSpecsMatchesExactlyOneDefinitionAndItsArgumentsConvert() throws {
        let library = FeedSpecs.library()
        let registry = library.parameterTypes
        var index = StepDefinitionIndex()
        for definition in library.definitions {
            if definition.isRegularExpression {
                index.add(try RegularExpression(definition.pattern, registry: registry))
            } else {
                index.add(try CucumberExpression(definition.pattern, registry: registry))
            }
        }
        var seen = Set<String>()
        for step in specSteps where seen.insert(step.text).inserted {
            let matches = try index.matches(for: step.text)
            #expect(
                matches.count == 1, "\(step.uri):\(step.line): \"\(step.text)\" matches \(matches.count) definitions")
            for argument in matches.first?.arguments ?? [] {
                #expect(throws: Never.self, "\(step.uri):\(step.line): \"\(step.text)\"") { _ = try argument.value() }
            }
        }
    }

    @Test(arguments: ["duration", "store"])
    func customParameterTypeIsDefined(_ name: String) {
        #expect(FeedSpecs.library().parameterTypes.parameterType(named: name) != nil)
    }
}
