import Messages

/// One envelope of every type, with every optional member set, for tests of fields the conformance data lacks.
enum SampleEnvelopes {
    static let timestamp = Timestamp(seconds: 1_700_000_000, nanos: 123_456_789)
    static let location = Location(line: 3, column: 5)
    static let sourceReference = SourceReference(
        uri: "Sources/Steps.swift",
        javaMethod: JavaMethod(className: "Steps", methodName: "given", methodParameterTypes: ["int", "String"]),
        javaStackTraceElement: JavaStackTraceElement(className: "Steps", fileName: "Steps.java", methodName: "given"),
        location: location
    )
    static let source = Source(uri: "a.feature", data: "Feature: A\n", mediaType: .gherkinMarkdown)
    static let exception = Exception(type: "StepFailure", message: "expected 1, got 2", stackTrace: "at a.feature:3")
    static let result = TestStepResult(
        duration: MessageDuration(seconds: 1, nanos: 5),
        message: "expected 1, got 2",
        status: .failed,
        exception: exception
    )

    static let gherkinDocument = GherkinDocument(
        uri: "a.feature",
        feature: Feature(
            location: Location(line: 2, column: 1),
            tags: [Tag(location: Location(line: 1, column: 1), name: "@wip", id: "0")],
            language: "en",
            keyword: "Feature",
            name: "A",
            description: "  about A",
            children: [
                .background(
                    Background(location: location, keyword: "Background", name: "", description: "", steps: [], id: "1")
                ),
                .rule(
                    Rule(
                        location: location,
                        tags: [],
                        keyword: "Rule",
                        name: "R",
                        description: "",
                        children: [
                            .background(
                                Background(
                                    location: location, keyword: "Background", name: "b", description: "", steps: [],
                                    id: "2")
                            ),
                            .scenario(
                                Scenario(
                                    location: location,
                                    tags: [],
                                    keyword: "Scenario Outline",
                                    name: "S <x>",
                                    description: "",
                                    steps: [
                                        Step(
                                            location: location,
                                            keyword: "Given ",
                                            keywordType: .context,
                                            text: "a <x>",
                                            docString: GherkinDocString(
                                                location: location, mediaType: "json", content: "{}", delimiter: "```"),
                                            dataTable: GherkinDataTable(
                                                location: location,
                                                rows: [
                                                    TableRow(
                                                        location: location,
                                                        cells: [TableCell(location: location, value: "v")], id: "3")
                                                ]
                                            ),
                                            id: "4"
                                        )
                                    ],
                                    examples: [
                                        Examples(
                                            location: location,
                                            tags: [],
                                            keyword: "Examples",
                                            name: "",
                                            description: "",
                                            tableHeader: TableRow(
                                                location: location, cells: [TableCell(location: location, value: "x")],
                                                id: "5"),
                                            tableBody: [],
                                            id: "6"
                                        )
                                    ],
                                    id: "7"
                                )
                            ),
                        ],
                        id: "8"
                    )
                ),
            ]
        ),
        comments: [Comment(location: location, text: "# note")]
    )

    static let pickle = Pickle(
        id: "9",
        uri: "a.feature",
        location: location,
        name: "S 1",
        language: "en",
        steps: [
            PickleStep(
                argument: .docStringAndDataTable(
                    PickleDocString(argumentIndex: 2, mediaType: "json", content: "{}"),
                    PickleTable(argumentIndex: 1, rows: [PickleTableRow(cells: [PickleTableCell(value: "v")])])
                ),
                astNodeIds: ["4"],
                id: "10",
                type: .context,
                text: "a 1"
            )
        ],
        tags: [PickleTag(name: "@wip", astNodeId: "0")],
        astNodeIds: ["7"]
    )

