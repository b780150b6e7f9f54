import Foundation
import Messages
import Testing

@Suite("Envelopes")
struct EnvelopeTests {
    @Test("the samples cover every envelope type in schema order")
    func samplesCoverEveryEnvelopeType() {
        #expect(SampleEnvelopes.all.map(\.typeName) == Envelope.typeNames)
        #expect(Envelope.typeNames.count == 21)
    }

    @Test(
        "every envelope with every member set round-trips through the writer and JSONDecoder",
        arguments: SampleEnvelopes.all
    )
    func everyEnvelopeRoundTrips(envelope: Envelope) throws {
        let decoded = try JSONDecoder().decode(Envelope.self, from: Data(envelope.jsonBytes()))
        #expect(decoded == envelope)
    }

    @Test("the writer agrees with JSONEncoder on every envelope type", arguments: SampleEnvelopes.all)
    func writerAgreesWithJSONEncoder(envelope: Envelope) throws {
        let viaEncoder = try JSONValue(parsing: try JSONEncoder().encode(envelope))
        #expect(try JSONValue(parsing: envelope.jsonBytes()) == viaEncoder)
    }

    @Test("the JSON key of an envelope is its type name", arguments: SampleEnvelopes.all)
    func jsonKeyIsTheTypeName(envelope: Envelope) throws {
        guard case .object(let members) = try JSONValue(parsing: envelope.jsonBytes()) else {
            Issue.record("not an object")
            return
        }
        #expect(Array(members.keys) == [envelope.typeName])
    }

    @Test("a pickle step argument accessors return the doc string and the data table")
    func pickleStepArgumentAccessors() {
        let docString = PickleDocString(content: "x")
        let table = PickleTable(rows: [])
        #expect(PickleStepArgument.docString(docString).docString == docString)
        #expect(PickleStepArgument.docString(docString).dataTable == nil)
        #expect(PickleStepArgument.dataTable(table).dataTable == table)
        #expect(PickleStepArgument.dataTable(table).docString == nil)
        #expect(PickleStepArgument.docStringAndDataTable(docString, table).docString == docString)
        #expect(PickleStepArgument.docStringAndDataTable(docString, table).dataTable == table)
    }

    @Test(
        "a one-of child without exactly one known key is a decoding error",
        arguments: [
            #"{"gherkinDocument":{"comments":[],"feature":{"location":{"line":1},"tags":[],"language":"en","keyword":"F","name":"","description":"","children":[{}]}}}"#,
            #"{"pickle":{"id":"1","uri":"a","name":"","language":"en","steps":[{"argument":{},"astNodeIds":["1"],"id":"2","text":""}],"tags":[],"astNodeIds":["1"]}}"#,
        ]
    )
    func oneOfChildWithoutExactlyOneKeyIsAnError(line: String) {
        #expect(throws: NDJSONReadError.self) { try NDJSONReader().read(Data(line.utf8)) }
    }
}
