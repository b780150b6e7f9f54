import Foundation

/// Information about the tool, runtime and machine that produced a message stream; the first message of a run.
public struct Meta: Sendable, Hashable, Codable {
    /// The semantic version of the Cucumber Messages protocol the stream follows.
    public var protocolVersion: String
    /// The tool that produced the stream, e.g. `feed-specs 0.1.0`.
    public var implementation: Product
    /// The language runtime, e.g. `Swift 6.3`.
    public var runtime: Product
    /// The operating system, e.g. `linux 6.8.0`.
    public var os: Product
    /// The processor architecture, e.g. `x86_64`.
    public var cpu: Product
    /// The continuous integration environment, if any.
    public var ci: Ci?

    /// Creates a meta message.
    public init(
        protocolVersion: String,
        implementation: Product,
        runtime: Product,
        os: Product,
        cpu: Product,
        ci: Ci? = nil
    ) {
        self.protocolVersion = protocolVersion
        self.implementation = implementation
        self.runtime = runtime
        self.os = os
        self.cpu = cpu
        self.ci = ci
    }

    /// The version of the Cucumber Messages schema the stream follows: 34.2 (a step may have both a doc string and a
    /// data table, ordered by `argumentIndex`, 1 or 2), whose last release is 34.2.1. A test pins it to the schema
    /// in `../shared/conformance/messages`.
    public static let supportedProtocolVersion = "34.2.1"

    /// A meta message for this process: the supported protocol version, `implementation`, the Swift runtime,
    /// this operating system and processor, and `ci` if given.
    ///
    /// The runtime is `Swift` with the compiler's language version (e.g. `6.3`); the OS is named as Node's
    /// `process.platform` does (`linux`, `darwin`, `windows`) with the kernel or system version; the CPU is
    /// named as Swift's `arch()` does (`x86_64`, `arm64`).
    public static func current(implementation: Product, ci: Ci? = nil) -> Meta {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return Meta(
            protocolVersion: supportedProtocolVersion,
            implementation: implementation,
            runtime: Product(name: "Swift", version: swiftLanguageVersion),
            os: Product(
                name: operatingSystemName,
                version: "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"
            ),
            cpu: Product(name: cpuName),
            ci: ci
        )
    }

    private static var swiftLanguageVersion: String {
        #if compiler(>=7.0)
            "7.0"
        #elseif compiler(>=6.4)
            "6.4"
        #elseif compiler(>=6.3)
            "6.3"
        #elseif compiler(>=6.2)
            "6.2"
        #elseif compiler(>=6.1)
            "6.1"
        #else
            "6.0"
        #endif
    }

    private static var operatingSystemName: String {
        #if os(Linux)
            "linux"
        #elseif os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
            "darwin"
        #elseif os(Windows)
            "windows"
        #elseif os(FreeBSD)
            "freebsd"
        #else
            "unknown"
        #endif
    }

    private static var cpuName: String {
        #if arch(x86_64)
            "x86_64"
        #elseif arch(arm64)
            "arm64"
        #elseif arch(i386)
            "i386"
        #elseif arch(arm)
            "arm"
        #else
            "unknown"
        #endif
    }
}

extension Meta: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("protocolVersion", protocolVersion)
        json.field("implementation", implementation)
        json.field("runtime", runtime)
        json.field("os", os)
        json.field("cpu", cpu)
        json.field("ci", ci)
        json.endObject()
    }
}

/// A product's name and optional version (used by `Meta` for the implementation, runtime, OS and CPU).
public struct Product: Sendable, Hashable, Codable {
    /// The product name.
    public var name: String
    /// The product version, if known.
    public var version: String?

    /// Creates a product.
    public init(name: String, version: String? = nil) {
        self.name = name
        self.version = version
    }
}

extension Product: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("name", name)
        json.field("version", version)
        json.endObject()
    }
}

/// A continuous integration environment.
public struct Ci: Sendable, Hashable, Codable {
    /// The name of the CI product, e.g. `GitHub Actions`.
    public var name: String
    /// A link to the build.
    public var url: String?
    /// The build number (a string: some servers use non-numeric ones).
    public var buildNumber: String?
    /// The Git information the CI server provides.
    public var git: Git?

    /// Creates a CI description.
    public init(name: String, url: String? = nil, buildNumber: String? = nil, git: Git? = nil) {
        self.name = name
        self.url = url
        self.buildNumber = buildNumber
        self.git = git
    }
}

extension Ci: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("name", name)
        json.field("url", url)
        json.field("buildNumber", buildNumber)
        json.field("git", git)
        json.endObject()
    }
}

/// Git information provided by a CI server.
public struct Git: Sendable, Hashable, Codable {
    /// The remote repository URL.
    public var remote: String
    /// The commit.
    public var revision: String
    /// The branch, if any.
    public var branch: String?
    /// The tag, if any.
    public var tag: String?

    /// Creates Git information.
    public init(remote: String, revision: String, branch: String? = nil, tag: String? = nil) {
        self.remote = remote
        self.revision = revision
        self.branch = branch
        self.tag = tag
    }
}

extension Git: JSONWritable {
    /// Writes the message as a JSON object.
    public func write(to json: inout JSONWriter) {
        json.beginObject()
        json.field("remote", remote)
        json.field("revision", revision)
        json.field("branch", branch)
        json.field("tag", tag)
        json.endObject()
    }
}
