/// A value that writes itself as JSON into a `JSONWriter`, much faster than `JSONEncoder`.
///
/// Every message conforms beside its declaration: members in the schema's property order, `nil` members
/// omitted, arrays always written (even when empty).
public protocol JSONWritable {
    /// Appends this value's JSON to `json`.
    func write(to json: inout JSONWriter)
}
