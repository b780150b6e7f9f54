import Messages

/// Absorbing the stream envelope by envelope, and releasing the test cases that settled.
extension RunQuery {
    /// Absorbs one envelope of the stream.
    public func update(_ envelope: Envelope) {
        envelopeCount += 1
        justSettled = nil
        if !justCompletedDocuments.isEmpty { justCompletedDocuments.removeAll() }
        switch envelope {
        case .meta(let meta):
            if self.meta == nil { self.meta = meta }
        case .source(let source):
            if retention == .everything { sources.append(source) } else { pendingSource = source }
        case .gherkinDocument(let document):
            add(document)
        case .pickle(let pickle):
            add(pickle)
        case .stepDefinition(let definition):
            stepDefinitionIndexById[definition.id] = stepDefinitions.count
            stepDefinitions.append(definition)
            codeLocations[definition.id] = ReportText.location(definition.sourceReference)
        case .hook(let hook):
            hookIndexById[hook.id] = hooks.count
            hooks.append(hook)
            codeLocations[hook.id] = ReportText.location(hook.sourceReference)
        case .parameterType(let parameterType):
            parameterTypes.append(parameterType)
        case .undefinedParameterType(let undefined):
            undefinedParameterTypes.append(undefined)
        case .parseError(let error):
            parseErrors.append(error)
        case .suggestion(let suggestion):
            suggestionsByPickleStep[suggestion.pickleStepId, default: []].append(suggestion)
        case .testRunStarted(let started):
            if testRunStarted == nil { testRunStarted = started }
            see(started.timestamp)
        case .testRunFinished(let finished):
            testRunFinished = finished
            see(finished.timestamp)
            startRunning()
        case .testCase(let testCase):
            if let spool {
                spool.append(testCase, pickle: spool.claimPickle(id: testCase.pickleId))
            } else {
                testCasesById[testCase.id] = testCase
                testCaseOrderById.append(testCase.id)
            }
        case .testCaseStarted(let started):
            see(started.timestamp)
            start(started)
        case .testStepStarted(let started):
            see(started.timestamp)
            guard let (attempt, index) = locate(started.testCaseStartedId, started.testStepId) else { return }
            attempt.stepStartTimestamps[index] = started.timestamp
            attempt.lastTimestamp = max(attempt.lastTimestamp, started.timestamp)
        case .testStepFinished(let finished):
            see(finished.timestamp)
            guard let (attempt, index) = locate(finished.testCaseStartedId, finished.testStepId) else { return }
            attempt.stepResults[index] = finished.testStepResult
            attempt.lastTimestamp = max(attempt.lastTimestamp, finished.timestamp)
        case .testCaseFinished(let finished):
            see(finished.timestamp)
            guard let attempt = attempt(id: finished.testCaseStartedId) else { return }
            attempt.finished = finished
            attempt.lastTimestamp = max(attempt.lastTimestamp, finished.timestamp)
            if !finished.willBeRetried, let run = runs[attempt.testCase.id], run.counted === attempt {
                settle(run)
            }
        case .testRunHookStarted(let started):
            see(started.timestamp)
            testRunHookIndexById[started.id] = testRunHookExecutions.count
            testRunHookExecutions.append(
                TestRunHookExecution(started: started, hook: hook(id: started.hookId), result: nil, attachments: []))
        case .testRunHookFinished(let finished):
            see(finished.timestamp)
            guard let index = testRunHookIndexById[finished.testRunHookStartedId] else { return }
            testRunHookExecutions[index].result = finished.result
        case .attachment(let attachment):
            if let timestamp = attachment.timestamp { see(timestamp) }
            add(attachment)
        case .externalAttachment(let attachment):
            if let timestamp = attachment.timestamp { see(timestamp) }
            externalAttachments.append(attachment)
        }
    }

    /// Absorbs every envelope of `envelopes`, in order (releasing settled test cases as it goes when streaming).
    public func update(contentsOf envelopes: some Sequence<Envelope>) {
        for envelope in envelopes {
            update(envelope)
            releaseSettledTestCases()
        }
    }

