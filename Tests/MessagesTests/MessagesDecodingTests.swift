import Foundation
import Messages
import TestSupport
import Testing

@Suite("Messages decoding")
struct MessagesDecodingTests {

    @Test(
        "every conformance NDJSON line decodes into an envelope",
        .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"),
        arguments: Conformance.ndjsonFiles
    )
    func everyConformanceLineDecodes(file: String) throws {
        let text = String(decoding: try Conformance.data(file), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        for (index, line) in lines.enumerated() {
            do {
                _ = try JSONDecoder().decode(Envelope.self, from: Data(line.utf8))
            } catch {
                Issue.record("\(file):\(index + 1): \(error)")
            }
        }
    }

    @Test("a pickle step with both a doc string and a data table keeps both")
    func pickleStepWithBothArgumentsKeepsBoth() throws {
        let json = #"{"docString":{"argumentIndex":2,"content":"hi"},"dataTable":{"argumentIndex":1,"rows":[]}}"#
        let argument = try JSONDecoder().decode(PickleStepArgument.self, from: Data(json.utf8))
        #expect(
            argument
                == .docStringAndDataTable(.init(argumentIndex: 2, content: "hi"), .init(argumentIndex: 1, rows: [])))
    }

    @Test("an unknown envelope type is an error naming the type")
    func unknownEnvelopeTypeIsAnErrorNamingTheType() {
        #expect(throws: EnvelopeDecodingError.unknownType(key: "futureThing")) {
            try JSONDecoder().decode(Envelope.self, from: Data(#"{"futureThing":{}}"#.utf8))
        }
    }

    @Test("incrementing ids count up from zero as strings")
    func incrementingIdsCountUpFromZero() {
        var ids = IncrementingIdGenerator()
        #expect([ids.next(), ids.next(), ids.next()] == ["0", "1", "2"])
    }

    @Test("UUID ids are distinct lowercase UUIDs")
    func uuidIdsAreDistinctLowercaseUUIDs() {
        var ids = UUIDIdGenerator()
        let first = ids.next()
        let second = ids.next()
        #expect(first != second)
        #expect(UUID(uuidString: first) != nil)
        #expect(first == first.lowercased())
    }
}
