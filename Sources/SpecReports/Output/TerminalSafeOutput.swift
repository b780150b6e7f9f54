/// Passes console text on with every control character of the text itself written visibly (`\u{1B}`), so a spec,
/// a step's error message or an attachment cannot move the cursor, clear the screen, set the window title, ring
/// the bell or reverse the text of the terminal it is printed on.
///
/// Line feeds and tabs pass, and so do the colour and bold sequences `ConsoleStyle` writes (`ESC [ 0|1|22|31|32|33|
/// 36|39|90 m`); any other escape sequence, carriage return, C0 or C1 control, DEL and the bidirectional overrides
/// and isolates (U+202A–U+202E, U+2066–U+2069) are escaped.
public final class TerminalSafeOutput: ReportOutput {
    private let output: any ReportOutput
    /// Bytes held back from the last write: a sequence or a character that may continue in the next write.
    private var pending: [UInt8] = []

    /// Wraps `output`.
    public init(_ output: any ReportOutput) {
        self.output = output
    }

    /// The wrapped output's name.
    public var name: String { output.name }

    /// The SGR parameters `ConsoleStyle` writes.
    private static let allowedStyles: Set<[UInt8]> = Set(
        ["0", "1", "22", "31", "32", "33", "36", "39", "90"].map { Array($0.utf8) })

    /// Writes `bytes` with the text's control characters escaped.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(ReportError) {
        var input = pending
        pending = []
        input.append(contentsOf: bytes)
        let (safe, held) = Self.escape(input, final: false)
        pending = held
        try output.write(safe)
    }

    /// Writes what was held back and closes the wrapped output.
    public func close() throws(ReportError) {
        let (safe, _) = Self.escape(pending, final: true)
        pending = []
        if !safe.isEmpty { try output.write(safe) }
        try output.close()
    }

    /// `input` with its control characters escaped, and the bytes at its end that may start a sequence or a
    /// character the next write completes (none when `final`).
    static func escape(_ input: [UInt8], final: Bool) -> (safe: [UInt8], held: [UInt8]) {
        var safe: [UInt8] = []
        safe.reserveCapacity(input.count)
        var index = 0
        func escaped(_ scalar: UInt32) -> [UInt8] {
            Array("\\u{\(String(scalar, radix: 16, uppercase: true))}".utf8)
        }
        while index < input.count {
            let byte = input[index]
            switch byte {
            case 0x0A, 0x09:
                safe.append(byte)
                index += 1
            case 0x1B:
                // A style of ours: ESC [ digits m.
                var end = index + 1
                if end < input.count, input[end] == UInt8(ascii: "[") {
                    end += 1
                    let digitsStart = end
                    while end < input.count, end - digitsStart < 3, (0x30...0x39).contains(input[end]) { end += 1 }
                    if end < input.count, input[end] == UInt8(ascii: "m"),
                        allowedStyles.contains(Array(input[digitsStart..<end]))
                    {
                        safe.append(contentsOf: input[index...end])
                        index = end + 1
                        continue
                    }
                }
                if !final && end >= input.count && end - index <= 5 { return (safe, Array(input[index...])) }
                safe.append(contentsOf: escaped(0x1B))
                index += 1
            case 0x00...0x1F, 0x7F:
                safe.append(contentsOf: escaped(UInt32(byte)))
                index += 1
            case 0xC2:
                // U+0080–U+009F, the C1 controls, are C2 80 … C2 9F.
                guard index + 1 < input.count else {
                    if !final { return (safe, Array(input[index...])) }
                    safe.append(byte)
                    index += 1
                    continue
                }
                let next = input[index + 1]
                if (0x80...0x9F).contains(next) {
                    safe.append(contentsOf: escaped(UInt32(next)))
                } else {
                    safe.append(contentsOf: [byte, next])
                }
                index += 2
            case 0xE2:
                // U+202A–U+202E are E2 80 AA … AE; U+2066–U+2069 are E2 81 A6 … A9.
                guard index + 2 < input.count else {
                    if !final { return (safe, Array(input[index...])) }
                    safe.append(contentsOf: input[index...])
                    index = input.count
                    continue
                }
                let second = input[index + 1]
                let third = input[index + 2]
                if second == 0x80, (0xAA...0xAE).contains(third) {
                    safe.append(contentsOf: escaped(0x2000 + UInt32(third) - 0x80))
                } else if second == 0x81, (0xA6...0xA9).contains(third) {
                    safe.append(contentsOf: escaped(0x2040 + UInt32(third) - 0x80))
                } else {
                    safe.append(contentsOf: input[index...index + 2])
                }
                index += 3
            default:
                safe.append(byte)
                index += 1
            }
        }
        return (safe, [])
    }
}
