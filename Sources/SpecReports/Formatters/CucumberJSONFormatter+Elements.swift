import Messages

/// The features and their elements (a background, a scenario with its tags and hooks), and their ids.
extension CucumberJSONFormatter {
    /// A feature's object up to the opening of its `elements` array, as its first scenario's lineage gives it.
    func writeFeatureHead(uri: String, lineage: PickleLineage?, to json: inout JSONWriter) {
        let feature = lineage?.feature
        json.beginObject()
        json.field("uri", uri)
        json.field("id", Self.slug(feature?.name ?? uri))
        json.field("keyword", feature?.keyword ?? "Feature")
        json.field("name", feature?.name ?? uri)
        json.field("description", feature?.description ?? "")
        json.field("line", feature?.location.line ?? 1)
        json.key("tags")
        json.beginArray()
        for tag in feature?.tags ?? [] { writeTag(name: tag.name, line: tag.location.line, to: &json) }
        json.endArray()
        json.key("elements")
        json.beginArray()
    }

    /// A file that could not be parsed: a feature named after it with one failed step per parse error.
    func writeUnparsedFeature(uri: String, errors: [ParseError], to json: inout JSONWriter) {
        let line = errors.first?.source.location?.line ?? 1
        json.beginObject()
        json.field("uri", uri)
        json.field("id", Self.slug(uri))
        json.field("keyword", "Feature")
        json.field("name", uri)
        json.field("description", "This file could not be parsed, so none of its scenarios ran.")
        json.field("line", 1)
        json.key("tags")
        json.beginArray()
        json.endArray()
        json.key("elements")
        json.beginArray()
        json.beginObject()
        json.field("type", "scenario")
        json.field("id", Self.slug(uri) + ";parse-error")
        json.field("keyword", "Scenario")
        json.field("name", "Parse error")
        json.field("description", "")
        json.field("line", line)
        json.key("tags")
        json.beginArray()
        json.endArray()
        json.key("steps")
        json.beginArray()
        for error in errors {
            json.beginObject()
            json.field("keyword", "Parse error ")
            json.field("name", ReportText.messageWithoutPosition(error.message))
            json.field("line", error.source.location?.line ?? 1)
            json.key("result")
            json.beginObject()
            json.field("status", "failed")
            json.field("duration", 0)
            json.field("error_message", ReportText.parseErrorText(error))
            json.endObject()
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.endArray()
        json.endObject()
    }

    func writeElements(of attempt: TestCaseAttempt, pickle: Pickle, to json: inout JSONWriter) {
        let lineage = query.lineage(of: pickle)
        var backgroundSteps: [Int] = []
        var scenarioSteps: [Int] = []
        var beforeHooks: [Int] = []
        var afterHooks: [Int] = []
        for (index, testStep) in attempt.testCase.testSteps.enumerated() {
            if let pickleStepId = testStep.pickleStepId {
                let isBackground = query.pickleStep(id: pickleStepId).flatMap { query.background(of: $0) } != nil
                if isBackground { backgroundSteps.append(index) } else { scenarioSteps.append(index) }
            } else if backgroundSteps.isEmpty && scenarioSteps.isEmpty {
                beforeHooks.append(index)
            } else {
                afterHooks.append(index)
            }
        }
        if !backgroundSteps.isEmpty {
            let background = lineage?.backgrounds.first { !$0.steps.isEmpty }
            json.beginObject()
            json.field("type", "background")
            json.field("keyword", background?.keyword ?? "Background")
            json.field("name", background?.name ?? "")
            json.field("description", background?.description ?? "")
            json.field("line", background?.location.line ?? 1)
            json.key("steps")
            json.beginArray()
            for index in backgroundSteps { writeStep(index, of: attempt, pickle: pickle, to: &json) }
            json.endArray()
            json.endObject()
        }
        json.beginObject()
        json.field("type", "scenario")
        json.field("id", Self.scenarioId(pickle: pickle, lineage: lineage))
        json.field("keyword", lineage?.scenario.keyword ?? "Scenario")
        json.field("name", pickle.name)
        json.field("description", lineage?.scenario.description ?? "")
        json.field("line", lineage?.line ?? pickle.location?.line ?? 1)
        json.field("start_timestamp", ReportText.isoTimestamp(attempt.started.timestamp))
        json.key("tags")
        json.beginArray()
        for tag in pickle.tags {
            writeTag(name: tag.name, line: query.tag(id: tag.astNodeId)?.location.line, to: &json)
        }
        json.endArray()
        if !beforeHooks.isEmpty {
            json.key("before")
            writeHooks(beforeHooks, of: attempt, to: &json)
        }
        json.key("steps")
        json.beginArray()
        for index in scenarioSteps { writeStep(index, of: attempt, pickle: pickle, to: &json) }
        json.endArray()
        if !afterHooks.isEmpty {
            json.key("after")
            writeHooks(afterHooks, of: attempt, to: &json)
        }
        json.endObject()
    }

    private func writeTag(name: String, line: Int?, to json: inout JSONWriter) {
        json.beginObject()
        json.field("name", name)
        json.field("line", line)
        json.endObject()
    }

    // MARK: Ids

    /// A name as Cucumber writes it in ids: lowercased, whitespace replaced by `-`.
    static func slug(_ name: String) -> String {
        String(name.lowercased().map { $0.isWhitespace ? "-" : $0 })
    }

    static func scenarioId(pickle: Pickle, lineage: PickleLineage?) -> String {
        guard let lineage else { return slug(pickle.name) }
        var parts = [slug(lineage.feature.name)]
        if let rule = lineage.rule { parts.append(slug(rule.name)) }
        parts.append(slug(lineage.scenario.name))
        if let examples = lineage.examples, let exampleIndex = lineage.exampleIndex {
            parts.append(slug(examples.name))
            parts.append(String(exampleIndex + 2))
        }
        return parts.joined(separator: ";")
    }
}