    /// Drops the test cases the last envelope settled (when streaming): call it once every formatter has seen the
    /// envelope (`Reporter` does). A query that keeps everything keeps them.
    package func releaseSettledTestCases() {
        guard !settledToRelease.isEmpty else { return }
        defer { settledToRelease.removeAll() }
        guard retention == .streaming else { return }
        for run in settledToRelease {
            runs[run.testCase.id] = nil
            for attempt in run.attempts {
                attemptById[attempt.id] = nil
                if lastLocated?.attempt === attempt { lastLocated = nil }
            }
            if let pickle = run.pickle {
                if runByPickleId[pickle.id] === run {
                    runByPickleId[pickle.id] = nil
                    pickleById[pickle.id] = nil
                    for step in pickle.steps {
                        pickleStepById[step.id] = nil
                        suggestionsByPickleStep[step.id] = nil
                    }
                }
            }
            if let ordinal = run.documentOrdinal { releaseDocument(ordinal) }
        }
    }

    private func see(_ timestamp: Timestamp) {
        if let last = lastTimestamp, last >= timestamp { return }
        lastTimestamp = timestamp
    }

    private func add(_ document: GherkinDocument) {
        var entry = DocumentEntry()
        if document.feature != nil {
            entry.featureIndex = Int32(featureCount)
            featureCount += 1
        }
        let ordinal = documents.count
        if let spool {
            let source = pendingSource.flatMap { $0.uri == document.uri ? $0 : nil }
            pendingSource = nil
            entry.slot = spool.append(document, source: source)
        } else {
            gherkinDocuments.append(document)
            gherkin.add(document)
        }
        documents.append(entry)
        lastDocument = (document.uri, ordinal)
        if let uri = document.uri, documentOrdinalsByURI != nil { documentOrdinalsByURI?[uri] = ordinal }
    }

    private func add(_ pickle: Pickle) {
        let ordinal = pickleCount
        pickleCount += 1
        var document = documentOrdinal(of: pickle)
        if let known = document, documents[known].isComplete {
            // A pickle after its document's scenarios all ended (not from a runner): shown on its own.
            document = nil
        }
        if let document { documents[document].pickleCount += 1 }
        if let spool {
            var keyNumber = 0
            if notesScenarioOutcomes {
                keyNumber = scenarioKeyCounts[RunHistory.baseKey(of: pickle), default: 0] + 1
                scenarioKeyCounts[RunHistory.baseKey(of: pickle)] = keyNumber
            }
            _ = spool.append(
                MessageSpool.PickleRecord(pickle: pickle, ordinal: ordinal, document: document, keyNumber: keyNumber))
        } else {
            pickles.append(pickle)
            pickleDocuments.append(Int32(document ?? -1))
            pickleById[pickle.id] = pickle
            pickleOrdinalById[pickle.id] = ordinal
            for step in pickle.steps { pickleStepById[step.id] = step }
        }
    }

    /// The run has started: a document without pickles is complete.
    private func startRunning() {
        guard !hasStartedRunning else { return }
        hasStartedRunning = true
        for ordinal in documents.indices where documents[ordinal].pickleCount == 0 {
            completeDocument(ordinal)
        }
    }

    private func start(_ started: TestCaseStarted) {
        startRunning()
        let run: TestCaseRun
        if let existing = runs[started.testCaseId] {
            run = existing
            if run.isSettled {
                // Another attempt after the one that was to be the last (not from a runner): it counts instead.
                run.isSettled = false
                settledTotals.remove(run, query: self)
                unsettled[run.ordinal] = run
            }
        } else {
            guard let made = makeRun(testCaseId: started.testCaseId) else { return }
            run = made
        }
        let attempt = TestCaseAttempt(started: started, run: run, index: attemptCount)
        attemptCount += 1
        run.attempts.append(attempt)
        attemptById[started.id] = attempt
        if retention == .everything { allAttempts.append(attempt) }
    }