    static let all: [Envelope] = [
        .attachment(
            Attachment(
                body: "aGk=",
                contentEncoding: .base64,
                fileName: "hi.txt",
                mediaType: "text/plain",
                source: source,
                testCaseStartedId: "20",
                testStepId: "21",
                url: "file:///tmp/hi.txt",
                testRunStartedId: "22",
                testRunHookStartedId: "23",
                timestamp: timestamp
            )
        ),
        .externalAttachment(
            ExternalAttachment(
                url: "file:///tmp/video.mp4",
                mediaType: "video/mp4",
                testCaseStartedId: "20",
                testStepId: "21",
                testRunHookStartedId: "23",
                timestamp: timestamp
            )
        ),
        .gherkinDocument(gherkinDocument),
        .hook(
            Hook(id: "11", name: "reset", sourceReference: sourceReference, tagExpression: "@db", type: .beforeTestCase)
        ),
        .meta(
            Meta(
                protocolVersion: "32.0.0",
                implementation: Product(name: "feed-specs", version: "0.1.0"),
                runtime: Product(name: "Swift", version: "6.3"),
                os: Product(name: "linux", version: "6.8.0"),
                cpu: Product(name: "x86_64"),
                ci: Ci(
                    name: "GitHub Actions",
                    url: "https://example.com/runs/1",
                    buildNumber: "1",
                    git: Git(remote: "https://example.com/repo.git", revision: "abc123", branch: "main", tag: "v1")
                )
            )
        ),
        .parameterType(
            ParameterType(
                name: "color",
                regularExpressions: ["red|blue"],
                preferForRegularExpressionMatch: true,
                useForSnippets: false,
                id: "12",
                sourceReference: sourceReference
            )
        ),
        .parseError(
            ParseError(source: SourceReference(uri: "bad.feature", location: location), message: "(3:5): oops")),
        .pickle(pickle),
        .suggestion(
            Suggestion(
                id: "13", pickleStepId: "10", snippets: [Snippet(language: "swift", code: "steps.given(\"a 1\") {}")])),
        .source(source),
        .stepDefinition(
            StepDefinition(
                id: "14",
                pattern: StepDefinitionPattern(source: "a {int}", type: .cucumberExpression),
                sourceReference: sourceReference
            )
        ),
        .testCase(
            TestCase(
                id: "15",
                pickleId: "9",
                testSteps: [
                    TestStep(hookId: "11", id: "16"),
                    TestStep(
                        id: "17",
                        pickleStepId: "10",
                        stepDefinitionIds: ["14"],
                        stepMatchArgumentsLists: [
                            StepMatchArgumentsList(stepMatchArguments: [
                                StepMatchArgument(
                                    group: Group(
                                        children: [Group(start: 2, value: "1"), Group()], start: 2, value: "1"),
                                    parameterTypeName: "int"
                                )
                            ])
                        ]
                    ),
                ],
                testRunStartedId: "18"
            )
        ),
        .testCaseFinished(TestCaseFinished(testCaseStartedId: "20", timestamp: timestamp, willBeRetried: true)),
        .testCaseStarted(TestCaseStarted(attempt: 1, id: "20", testCaseId: "15", workerId: "w1", timestamp: timestamp)),
        .testRunFinished(
            TestRunFinished(
                message: "failed", success: false, timestamp: timestamp, exception: exception, testRunStartedId: "18")
        ),
        .testRunStarted(TestRunStarted(timestamp: timestamp, id: "18")),
        .testStepFinished(
            TestStepFinished(testCaseStartedId: "20", testStepId: "17", testStepResult: result, timestamp: timestamp)),
        .testStepStarted(TestStepStarted(testCaseStartedId: "20", testStepId: "17", timestamp: timestamp)),
        .testRunHookStarted(
            TestRunHookStarted(id: "23", testRunStartedId: "18", hookId: "11", workerId: "w1", timestamp: timestamp)),
        .testRunHookFinished(TestRunHookFinished(testRunHookStartedId: "23", result: result, timestamp: timestamp)),
        .undefinedParameterType(UndefinedParameterType(expression: "a {airport}", name: "airport")),
    ]
}
