import Foundation
import Messages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Everything the harness reads of Swift Testing beyond its public API, in one place: the fallback event handler
// it installs through `dlsym` (`TestingIssueHandler`) and the records that handler receives, the readable text of
// the error a failed `#require` throws (`ExpectationText`), and the difference a failed `#expect` computed
// (`SwiftTestingMirror`), read with `Mirror` from types Swift Testing does not make public. SpecKit does not
// import Swift Testing; the `swift test` bridge (`SpecKitTesting`) uses its public API and these readers.

/// Makes a failed `#expect`, `#require` or `Issue.record` inside a step fail that step when no Swift Testing test is
/// running: in a package's own spec command, its `--watch` reruns and the runs its language server starts.
///
/// Outside a test, Swift Testing hands every event it cannot deliver to a *fallback event handler*, a C function
/// installed once per process with `_swift_testing_installFallbackEventHandler` (exported by `lib_TestingInterop`,
/// which Swift Testing loads). The handler receives each event as an ABI JSON record, synchronously on the thread
/// that recorded it, where the running step's `SpecContext` is readable. This type installs such a handler and
/// turns each `issueRecorded` record into a `RecordedIssue` of the running step; an issue recorded off the step's
/// task (another thread, a detached task, a world's `deinit`) goes where `RunningTestCases` says: the one test case
/// running, or the run.
///
/// The function is looked up at run time: a toolchain without it, a process where another library installed its
/// handler first, or `SWIFT_TESTING_XCTEST_INTEROP_MODE=none` leaves `#expect` unseen, and `status` says so, for
/// the command to tell its user at start. Under `swift test`, Swift Testing installs its own handler first and the
/// bridge (`SpecKitTesting`) sees issues through an issue-handling trait instead.
package enum TestingIssueHandler {
    /// Whether issues recorded outside a test reach the harness.
    package enum Status: Sendable, Hashable {
        /// The handler is installed: every issue recorded in a step fails that step.
        case installed
        /// Swift Testing is not in the process: no step can record an issue.
        case testingNotLoaded
        /// Swift Testing is in the process but its issues cannot be seen; the reason says why.
        case unavailable(String)

        /// A warning for the user when issues recorded in steps go unseen; nil when nothing is lost.
        package var warning: String? {
            guard case .unavailable(let reason) = self else { return nil }
            return "a failed #expect or Issue.record inside a step cannot be seen here (\(reason)): such a step "
                + "would pass. Use `try #require(...)` or SpecKit's expectEqual/expect/fail, which throw, or run "
                + "the specs with `swift test`."
        }
    }

    /// The C signature of Swift Testing's fallback event handler (`SWTFallbackEventHandler`).
    typealias Handler =
        @convention(c) (
            _ schemaVersion: UnsafePointer<CChar>, _ record: UnsafeRawPointer, _ byteCount: Int,
            _ reserved: UnsafeRawPointer?
        ) -> Void
    typealias Install = @convention(c) (Handler) -> Bool

    /// Installs the handler, once per process (later calls return the first call's status).
    package static func install() -> Status { installation }

    private static let installation: Status = {
        let environment = ProcessInfo.processInfo.environment
        guard symbol("swt_abiv0_getEntryPoint") != nil else { return .testingNotLoaded }
        if environment["SWIFT_TESTING_XCTEST_INTEROP_MODE"]?.lowercased() == "none" {
            return .unavailable("SWIFT_TESTING_XCTEST_INTEROP_MODE is none")
        }
        guard let address = symbol("_swift_testing_installFallbackEventHandler") else {
            return .unavailable("this toolchain's Swift Testing has no _swift_testing_installFallbackEventHandler")
        }
        let install = unsafeBitCast(address, to: Install.self)
        let handler: Handler = { _, record, byteCount, _ in
            TestingIssueHandler.receive(UnsafeRawBufferPointer(start: record, count: byteCount))
        }
        guard install(handler) else {
            return .unavailable("another testing library installed Swift Testing's fallback event handler first")
        }
        return .installed
    }()

    /// The address of the C function `name` in the process, if loaded.
    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        #if canImport(Darwin)
            return dlsym(UnsafeMutableRawPointer(bitPattern: -2), name)  // RTLD_DEFAULT
        #else
            return dlsym(dlopen(nil, RTLD_NOW), name)
        #endif
    }

    /// Handles one event record: an issue fails the running step; anything else is ignored.
    static func receive(_ record: UnsafeRawBufferPointer) {
        switch read(Array(record)) {
        case .ignored:
            break
        case .issue(let issue):
            if !SpecContext.recordFailure(issue) && !RunningTestCases.shared.record(issue) {
                report(
                    "Swift Testing recorded an issue after the run ended, which fails nothing: \(issue.message)"
                        + (issue.location.map { " at \($0.fileID):\($0.line):\($0.column)" } ?? ""))
            }
        case .unreadable(let reason):
            let text = String(decoding: record.prefix(2000), as: UTF8.self)
            let issue = RecordedIssue(
                summary: "Swift Testing recorded an issue the harness could not read (\(reason))", details: [text])
            if !SpecContext.recordFailure(issue) && !RunningTestCases.shared.record(issue) { report(issue.message) }
        }
    }

    /// What a record says.
    enum Reading: Sendable, Hashable {
        /// Not an issue, or an issue that fails nothing (a warning, a known issue).
        case ignored
        /// An issue that fails the step.
        case issue(RecordedIssue)
        /// An issue record whose shape is not understood: failing the step is safer than passing it.
        case unreadable(String)
    }

    /// Reads an ABI JSON record (`{"kind":"event","payload":{"kind":"issueRecorded","issue":{…},"messages":[…]}}`):
    /// the issue fails the step when `isFailure` says so (or, in records older than Swift 6.3, when it is neither a
    /// known issue nor a warning); its first message is the summary, the rest (difference, comments) the details.
    static func read(_ bytes: [UInt8]) -> Reading {
        guard let record = try? JSONValue(parsing: bytes) else {
            // Only an issue that cannot be read matters; an unreadable record of another kind is no failure.
            let text = String(decoding: bytes, as: UTF8.self)
            return text.contains("issueRecorded") ? .unreadable("not JSON") : .ignored
        }
        guard case .string("event")? = record["kind"], let payload = record["payload"],
            case .string("issueRecorded")? = payload["kind"]
        else { return .ignored }
        guard let issue = payload["issue"] else { return .unreadable("no issue in the record") }
        let failing: Bool
        if case .bool(let isFailure)? = issue["isFailure"] {
            failing = isFailure
        } else {
            let known = issue["isKnown"] == .bool(true)
            let warning = issue["severity"] == .string("warning")
            failing = !known && !warning
        }
        guard failing else { return .ignored }
        var texts: [String] = []
        if case .array(let messages)? = payload["messages"] {
            for message in messages {
                if case .string(let text)? = message["text"] { texts.append(text) }
            }
        }
        guard let summary = texts.first else { return .unreadable("an issue without messages") }
        return .issue(
            RecordedIssue(
                summary: summary, details: Array(texts.dropFirst()), location: location(issue["sourceLocation"])))
    }

    private static func location(_ value: JSONValue?) -> CodeLocation? {
        guard let value, case .string(let fileID)? = value["fileID"], case .number(let line)? = value["line"] else {
            return nil
        }
        var filePath = fileID
        if case .string(let path)? = value["filePath"] {
            filePath = path
        } else if case .string(let path)? = value["_filePath"] {
            filePath = path
        }
        var column = 1
        if case .number(let number)? = value["column"] { column = Int(number) }
        return CodeLocation(fileID: fileID, filePath: filePath, line: Int(line), column: column)
    }

    private static func report(_ text: String) {
        FileHandle.standardError.write(Data("warning: \(text)\n".utf8))
    }
}

