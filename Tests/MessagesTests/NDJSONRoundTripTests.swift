import Foundation
import Messages
import TestSupport
import Testing

@Suite("NDJSON round trip of the conformance data")
struct NDJSONRoundTripTests {
    @Test(
        "decoding and rewriting every line gives the same JSON values",
        .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"),
        arguments: Conformance.ndjsonFiles
    )
    func decodingAndRewritingGivesTheSameJSONValues(file: String) throws {
        let original = try Conformance.data(file)
        let contents = try NDJSONReader().read(original, file: file)
        #expect(contents.warnings.isEmpty)

        let rewritten = NDJSONWriter.encode(contents.envelopes)

        let expected = try JSONValue.parseLines(original)
        let actual = try JSONValue.parseLines(Data(rewritten))
        try #require(actual.count == expected.count)
        for (index, (actualLine, expectedLine)) in zip(actual, expected).enumerated() where actualLine != expectedLine {
            Issue.record("\(file): envelope \(index + 1) differs:\nexpected \(expectedLine)\n  actual \(actualLine)")
        }
    }

    @Test(
        "the writer's output decodes back into the same envelopes",
        .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"),
        arguments: Conformance.ndjsonFiles
    )
    func writerOutputDecodesBackIntoTheSameEnvelopes(file: String) throws {
        let envelopes = try NDJSONReader().read(try Conformance.data(file), file: file).envelopes
        let reread = try NDJSONReader().read(Data(NDJSONWriter.encode(envelopes))).envelopes
        #expect(reread == envelopes)
    }

    @Test(
        "the writer agrees with JSONEncoder on every envelope",
        .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"),
        arguments: Conformance.ndjsonFiles.filter { $0.hasPrefix("cck/") }
    )
    func writerAgreesWithJSONEncoder(file: String) throws {
        let envelopes = try NDJSONReader().read(try Conformance.data(file), file: file).envelopes
        let encoder = JSONEncoder()
        for envelope in envelopes {
            let viaEncoder = try JSONValue(parsing: try encoder.encode(envelope))
            let viaWriter = try JSONValue(parsing: envelope.jsonBytes())
            #expect(viaWriter == viaEncoder, "\(envelope.typeName)")
        }
    }
}
