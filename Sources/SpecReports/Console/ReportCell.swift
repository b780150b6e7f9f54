/// The widest cell a text report pads its columns to: the usage table and the data tables of the console
/// formats cut a longer cell with an ellipsis, and the pretty format aligns its `#` comments up to that column,
/// so one very long step or cell cannot pad every other row to its width.
package enum ReportCell {
    /// 120 characters.
    package static let maximumWidth = 120

    /// `text`, or its first `maximumWidth - 1` characters and `…` when it is wider; `width` measures it (by
    /// default in characters).
    static func cut(_ text: String, width: (String) -> Int = { $0.count }) -> String {
        guard width(text) > maximumWidth else { return text }
        var cut = ""
        for character in text {
            if width(cut + String(character)) > maximumWidth - 1 { break }
            cut.append(character)
        }
        return cut + "…"
    }
}
