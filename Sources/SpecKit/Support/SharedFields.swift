/// A value's fields in one immutable box shared by every copy, so that copying the value copies one reference, not
/// every field; a change makes a box of its own (copy on write without a uniqueness check: the box never changes).
struct SharedFields<Fields: Sendable & Hashable>: Sendable, Hashable {
    private final class Box: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private var box: Box

    init(_ fields: Fields) {
        box = Box(fields)
    }

    /// The fields.
    var fields: Fields { box.fields }

    /// Sets one field, in a box of this copy's own.
    mutating func change<Value>(_ field: WritableKeyPath<Fields, Value>, _ value: Value) {
        var fields = box.fields
        fields[keyPath: field] = value
        box = Box(fields)
    }

    /// Whether the two hold the same fields (at once when they share a box).
    static func == (lhs: SharedFields, rhs: SharedFields) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    /// Hashes every field.
    func hash(into hasher: inout Hasher) {
        hasher.combine(box.fields)
    }
}