    private func makeRun(testCaseId: String) -> TestCaseRun? {
        let testCase: TestCase
        var pickle: Pickle?
        var pickleOrdinal: Int?
        var document: Int?
        var keyNumber = 0
        if let spool {
            guard let found = spool.claimTestCase(id: testCaseId) else { return nil }
            testCase = found.testCase
            if let slot = found.pickle {
                let kept = spool.pickle(at: slot)
                pickle = kept.pickle
                pickleOrdinal = kept.ordinal
                document = kept.document
                keyNumber = kept.keyNumber
            }
        } else {
            guard let known = testCasesById[testCaseId] else { return nil }
            testCase = known
            pickle = pickleById[known.pickleId]
            pickleOrdinal = pickleOrdinalById[known.pickleId]
            document = pickleOrdinal.flatMap { pickleDocuments[$0] >= 0 ? Int(pickleDocuments[$0]) : nil }
        }
        let run = TestCaseRun(
            testCase: testCase, pickle: pickle, ordinal: runCount, pickleOrdinal: pickleOrdinal,
            documentOrdinal: document)
        if let pickle, keyNumber > 0 {
            run.historyKey = RunHistory.key(base: RunHistory.baseKey(of: pickle), keyNumber)
        }
        runCount += 1
        runs[testCaseId] = run
        unsettled[run.ordinal] = run
        if retention == .everything { allRuns.append(run) }
        if let pickle {
            if retention == .streaming, runByPickleId[pickle.id] == nil {
                pickleById[pickle.id] = pickle
                for step in pickle.steps { pickleStepById[step.id] = step }
                if let document { retainDocument(document) }
            }
            runByPickleId[pickle.id] = run
        }
        return run
    }

    private func settle(_ run: TestCaseRun) {
        run.isSettled = true
        unsettled[run.ordinal] = nil
        settledTotals.add(run, query: self)
        if let key = run.historyKey, let outcome = historyOutcome(of: run) { scenarioOutcomes[key] = outcome }
        justSettled = run
        settledToRelease.append(run)
        guard let ordinal = run.documentOrdinal, !run.countedInDocument else { return }
        run.countedInDocument = true
        documents[ordinal].settledCount += 1
        if documents[ordinal].settledCount >= documents[ordinal].pickleCount { completeDocument(ordinal) }
    }

    private func completeDocument(_ ordinal: Int) {
        guard !documents[ordinal].isComplete else { return }
        documents[ordinal].isComplete = true
        justCompletedDocuments.append(ordinal)
    }

    private func locate(_ attemptId: String, _ testStepId: String) -> (TestCaseAttempt, Int)? {
        let attempt: TestCaseAttempt
        var start = 0
        if let last = lastLocated, last.attempt.id == attemptId {
            attempt = last.attempt
            start = last.index
        } else {
            guard let found = self.attempt(id: attemptId) else { return nil }
            attempt = found
        }
        // The steps of a test case are few: a scan from the last position beats hashing.
        let steps = attempt.testCase.testSteps
        for offset in 0..<steps.count {
            let index = (start + offset) % steps.count
            if steps[index].id == testStepId {
                lastLocated = (attempt, index)
                return (attempt, index)
            }
        }
        return nil
    }

    private func add(_ attachment: Attachment) {
        if let attemptId = attachment.testCaseStartedId, let attempt = attempt(id: attemptId) {
            if let stepId = attachment.testStepId, let (_, index) = locate(attemptId, stepId) {
                attempt.stepAttachments[index].append(attachment)
            } else {
                attempt.caseAttachments.append(attachment)
            }
        } else if let hookRunId = attachment.testRunHookStartedId, let index = testRunHookIndexById[hookRunId] {
            testRunHookExecutions[index].attachments.append(attachment)
        } else {
            runAttachments.append(attachment)
        }
    }
}
