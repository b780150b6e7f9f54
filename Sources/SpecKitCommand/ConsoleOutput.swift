import Messages
import SpecReports
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output for the console formats. Writing to a pipe whose reader has gone (SIGPIPE is ignored while
/// reports are written) fails with EPIPE; that is remembered, so the run can say the console was closed.
final class ConsoleOutput: ReportOutput, Sendable {
    private let closed = Atomic<Bool>(false)
    let name = "standard output"

    /// Whether a write found the reader gone.
    var wasClosed: Bool { closed.load(ordering: .relaxed) }

    func write(_ bytes: UnsafeRawBufferPointer) throws(ReportError) {
        guard let code = DescriptorWrite.all(bytes, to: 1) else { return }
        if code == EPIPE { closed.store(true, ordering: .relaxed) }
        throw ReportError.cannotWrite(destination: name, reason: DescriptorWrite.reason(code))
    }

    func close() throws(ReportError) {}
}

/// The exit status when standard output was closed before the run ended (`| head`): 141, as for a process that
/// SIGPIPE stopped, though here the run went on and wrote its report files.
let consoleClosedExitStatus: Int32 = 128 + SIGPIPE

/// Ignores SIGPIPE for the rest of the process, so a console closed early (`| head`) makes writes to it fail
/// instead of killing the process before the report files are written.
func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
}

/// Whether standard output is a terminal.
func standardOutputIsTerminal() -> Bool {
    isatty(1) == 1
}
