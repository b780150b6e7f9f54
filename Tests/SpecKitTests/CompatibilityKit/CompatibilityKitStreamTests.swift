import Foundation
import TestSupport
import Testing

/// The normalisation the Compatibility Kit runs rely on: it must hide only what `CompatibilityKitStream` says.
struct CompatibilityKitStreamTests {
    static func envelopes(_ lines: String...) throws -> [ConformanceValue] {
        try lines.map { try ConformanceValue(parsing: Data($0.utf8)) }
    }

    @Test("ids are renumbered by first appearance, so streams that differ only in ids are equal")
    func idsRenumbered() throws {
        let official = try Self.envelopes(
            #"{"pickle":{"id":"3","astNodeIds":["1"]}}"#, #"{"testCase":{"id":"6","pickleId":"3"}}"#)
        let ours = try Self.envelopes(
            #"{"pickle":{"id":"b","astNodeIds":["a"]}}"#, #"{"testCase":{"id":"c","pickleId":"b"}}"#)
        #expect(CompatibilityKitStream.normalised(official) == CompatibilityKitStream.normalised(ours))
    }

    @Test("a reference to another id than the sample's is a difference")
    func wrongReferenceDiffers() throws {
        let official = try Self.envelopes(
            #"{"pickle":{"id":"3","astNodeIds":["1"]}}"#, #"{"testCase":{"id":"6","pickleId":"3"}}"#)
        let ours = try Self.envelopes(
            #"{"pickle":{"id":"3","astNodeIds":["1"]}}"#, #"{"testCase":{"id":"6","pickleId":"1"}}"#)
        let differences = CompatibilityKitStream.differences(
            actual: CompatibilityKitStream.normalised(ours), expected: CompatibilityKitStream.normalised(official))
        #expect(differences.contains("envelope 2, at .testCase.pickleId:"))
    }

    @Test("times, uris, source references and stack traces are normalised; messages and types are not")
    func normalisedFields() throws {
        let official = try Self.envelopes(
            #"{"testStepFinished":{"timestamp":{"seconds":0,"nanos":1},"testStepResult":{"status":"FAILED","#
                + #""message":"whoops","exception":{"type":"Error","message":"whoops","stackTrace":"at x.ts:3"}}}}"#,
            #"{"hook":{"id":"1","sourceReference":{"uri":"samples/hooks/hooks.ts","location":{"line":3}}}}"#)
        let ours = try Self.envelopes(
            #"{"testStepFinished":{"timestamp":{"seconds":9,"nanos":0},"testStepResult":{"status":"FAILED","#
                + #""message":"whoops","exception":{"type":"Error","message":"whoops"}}}}"#,
            #"{"hook":{"id":"1","sourceReference":{"uri":"SpecKitTests/Steps.swift","location":{"line":40}}}}"#)
        #expect(CompatibilityKitStream.normalised(official) == CompatibilityKitStream.normalised(ours))

        let otherType = try Self.envelopes(
            #"{"testStepFinished":{"timestamp":{"seconds":9,"nanos":0},"testStepResult":{"status":"FAILED","#
                + #""message":"whoops","exception":{"type":"StepFailure","message":"whoops"}}}}"#)
        #expect(
            CompatibilityKitStream.normalised(otherType).first != CompatibilityKitStream.normalised(official).first)
    }

    @Test("TypeScript and Swift snippets compare by keyword, expression and parameter names")
    func snippets() {
        let typeScript = CompatibilityKitStream.snippet(
            .object(["code": .string("Given(\"a list of {int} things\", (int: number) => {\n  return \"pending\"\n})")])
        )
        let swift = CompatibilityKitStream.snippet(
            .object([
                "code": .string(
                    "steps.given(\"a list of {int} things\") { (world, int: Int) in\n    throw Pending()\n}")
            ]))
        #expect(typeScript == .string("given: a list of {int} things (int)"))
        #expect(swift == .string("given: a list of {int} things (int)"))
    }
}
