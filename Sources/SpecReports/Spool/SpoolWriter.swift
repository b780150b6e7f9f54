/// Appends values to a byte buffer in the spool's compact binary form: integers as zig-zag variable-length
/// quantities, strings as their UTF-8 length and bytes, optionals behind a presence byte, arrays behind their
/// count. Much faster to write and read back than JSON, and a third of its size.
///
/// The form is private to one process (it is never read by another build), so it has no version or field names:
/// `SpoolReader` reads the values in the order they were written.
struct SpoolWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func unsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func int(_ value: Int) {
        let zigZag = (UInt64(bitPattern: Int64(value)) << 1) ^ UInt64(bitPattern: Int64(value) >> 63)
        unsigned(zigZag)
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            unsigned(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func optional<Value>(_ value: Value?, _ write: (inout SpoolWriter, Value) -> Void) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        write(&self, value)
    }

    mutating func array<Element>(_ values: [Element], _ write: (inout SpoolWriter, Element) -> Void) {
        unsigned(UInt64(values.count))
        for value in values { write(&self, value) }
    }

    mutating func optionalString(_ value: String?) {
        optional(value) { $0.string($1) }
    }

    /// Raw bytes, behind their count.
    mutating func raw(_ raw: UnsafeRawBufferPointer) {
        unsigned(UInt64(raw.count))
        bytes.append(contentsOf: raw)
    }

    mutating func optionalInt(_ value: Int?) {
        optional(value) { $0.int($1) }
    }

    mutating func strings(_ values: [String]) {
        array(values) { $0.string($1) }
    }
}
