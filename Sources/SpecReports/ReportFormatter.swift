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
public final class Reporter {
    /// The index shared by the formatters.
    public let query: RunQuery
    /// The formatters, fed in order.
    public private(set) var formatters: [any ReportFormatter]

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

    /// Indexes `envelope` once, then lets every formatter react to it, then lets the query drop what no formatter
    /// needs any more (with a `.streaming` query).
    public func consume(_ envelope: Envelope) throws(ReportError) {
        query.update(envelope)
        if let error = query.error { throw error }
        defer { query.releaseSettledTestCases() }
        for formatter in formatters {
            if formatter.query === query {
                try formatter.receive(envelope)
            } else {
                try formatter.consume(envelope)
            }
        }
    }

    /// Finishes every formatter, even when one fails, and rethrows the first error.
    public func finish() throws(ReportError) {
        var firstError: ReportError?
        for formatter in formatters {
            do {
                try formatter.finish()
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if let firstError { throw firstError }
    }
}
