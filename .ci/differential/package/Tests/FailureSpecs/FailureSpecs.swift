import FailureAcceptance
import SpecKitTesting
import Testing

let specs = SpecSuite(library: FailureSteps.library(), configure: { $0.stepTimeout = .seconds(1) }) { _ in
    FailureWorld()
}

@Suite(.specReports(specs, title: "Failure specs"))
struct FailureSpecs {
    @Test(arguments: specs.cases) func scenario(_ spec: SpecCase) async { await specs.run(spec) }
}
