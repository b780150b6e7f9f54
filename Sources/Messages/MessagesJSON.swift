// The JSON writing of every message: members in the schema's property order, nil members omitted,
// arrays always written.

extension Location: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("line", line)
        json.field("column", column)
        json.endObject()
    }
}

extension Source: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("uri", uri)
        json.field("data", data)
        json.field("mediaType", mediaType)
        json.endObject()
    }
}

extension SourceReference: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("uri", uri)
        json.field("javaMethod", javaMethod)
        json.field("javaStackTraceElement", javaStackTraceElement)
        json.field("location", location)
        json.endObject()
    }
}

extension JavaMethod: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("className", className)
        json.field("methodName", methodName)
        json.field("methodParameterTypes", methodParameterTypes)
        json.endObject()
    }
}

extension JavaStackTraceElement: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("className", className)
        json.field("fileName", fileName)
        json.field("methodName", methodName)
        json.endObject()
    }
}

extension ParseError: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("source", source)
        json.field("message", message)
        json.endObject()
    }
}

extension GherkinDocument: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("uri", uri)
        json.field("feature", feature)
        json.field("comments", comments)
        json.endObject()
    }
}

extension Comment: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("text", text)
        json.endObject()
    }
}

extension Feature: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("tags", tags)
        json.field("language", language)
        // A Markdown document without a `# Feature:` heading has no keyword: the official parsers leave it out.
        if !keyword.isEmpty { json.field("keyword", keyword) }
        json.field("name", name)
        json.field("description", description)
        json.field("children", children)
        json.endObject()
    }
}

extension Rule: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("tags", tags)
        json.field("keyword", keyword)
        json.field("name", name)
        json.field("description", description)
        json.field("children", children)
        json.field("id", id)
        json.endObject()
    }
}

extension Background: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("keyword", keyword)
        json.field("name", name)
        json.field("description", description)
        json.field("steps", steps)
        json.field("id", id)
        json.endObject()
    }
}

extension Scenario: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("tags", tags)
        json.field("keyword", keyword)
        json.field("name", name)
        json.field("description", description)
        json.field("steps", steps)
        json.field("examples", examples)
        json.field("id", id)
        json.endObject()
    }
}

extension Examples: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("tags", tags)
        json.field("keyword", keyword)
        json.field("name", name)
        json.field("description", description)
        json.field("tableHeader", tableHeader)
        json.field("tableBody", tableBody)
        json.field("id", id)
        json.endObject()
    }
}

extension Step: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("keyword", keyword)
        json.field("keywordType", keywordType)
        json.field("text", text)
        json.field("docString", docString)
        json.field("dataTable", dataTable)
        json.field("id", id)
        json.endObject()
    }
}

extension GherkinDocString: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("mediaType", mediaType)
        json.field("content", content)
        json.field("delimiter", delimiter)
        json.endObject()
    }
}

extension GherkinDataTable: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("rows", rows)
        json.endObject()
    }
}

extension TableRow: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("cells", cells)
        json.field("id", id)
        json.endObject()
    }
}

extension TableCell: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("value", value)
        json.endObject()
    }
}

extension Tag: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("location", location)
        json.field("name", name)
        json.field("id", id)
        json.endObject()
    }
}

extension Pickle: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", id)
        json.field("uri", uri)
        json.field("location", location)
        json.field("name", name)
        json.field("language", language)
        json.field("steps", steps)
        json.field("tags", tags)
        json.field("astNodeIds", astNodeIds)
        json.endObject()
    }
}

extension PickleStep: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("argument", argument)
        json.field("astNodeIds", astNodeIds)
        json.field("id", id)
        json.field("type", type)
        json.field("text", text)
        json.endObject()
    }
}

extension PickleDocString: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("argumentIndex", argumentIndex)
        json.field("mediaType", mediaType)
        json.field("content", content)
        json.endObject()
    }
}

extension PickleTable: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("argumentIndex", argumentIndex)
        json.field("rows", rows)
        json.endObject()
    }
}

extension PickleTableRow: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("cells", cells)
        json.endObject()
    }
}

extension PickleTableCell: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("value", value)
        json.endObject()
    }
}

extension PickleTag: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("name", name)
        json.field("astNodeId", astNodeId)
        json.endObject()
    }
}

extension Timestamp: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("seconds", seconds)
        json.field("nanos", nanos)
        json.endObject()
    }
}

extension MessageDuration: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("seconds", seconds)
        json.field("nanos", nanos)
        json.endObject()
    }
}

