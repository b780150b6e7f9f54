/// Data attached to a test step, a test case or a test run hook (a log line, a screenshot, a link...).
///
/// In a file that also imports Swift Testing (which has its own `Attachment`), write `Messages.Attachment`.
public struct Attachment: Sendable, Hashable, Codable {
    /// The data: the text itself for `identity`, Base64 text for `base64`.
    public var body: String
    /// How to read `body`.
    public var contentEncoding: AttachmentContentEncoding
    /// The suggested file name, if the user gave one.
    public var fileName: String?
    /// The IANA media type of the data, e.g. `text/plain` or `image/png`.
    public var mediaType: String
    /// Deprecated by the protocol: the source the attachment relates to.
    public var source: Source?
    /// The test case attempt during which the attachment was made, if any.
    public var testCaseStartedId: String?
    /// The test step during which the attachment was made, if any.
    public var testStepId: String?
    /// Deprecated by the protocol (use `ExternalAttachment`): where the data can be fetched.
    public var url: String?
    /// Deprecated by the protocol and unused: set `testRunHookStartedId` instead.
    public var testRunStartedId: String?
    /// The test run hook execution during which the attachment was made, if any.
    public var testRunHookStartedId: String?
    /// When the attachment was made.
    public var timestamp: Timestamp?

    /// Creates an attachment.
    public init(
        body: String,
        contentEncoding: AttachmentContentEncoding,
        fileName: String? = nil,
        mediaType: String,
        source: Source? = nil,
        testCaseStartedId: String? = nil,
        testStepId: String? = nil,
        url: String? = nil,
        testRunStartedId: String? = nil,
        testRunHookStartedId: String? = nil,
        timestamp: Timestamp? = nil
    ) {
        self.body = body
        self.contentEncoding = contentEncoding
        self.fileName = fileName
        self.mediaType = mediaType
        self.source = source
        self.testCaseStartedId = testCaseStartedId
        self.testStepId = testStepId
        self.url = url
        self.testRunStartedId = testRunStartedId
        self.testRunHookStartedId = testRunHookStartedId
        self.timestamp = timestamp
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

/// How the `body` of an `Attachment` is encoded.
public enum AttachmentContentEncoding: String, Sendable, Hashable, Codable, CaseIterable {
    /// The body is the text itself.
    case identity = "IDENTITY"
    /// The body is Base64-encoded bytes.
    case base64 = "BASE64"
}

extension AttachmentContentEncoding: JSONWritable {
    /// Writes the raw value as a JSON string.
    public func write(to json: inout JSONWriter) {
        json.string(rawValue)
    }
}

/// An attachment stored outside the message stream (e.g. a large video file), referenced by URL.
public struct ExternalAttachment: Sendable, Hashable, Codable {
    /// Where the data can be fetched, e.g. a `file://` or `https://` URL.
    public var url: String
    /// The IANA media type of the data.
    public var mediaType: String
    /// The test case attempt during which the attachment was made, if any.
    public var testCaseStartedId: String?
    /// The test step during which the attachment was made, if any.
    public var testStepId: String?
    /// The test run hook execution during which the attachment was made, if any.
    public var testRunHookStartedId: String?
    /// When the attachment was made.
    public var timestamp: Timestamp?

    /// Creates an external attachment.
    public init(
        url: String,
        mediaType: String,
        testCaseStartedId: String? = nil,
        testStepId: String? = nil,
        testRunHookStartedId: String? = nil,
        timestamp: Timestamp? = nil
    ) {
        self.url = url
        self.mediaType = mediaType
        self.testCaseStartedId = testCaseStartedId
        self.testStepId = testStepId
        self.testRunHookStartedId = testRunHookStartedId
        self.timestamp = timestamp
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
