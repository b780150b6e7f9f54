/// A value bound to a statement parameter.
enum SQLiteValue {
    case integer(Int64)
    case double(Double)
    case text(String)
    /// Text, or `NULL` for `nil`.
    case optionalText(String?)
}
