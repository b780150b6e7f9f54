/// Points to a source (by `uri`, a Java method or a Java stack trace element) and a location in it.
public struct SourceReference: Sendable, Hashable, Codable {
    /// The URI of the source file.
    public var uri: String?
    /// A Java method, for JVM implementations.
    public var javaMethod: JavaMethod?
    /// A Java stack trace element, for JVM implementations.
    public var javaStackTraceElement: JavaStackTraceElement?
    /// The location within the source.
    public var location: Location?

    /// Creates a source reference.
    public init(
        uri: String? = nil,
        javaMethod: JavaMethod? = nil,
        javaStackTraceElement: JavaStackTraceElement? = nil,
        location: Location? = nil
    ) {
        self.uri = uri
        self.javaMethod = javaMethod
        self.javaStackTraceElement = javaStackTraceElement
        self.location = location
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

/// A Java method, as referenced by a `SourceReference`.
public struct JavaMethod: Sendable, Hashable, Codable {
    /// The fully qualified class name.
    public var className: String
    /// The method name.
    public var methodName: String
    /// The parameter types of the method.
    public var methodParameterTypes: [String]

    /// Creates a Java method reference.
    public init(className: String, methodName: String, methodParameterTypes: [String]) {
        self.className = className
        self.methodName = methodName
        self.methodParameterTypes = methodParameterTypes
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

/// A Java stack trace element, as referenced by a `SourceReference`.
public struct JavaStackTraceElement: Sendable, Hashable, Codable {
    /// The fully qualified class name.
    public var className: String
    /// The source file name.
    public var fileName: String
    /// The method name.
    public var methodName: String

    /// Creates a Java stack trace element reference.
    public init(className: String, fileName: String, methodName: String) {
        self.className = className
        self.fileName = fileName
        self.methodName = methodName
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
