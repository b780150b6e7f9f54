import Messages

/// How a step definition was used in a run: every step it matched (in the attempts that count), with durations.
public struct StepUsage: Sendable, Hashable {
    /// One step matched by the definition.
    public struct Match: Sendable, Hashable {
        /// The step text (keyword excluded).
        public var text: String
        /// `uri:line` of the Gherkin step.
        public var location: String
        /// How long the step ran, if it ran.
        public var duration: MessageDuration?
        /// The step's status, if it ran.
        public var status: TestStepResultStatus?
    }

    /// The step definition.
    public var definition: StepDefinition
    /// Every step it matched, longest first.
    public var matches: [Match]

    /// Whether no step used the definition.
    public var isUnused: Bool { matches.isEmpty }

    /// The mean duration of the matches that ran.
    public var meanDuration: MessageDuration? {
        let durations = matches.compactMap(\.duration)
        guard !durations.isEmpty else { return nil }
        let total = durations.reduce(MessageDuration.zero, +)
        return MessageDuration(nanoseconds: total.nanoseconds / durations.count)
    }

    /// The longest duration of the matches that ran.
    public var maxDuration: MessageDuration? {
        matches.compactMap(\.duration).max()
    }
}

/// How many steps used a step definition, and how long they took in total.
public struct StepUseCount: Sendable, Hashable {
    /// The number of steps that matched the definition alone.
    public var count = 0
    /// The number of those steps that ran (have a result).
    public var ranCount = 0
    /// The sum of the durations of the steps that ran.
    public var totalDuration = MessageDuration.zero

    /// The mean duration of the steps that ran.
    public var meanDuration: MessageDuration? {
        ranCount == 0 ? nil : MessageDuration(nanoseconds: totalDuration.nanoseconds / ranCount)
    }
}

extension RunQuery {
    /// The use count and total duration of every step definition that was used, by definition id (cheaper than
    /// `stepUsage()` when the individual steps are not needed).
    public func stepUseSummary() -> [String: StepUseCount] {
        var totals = RunTotals()
        totals.uses = settledTotals.uses
        for run in unsettledRuns { totals.add(run, query: self) }
        return totals.uses
    }

    /// The usage of every step definition: used ones first, slowest mean first; then unused ones in stream order.
    /// A step counts for a definition when it matched that definition alone (not ambiguously).
    public func stepUsage() -> [StepUsage] {
        var matches: [String: [StepUsage.Match]] = [:]
        for attempt in countedAttempts {
            for (index, testStep) in attempt.testCase.testSteps.enumerated() {
                guard let ids = testStep.stepDefinitionIds, ids.count == 1,
                    let pickleStepId = testStep.pickleStepId, let pickleStep = self.pickleStep(id: pickleStepId)
                else { continue }
                let line = gherkinStep(of: pickleStep)?.location.line
                let uri = attempt.pickle?.uri ?? ""
                let result = attempt.stepResults[index]
                matches[ids[0], default: []].append(
                    StepUsage.Match(
                        text: pickleStep.text, location: ReportText.location(uri, line), duration: result?.duration,
                        status: result?.status))
            }
        }
        let usages = stepDefinitions.enumerated().map { index, definition in
            (
                index,
                StepUsage(
                    definition: definition,
                    matches: (matches[definition.id] ?? []).enumerated().sorted { left, right in
                        let (leftDuration, rightDuration) = (left.element.duration, right.element.duration)
                        if leftDuration != rightDuration { return (leftDuration ?? .zero) > (rightDuration ?? .zero) }
                        return left.offset < right.offset
                    }.map(\.element))
            )
        }
        return usages.sorted { left, right in
            switch (left.1.isUnused, right.1.isUnused) {
            case (false, true): return true
            case (true, false): return false
            case (true, true): return left.0 < right.0
            case (false, false):
                let (leftMean, rightMean) = (left.1.meanDuration ?? .zero, right.1.meanDuration ?? .zero)
                return leftMean != rightMean ? leftMean > rightMean : left.0 < right.0
            }
        }.map(\.1)
    }
}