/// The readable text of Swift Testing's `ExpectationFailedError`, thrown by a failed `try #require(...)`, read
/// without importing Swift Testing (SpecKit does not depend on it): `#require(value) failed: value → nil`, and the
/// Swift place of the expectation.
struct ExpectationText {
    /// `#require(value) failed: value → nil`, or as much of it as could be read.
    let message: String
    /// Where the expectation is written.
    let location: CodeLocation?

    /// Whether `error` is Swift Testing's `ExpectationFailedError`.
    static func isExpectationFailure(_ error: any Error) -> Bool {
        String(describing: type(of: error)) == "ExpectationFailedError"
    }

    init(_ error: any Error) {
        let expectation = Self.child("expectation", of: error)
        var location: CodeLocation?
        if let place = expectation.flatMap({ Self.child("sourceLocation", of: $0) }),
            let fileID = Self.child("fileID", of: place) as? String,
            let filePath = Self.child("filePath", of: place) as? String,
            let line = Self.child("line", of: place) as? Int, let column = Self.child("column", of: place) as? Int
        {
            location = CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        }
        let expression = expectation.flatMap { Self.child("evaluatedExpression", of: $0) }
        let source = expression.flatMap { Self.child("kind", of: $0) }.flatMap(Self.sourceCode)
        let value = expression.flatMap { Self.child("runtimeValue", of: $0) }
            .flatMap { Self.child("some", of: $0) }.flatMap { Self.child("description", of: $0) as? String }
        var message = "#require(\(source ?? "...")) failed"
        if let source, let value { message += ": \(source) → \(value)" }
        if let location { message += " at \(location)" }
        self.message = message
        self.location = location
    }

    /// The source code of an expression's kind when it is written out whole (`.generic("value")`).
    private static func sourceCode(_ kind: Any) -> String? {
        SwiftTestingMirror.child("generic", of: kind) as? String
    }

    private static func child(_ label: String, of value: Any) -> Any? {
        SwiftTestingMirror.child(label, of: value)
    }
}

/// Reads values of Swift Testing's types that it does not make public, by their stored properties' names.
package enum SwiftTestingMirror {
    /// The difference Swift Testing computed for a failed expectation (its `Expectation`'s internal
    /// `differenceDescription`, shown under the issue on the command line), if it has one.
    package static func differenceDescription(ofExpectation expectation: Any) -> String? {
        guard let value = child("differenceDescription", of: expectation) else { return nil }
        return (value as? String?) ?? nil
    }

    /// The stored property `label` of `value`, if it has one.
    static func child(_ label: String, of value: Any) -> Any? {
        Mirror(reflecting: value).children.first { $0.label == label }?.value
    }
}
