import Messages

/// A step library made ready to run: expressions compiled and indexed, argument types checked, ids assigned.
struct CompiledLibrary<World: Actor>: Sendable {
    var problems: [StepLibraryError] = []
    var envelopes: [Envelope] = []

    init(_ library: StepLibrary<World>, ids: IdSource = .incrementing()) {
    }
}