extension TestStepResult: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("duration", duration)
        json.field("message", message)
        json.field("status", status)
        json.field("exception", exception)
        json.endObject()
    }
}

extension Exception: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("type", type)
        json.field("message", message)
        json.field("stackTrace", stackTrace)
        json.endObject()
    }
}

extension Attachment: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("body", body)
        json.field("contentEncoding", contentEncoding)
        json.field("fileName", fileName)
        json.field("mediaType", mediaType)
        json.field("source", source)
        json.field("testCaseStartedId", testCaseStartedId)
        json.field("testStepId", testStepId)
        json.field("url", url)
        json.field("testRunStartedId", testRunStartedId)
        json.field("testRunHookStartedId", testRunHookStartedId)
        json.field("timestamp", timestamp)
        json.endObject()
    }
}

extension ExternalAttachment: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("url", url)
        json.field("mediaType", mediaType)
        json.field("testCaseStartedId", testCaseStartedId)
        json.field("testStepId", testStepId)
        json.field("testRunHookStartedId", testRunHookStartedId)
        json.field("timestamp", timestamp)
        json.endObject()
    }
}

extension Hook: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", id)
        json.field("name", name)
        json.field("sourceReference", sourceReference)
        json.field("tagExpression", tagExpression)
        json.field("type", type)
        json.endObject()
    }
}

extension StepDefinition: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", id)
        json.field("pattern", pattern)
        json.field("sourceReference", sourceReference)
        json.endObject()
    }
}

extension StepDefinitionPattern: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("source", source)
        json.field("type", type)
        json.endObject()
    }
}

extension ParameterType: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("name", name)
        json.field("regularExpressions", regularExpressions)
        json.field("preferForRegularExpressionMatch", preferForRegularExpressionMatch)
        json.field("useForSnippets", useForSnippets)
        json.field("id", id)
        json.field("sourceReference", sourceReference)
        json.endObject()
    }
}

extension UndefinedParameterType: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("expression", expression)
        json.field("name", name)
        json.endObject()
    }
}

extension Suggestion: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", id)
        json.field("pickleStepId", pickleStepId)
        json.field("snippets", snippets)
        json.endObject()
    }
}

extension Snippet: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("language", language)
        json.field("code", code)
        json.endObject()
    }
}

extension Meta: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("protocolVersion", protocolVersion)
        json.field("implementation", implementation)
        json.field("runtime", runtime)
        json.field("os", os)
        json.field("cpu", cpu)
        json.field("ci", ci)
        json.endObject()
    }
}

extension Product: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("name", name)
        json.field("version", version)
        json.endObject()
    }
}

extension Ci: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("name", name)
        json.field("url", url)
        json.field("buildNumber", buildNumber)
        json.field("git", git)
        json.endObject()
    }
}

extension Git: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("remote", remote)
        json.field("revision", revision)
        json.field("branch", branch)
        json.field("tag", tag)
        json.endObject()
    }
}

extension TestCase: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", id)
        json.field("pickleId", pickleId)
        json.field("testSteps", testSteps)
        json.field("testRunStartedId", testRunStartedId)
        json.endObject()
    }
}

extension TestStep: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("hookId", hookId)
        json.field("id", id)
        json.field("pickleStepId", pickleStepId)
        json.field("stepDefinitionIds", stepDefinitionIds)
        json.field("stepMatchArgumentsLists", stepMatchArgumentsLists)
        json.endObject()
    }
}

extension StepMatchArgumentsList: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("stepMatchArguments", stepMatchArguments)
        json.endObject()
    }
}

extension StepMatchArgument: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("group", group)
        json.field("parameterTypeName", parameterTypeName)
        json.endObject()
    }
}

extension Group: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("children", children)
        json.field("start", start)
        json.field("value", value)
        json.endObject()
    }
}

extension TestRunStarted: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("timestamp", timestamp)
        json.field("id", id)
        json.endObject()
    }
}

extension TestRunFinished: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("message", message)
        json.field("success", success)
        json.field("timestamp", timestamp)
        json.field("exception", exception)
        json.field("testRunStartedId", testRunStartedId)
        json.endObject()
    }
}

extension TestCaseStarted: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("attempt", attempt)
        json.field("id", id)
        json.field("testCaseId", testCaseId)
        json.field("workerId", workerId)
        json.field("timestamp", timestamp)
        json.endObject()
    }
}

extension TestCaseFinished: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("testCaseStartedId", testCaseStartedId)
        json.field("timestamp", timestamp)
        json.field("willBeRetried", willBeRetried)
        json.endObject()
    }
}

