import Foundation
import Messages
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("NDJSON writing")
struct NDJSONWriterTests {
    static let envelopes: [Envelope] = (0..<50).map { index in
        .testRunStarted(TestRunStarted(timestamp: Timestamp(seconds: index, nanos: 0), id: "run-\(index)"))
    }

    static var expectedText: String {
        envelopes.map { $0.jsonLine() + "\n" }.joined()
    }

    func temporaryURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ndjson-writer-\(UUID().uuidString).ndjson")
    }

    @Test("writes one line per envelope, each ending in a newline")
    func writesOneLinePerEnvelope() throws {
        var writer = NDJSONWriter()
        try writer.write(contentsOf: Self.envelopes.prefix(2))
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"{"testRunStarted":{"timestamp":{"seconds":0,"nanos":0},"id":"run-0"}}"# + "\n"
                + #"{"testRunStarted":{"timestamp":{"seconds":1,"nanos":0},"id":"run-1"}}"# + "\n"
        )
    }

    @Test("encode gives the same bytes as an in-memory writer")
    func encodeGivesTheSameBytesAsAWriter() throws {
        var writer = NDJSONWriter()
        try writer.write(contentsOf: Self.envelopes)
        #expect(NDJSONWriter.encode(Self.envelopes) == writer.bytes)
        #expect(writer.takeBytes() == Array(Self.expectedText.utf8))
        #expect(writer.bytes.isEmpty)
    }

    @Test("writes to a file descriptor in chunks and on flush, losing nothing", arguments: [1, 100, 1 << 20])
    func writesToAFileDescriptor(flushThreshold: Int) throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }

        var writer = NDJSONWriter(fileDescriptor: descriptor, name: url.path, flushThreshold: flushThreshold)
        try writer.write(contentsOf: Self.envelopes)
        if flushThreshold == 1 { #expect(writer.bytes.isEmpty) }
        if flushThreshold == 1 << 20 { #expect(try Data(contentsOf: url).isEmpty) }
        try writer.flush()

        #expect(writer.bytes.isEmpty)
        #expect(String(decoding: try Data(contentsOf: url), as: UTF8.self) == Self.expectedText)
    }

    @Test("writes to a file handle")
    func writesToAFileHandle() throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data().write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        var writer = NDJSONWriter(fileHandle: handle, name: url.path, flushThreshold: 64)
        try writer.write(contentsOf: Self.envelopes)
        try writer.flush()
        try handle.close()
        #expect(String(decoding: try Data(contentsOf: url), as: UTF8.self) == Self.expectedText)
    }

    @Test("a failing output is an error naming the destination")
    func failingOutputIsAnErrorNamingTheDestination() throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data().write(to: url)
        let readOnly = open(url.path, O_RDONLY)
        try #require(readOnly >= 0)
        defer { close(readOnly) }

        var writer = NDJSONWriter(fileDescriptor: readOnly, name: "report.ndjson")
        try writer.write(Self.envelopes[0])
        #expect {
            try writer.flush()
        } throws: { error in
            (error as? NDJSONWriteError)?.description.hasPrefix("cannot write messages to report.ndjson: ") == true
        }
    }

    @Test("the file written is read back into the same envelopes")
    func fileWrittenIsReadBack() async throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(NDJSONWriter.encode(Self.envelopes)).write(to: url)
        #expect(try await NDJSONReader().read(contentsOf: url).envelopes == Self.envelopes)
    }
}
