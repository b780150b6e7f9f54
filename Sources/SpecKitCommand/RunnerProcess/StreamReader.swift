import Messages

/// Reads a runner process's NDJSON stream as it comes, in pieces of any size, into envelopes.
struct StreamReader {
    private let decoder = ExecutionLineDecoder()
    private var pending: [UInt8] = []
    private var lineNumber = 0
    /// How many bytes of the stream were read.
    private(set) var received = 0

    /// Reads `bytes`, the next piece of the stream, calling `body` with the envelopes of the lines it ends; returns
    /// why the stream is not a message stream, if it is not.
    mutating func read(_ bytes: UnsafeRawBufferPointer, _ body: ([Envelope]) -> Void) -> String? {
        received += bytes.count
        pending.append(contentsOf: bytes)
        var start = 0
        var envelopes: [Envelope] = []
        while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
            lineNumber += 1
            let line = pending[start..<newline]
            start = newline + 1
            do {
                envelopes.append(try decoder.decode(line))
            } catch {
                body(envelopes)
                return "the runner's stream is not a message stream at line \(lineNumber): \(error)"
            }
        }
        pending.removeFirst(start)
        body(envelopes)
        return nil
    }
}
