import FailureAcceptance
import SpecKitCommand

await SpecCommand.main(title: "Failure specs", library: FailureSteps.library()) { _ in FailureWorld() }
