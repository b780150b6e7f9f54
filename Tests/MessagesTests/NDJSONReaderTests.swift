import Foundation
import Messages
import Testing

@Suite("NDJSON reading")
struct NDJSONReaderTests {
    static let sourceLine =
        #"{"source":{"uri":"a.feature","data":"Feature: A\n","mediaType":"text/x.cucumber.gherkin+plain"}}"#
    static let metaLine =
        #"{"meta":{"protocolVersion":"32.0.0","implementation":{"name":"x"},"runtime":{"name":"Swift"},"#
        + #""os":{"name":"linux"},"cpu":{"name":"x86_64"}}}"#

    func read(_ text: String, file: String? = "stream.ndjson", skipping: Bool = false) throws -> NDJSONContents {
        try NDJSONReader(skipsUnknownEnvelopeTypes: skipping).read(Data(text.utf8), file: file)
    }

    func readError(_ text: String, file: String? = "stream.ndjson") -> NDJSONReadError? {
        #expect(throws: NDJSONReadError.self) { try read(text, file: file) }
    }

    @Test("reads one envelope per line, ignoring blank lines and CRLF endings")
    func readsOneEnvelopePerLine() throws {
        let contents = try read(Self.sourceLine + "\r\n\n   \n" + Self.metaLine)
        #expect(contents.envelopes.map(\.typeName) == ["source", "meta"])
        #expect(contents.warnings.isEmpty)
    }

    @Test("empty input gives no envelopes")
    func emptyInputGivesNoEnvelopes() throws {
        #expect(try read("").envelopes.isEmpty)
        #expect(try read("\n\n").envelopes.isEmpty)
    }

    @Test("a malformed JSON line is an error naming the file and the line")
    func malformedJSONLineIsAnErrorNamingFileAndLine() throws {
        let error = try #require(readError(Self.sourceLine + "\n\n" + #"{"source":{"uri": oops}}"#))
        #expect(error.file == "stream.ndjson")
        #expect(error.line == 3)
        #expect(error.description == "stream.ndjson:3: not valid JSON at column 19: expected a value, got 'o'")
    }

    @Test("a truncated line is an error naming the line")
    func truncatedLineIsAnError() throws {
        let error = try #require(readError(#"{"source":{"uri":"a""#, file: nil))
        #expect(error.line == 1)
        #expect(error.description.hasPrefix("line 1: not valid JSON"))
    }

    @Test("an unknown envelope type is an error naming the type and the line")
    func unknownEnvelopeTypeIsAnErrorNamingTypeAndLine() throws {
        let error = try #require(readError(Self.sourceLine + "\n" + #"{"testRunPaused":{"id":"1"}}"#))
        #expect(error.line == 2)
        #expect(error.description.contains("unknown envelope type \"testRunPaused\""))
    }

    @Test("an unknown envelope type is skipped with a warning when the reader skips them")
    func unknownEnvelopeTypeIsSkippedWithAWarning() throws {
        let contents = try read(#"{"testRunPaused":{"id":"1"}}"# + "\n" + Self.sourceLine, skipping: true)
        #expect(contents.envelopes.map(\.typeName) == ["source"])
        #expect(
            contents.warnings == [
                NDJSONWarning(
                    file: "stream.ndjson", line: 1, message: "skipped unknown envelope type \"testRunPaused\"")
            ]
        )
    }

    @Test("skipping unknown types still fails on malformed lines")
    func skippingStillFailsOnMalformedLines() throws {
        #expect(throws: NDJSONReadError.self) { try read("{", skipping: true) }
    }

    @Test("a missing required field is an error naming the field, its path and the line")
    func missingRequiredFieldIsAnErrorNamingFieldAndLine() throws {
        let line =
            #"{"pickle":{"id":"1","uri":"a","name":"n","language":"en","steps":[{"astNodeIds":[],"id":"2"}],"tags":[],"astNodeIds":[]}}"#
        let error = try #require(readError(Self.sourceLine + "\n" + line))
        #expect(error.line == 2)
        #expect(error.reason == #"missing required field "text" in pickle.steps[0]"#)
    }

    @Test("a value of the wrong type is an error naming its path and the line")
    func wrongTypeIsAnErrorNamingPathAndLine() throws {
        let error = try #require(readError(#"{"testRunStarted":{"timestamp":{"seconds":"soon","nanos":0}}}"#))
        #expect(error.line == 1)
        #expect(error.reason == "expected an integer at testRunStarted.timestamp.seconds")
    }

    @Test("an unknown enum value is an error naming its path and the line")
    func unknownEnumValueIsAnError() throws {
        let error = try #require(readError(#"{"source":{"uri":"a","data":"","mediaType":"text/plain"}}"#))
        #expect(error.line == 1)
        #expect(error.reason.hasPrefix("invalid value at source.mediaType"))
    }

    @Test(
        "an envelope without exactly one key is an error",
        arguments: [
            ("{}", "an envelope must have exactly one key (the message type), got an empty object"),
            (
                #"{"source":{"uri":"a","data":"","mediaType":"text/x.cucumber.gherkin+plain"},"meta":{}}"#,
                #"an envelope must have exactly one key (the message type), got 2: "meta", "source""#
            ),
        ]
    )
    func envelopeWithoutExactlyOneKeyIsAnError(line: String, reason: String) throws {
        let error = try #require(readError(line))
        #expect(error.reason == reason)
    }

    @Test("a line that is not an object is an error naming the line")
    func lineThatIsNotAnObjectIsAnError() throws {
        let error = try #require(readError(Self.sourceLine + "\n[1,2]"))
        #expect(error.line == 2)
    }

    @Test("unknown members inside a known message are ignored")
    func unknownMembersInsideKnownMessagesAreIgnored() throws {
        let contents = try read(#"{"testRunStarted":{"timestamp":{"seconds":1,"nanos":2},"futureField":[1]}}"#)
        #expect(contents.envelopes == [.testRunStarted(TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 2)))])
    }

    @Test("streaming stops at the first bad line after delivering the good ones")
    func streamingDeliversGoodLinesBeforeTheBadOne() throws {
        var seen: [String] = []
        #expect(throws: NDJSONReadError.self) {
            try NDJSONReader().forEachEnvelope(in: Data((Self.sourceLine + "\n" + Self.metaLine + "\nnope").utf8)) {
                seen.append($0.typeName)
            }
        }
        #expect(seen == ["source", "meta"])
    }

    @Test("reading a file names the file in errors")
    func readingAFileNamesTheFileInErrors() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("messages-\(UUID().uuidString).ndjson")
        try Data((Self.sourceLine + "\n{oops\n").utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        await #expect {
            try await NDJSONReader().read(contentsOf: url)
        } throws: { error in
            (error as? NDJSONReadError)?.description.hasPrefix("\(url.path):2: not valid JSON") == true
        }
    }

    @Test("reading a missing file is an error naming the path")
    func readingAMissingFileIsAnErrorNamingThePath() async throws {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/stream.ndjson")
        await #expect {
            try await NDJSONReader().read(contentsOf: url)
        } throws: { error in
            let error = error as? NDJSONReadError
            return error?.file == url.path && error?.line == nil
        }
    }
}
