import Messages

/// A report that is a function of a Cucumber Messages stream, fed envelope by envelope.
///
/// Use a formatter on its own with `consume(_:)` for each envelope, then `finish()` once:
///
/// ```swift
/// let summary = SummaryFormatter(output: FileDescriptorOutput.standardOutput())
/// for envelope in envelopes { try summary.consume(envelope) }
/// try summary.finish()
/// ```
///
/// Several formatters can share one `RunQuery` so the stream is indexed once: create them with the
/// `Reporter`'s `query` and feed the stream to the reporter. `finish()` writes whatever the report still needs and closes its
/// output; a stream that ends without `testRunFinished` produces a report marked as interrupted.
public protocol ReportFormatter: AnyObject {
    /// The index of the stream the formatter reads.
    var query: RunQuery { get }
    /// Reacts to `envelope`, which `query` has already absorbed (live output is written here).
    func receive(_ envelope: Envelope) throws(ReportError)
    /// Absorbs `envelope` into `query`, then reacts to it (a default implementation is provided).
    func consume(_ envelope: Envelope) throws(ReportError)
    /// Writes the rest of the report and closes the output.
    func finish() throws(ReportError)
}

extension ReportFormatter {
    /// Absorbs `envelope` into `query`, then reacts to it. Use `Reporter` instead when formatters share a query.
    public func consume(_ envelope: Envelope) throws(ReportError) {
        query.update(envelope)
        if let error = query.error { throw error }
        try receive(envelope)
        query.releaseSettledTestCases()
    }

    /// Consumes every envelope of `envelopes`, then finishes the report.
    public func format(_ envelopes: some Sequence<Envelope>) throws(ReportError) {
        for envelope in envelopes { try consume(envelope) }
        try finish()
    }
}

/// Feeds one stream to several formatters that share a `RunQuery`, indexing each envelope once.
///
/// ```swift
/// let query = RunQuery()
/// let reporter = Reporter(query: query, formatters: [
///     ProgressFormatter(output: FileDescriptorOutput.standardOutput(), query: query),
///     try JUnitFormatter(output: AtomicFileOutput(url), query: query),
/// ])
/// ```
///
/// One report failing (a full disk, a closed pipe) costs only that report: the reporter stops feeding it, keeps its
/// error (`error(of:)`, `errors`) and goes on feeding the others the whole stream.
public final class Reporter {
    /// The index shared by the formatters.
    public let query: RunQuery
    /// The formatters, fed in order.
    public private(set) var formatters: [any ReportFormatter]
    /// Why each failed formatter failed, by formatter.
    private var failures: [ObjectIdentifier: ReportError] = [:]
    /// The errors of the failed formatters, in the order they failed.
    public private(set) var errors: [ReportError] = []

    /// Creates a reporter. Formatters created with `query` share its indexing; any other formatter is fed
    /// through its own query.
    public init(query: RunQuery = RunQuery(), formatters: [any ReportFormatter] = []) {
        self.query = query
        self.formatters = formatters
    }

    /// Adds a formatter (ideally created with this reporter's `query`).
    public func add(_ formatter: any ReportFormatter) {
        formatters.append(formatter)
    }

    /// Why `formatter` failed, or nil while it has not.
    public func error(of formatter: any ReportFormatter) -> ReportError? {
        failures[ObjectIdentifier(formatter)]
    }

    /// Indexes `envelope` once, then lets every formatter that has not failed react to it. Throws the first error
    /// met for this envelope, after every other formatter has had it. With a `.streaming` query, then lets the
    /// query drop what no formatter needs any more.
    ///
    /// When the query itself fails (its spool files cannot be written: a full or missing temporary folder), every
    /// formatter reading it fails with that error: none could be complete, so none replaces a previous report.
    public func consume(_ envelope: Envelope) throws(ReportError) {
        query.update(envelope)
        defer { query.releaseSettledTestCases() }
        var firstError = failReadersIfTheQueryFailed()
        for formatter in formatters where failures[ObjectIdentifier(formatter)] == nil {
            do throws(ReportError) {
                if formatter.query === query {
                    try formatter.receive(envelope)
                } else {
                    try formatter.consume(envelope)
                }
            } catch {
                record(error, of: formatter)
                if firstError == nil { firstError = error }
            }
        }
        if let firstError { throw firstError }
    }

    /// Finishes every formatter that has not failed, even when one fails, and throws the first error met, this
    /// time or while the stream was fed.
    public func finish() throws(ReportError) {
        _ = failReadersIfTheQueryFailed()
        for formatter in formatters where failures[ObjectIdentifier(formatter)] == nil {
            do throws(ReportError) {
                try formatter.finish()
            } catch {
                record(error, of: formatter)
            }
        }
        if let first = errors.first { throw first }
    }

    /// Fails every formatter reading `query` that has not failed yet when the query has; returns its error then.
    private func failReadersIfTheQueryFailed() -> ReportError? {
        guard let error = query.error else { return nil }
        for formatter in formatters where formatter.query === query && failures[ObjectIdentifier(formatter)] == nil {
            record(error, of: formatter)
        }
        return error
    }

    private func record(_ error: ReportError, of formatter: any ReportFormatter) {
        failures[ObjectIdentifier(formatter)] = error
        errors.append(error)
    }
}