extension TestStepStarted: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("testCaseStartedId", testCaseStartedId)
        json.field("testStepId", testStepId)
        json.field("timestamp", timestamp)
        json.endObject()
    }
}

extension TestStepFinished: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("testCaseStartedId", testCaseStartedId)
        json.field("testStepId", testStepId)
        json.field("testStepResult", testStepResult)
        json.field("timestamp", timestamp)
        json.endObject()
    }
}

extension TestRunHookStarted: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("id", id)
        json.field("testRunStartedId", testRunStartedId)
        json.field("hookId", hookId)
        json.field("workerId", workerId)
        json.field("timestamp", timestamp)
        json.endObject()
    }
}

extension TestRunHookFinished: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("testRunHookStartedId", testRunHookStartedId)
        json.field("result", result)
        json.field("timestamp", timestamp)
        json.endObject()
    }
}

extension SourceMediaType: JSONWritable {
    /// Writes the raw value as a JSON string.
    public func write(to json: inout JSONWriter) {
        json.string(rawValue)
    }
}

extension StepKeywordType: JSONWritable {
    /// Writes the raw value as a JSON string.
    public func write(to json: inout JSONWriter) {
        json.string(rawValue)
    }
}

extension PickleStepType: JSONWritable {
    /// Writes the raw value as a JSON string.
    public func write(to json: inout JSONWriter) {
        json.string(rawValue)
    }
}

extension TestStepResultStatus: JSONWritable {
    /// Writes the raw value as a JSON string.
    public func write(to json: inout JSONWriter) {
        json.string(rawValue)
    }
}

extension AttachmentContentEncoding: JSONWritable {
    /// Writes the raw value as a JSON string.
    public func write(to json: inout JSONWriter) {
        json.string(rawValue)
    }
}

extension HookType: JSONWritable {
    /// Writes the raw value as a JSON string.
    public func write(to json: inout JSONWriter) {
        json.string(rawValue)
    }
}

extension StepDefinitionPatternType: JSONWritable {
    /// Writes the raw value as a JSON string.
    public func write(to json: inout JSONWriter) {
        json.string(rawValue)
    }
}
extension FeatureChild: JSONWritable {
    /// Writes the child as a single-key JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        switch self {
        case .rule(let value): json.field("rule", value)
        case .background(let value): json.field("background", value)
        case .scenario(let value): json.field("scenario", value)
        }
        json.endObject()
    }
}

extension RuleChild: JSONWritable {
    /// Writes the child as a single-key JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        switch self {
        case .background(let value): json.field("background", value)
        case .scenario(let value): json.field("scenario", value)
        }
        json.endObject()
    }
}

extension PickleStepArgument: JSONWritable {
    /// Writes the argument as a JSON object with a `docString` and/or a `dataTable` member.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        switch self {
        case .docString(let docString):
            json.field("docString", docString)
        case .dataTable(let dataTable):
            json.field("dataTable", dataTable)
        case .docStringAndDataTable(let docString, let dataTable):
            json.field("docString", docString)
            json.field("dataTable", dataTable)
        }
        json.endObject()
    }
}

extension Envelope: JSONWritable {
    /// Writes the envelope as a single-key JSON object such as `{"pickle":{...}}`.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        switch self {
        case .attachment(let value): json.field("attachment", value)
        case .externalAttachment(let value): json.field("externalAttachment", value)
        case .gherkinDocument(let value): json.field("gherkinDocument", value)
        case .hook(let value): json.field("hook", value)
        case .meta(let value): json.field("meta", value)
        case .parameterType(let value): json.field("parameterType", value)
        case .parseError(let value): json.field("parseError", value)
        case .pickle(let value): json.field("pickle", value)
        case .suggestion(let value): json.field("suggestion", value)
        case .source(let value): json.field("source", value)
        case .stepDefinition(let value): json.field("stepDefinition", value)
        case .testCase(let value): json.field("testCase", value)
        case .testCaseFinished(let value): json.field("testCaseFinished", value)
        case .testCaseStarted(let value): json.field("testCaseStarted", value)
        case .testRunFinished(let value): json.field("testRunFinished", value)
        case .testRunStarted(let value): json.field("testRunStarted", value)
        case .testStepFinished(let value): json.field("testStepFinished", value)
        case .testStepStarted(let value): json.field("testStepStarted", value)
        case .testRunHookStarted(let value): json.field("testRunHookStarted", value)
        case .testRunHookFinished(let value): json.field("testRunHookFinished", value)
        case .undefinedParameterType(let value): json.field("undefinedParameterType", value)
        }
        json.endObject()
    }
}
