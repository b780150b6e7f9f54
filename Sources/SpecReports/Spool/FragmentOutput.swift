/// Collects the bytes of one piece of a report in memory, to be placed later (after totals that are only known at
/// the end, or in an order other than the one the pieces were made in).
final class FragmentOutput: ReportOutput {
    let name = "a piece of a report"
    private var bytes: [UInt8] = []

    func write(_ bytes: UnsafeRawBufferPointer) throws(ReportError) {
        self.bytes.append(contentsOf: bytes)
    }

    func close() throws(ReportError) {}

    /// The bytes collected since the last call.
    func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }
}

extension OutputBuffer {
    /// An output buffer whose bytes are taken with `takeFragment()` rather than written anywhere.
    static func fragment() -> OutputBuffer {
        OutputBuffer(FragmentOutput(), flushThreshold: 1 << 14)
    }

    /// The bytes appended since the last call (for a buffer made by `fragment()`).
    func takeFragment() -> [UInt8] {
        try? flush()
        return (output as? FragmentOutput)?.take() ?? []
    }
}
