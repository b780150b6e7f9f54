import Foundation
import Messages
import TestSupport
import Testing

/// `meta.protocolVersion` says which schema the stream follows: the one in `../shared/conformance/messages`.
@Suite struct ProtocolVersionTests {
    /// The `major.minor` of a Cucumber Messages schema, told by what each release changed in it (cucumber/messages'
    /// CHANGELOG): 34.0 added `argumentIndex` to a pickle step's doc string and data table; 34.0.2 bounded it;
    /// 34.2 numbered it from 1. Older schemas (32.x, 33.x, which have `ExternalAttachment`) have none of it.
    static func version(of schema: JSONValue) -> String? {
        guard case .object(let definitions)? = schema["$defs"],
            let pickle = definitions["https://cucumber.io/schema/Pickle.schema.json"]
        else { return nil }
        guard let index = pickle["definitions"]?["PickleTable"]?["properties"]?["argumentIndex"] else {
            return definitions["https://cucumber.io/schema/ExternalAttachment.schema.json"] == nil ? nil : "33"
        }
        guard index["minimum"] != nil else { return "34.0" }
        if case .string(let description)? = index["description"], description.contains("The value is 1 if") {
            return "34.2"
        }
        return "34.1"
    }

    @Test(.enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"))
    func `the stream's protocol version is the version of the conformance schema`() throws {
        let schema = try JSONValue(parsing: Conformance.data("messages/messages.schema.json"))
        let version = try #require(Self.version(of: schema), "the schema's version could not be told")
        #expect(Meta.supportedProtocolVersion.hasPrefix(version + "."), "the schema is \(version).x")
        #expect(Meta.current(implementation: Product(name: "x")).protocolVersion == Meta.supportedProtocolVersion)
    }
}
