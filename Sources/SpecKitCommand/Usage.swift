import SpecKit

/// The lines of a command's usage: names at two spaces, help from `helpColumn`, wrapped at `width`.
enum Usage {
    /// Where help text starts, and how wide the usage is.
    static let helpColumn = 24
    static let width = 112

    /// `  -j, --parallel N      run N scenarios at once`: a setting's lines (and its negation's), from its
    /// declaration in `Setting.all`; nothing for one without an option (the paths).
    static func lines(_ setting: Setting) -> String {
        guard let option = setting.option else { return "" }
        let names = (setting.short.map { "\($0), " } ?? "") + option + (setting.valueName.map { " \($0)" } ?? "")
        var text = lines(names: names, help: setting.help)
        if let negation = setting.negation {
            text += lines(names: negation, help: setting.negationHelp ?? "the opposite of \(option)")
        }
        return text
    }

    /// `names` at two spaces, then `help` from `helpColumn` (on the next line when the names reach it), wrapped.
    static func lines(names: String, help: String) -> String {
        var lines: [String] = []
        var line = "  " + names
        if line.count + 2 > helpColumn {
            lines.append(line)
            line = ""
        }
        line += String(repeating: " ", count: helpColumn - line.count)
        var wordsOnLine = 0
        for word in help.split(separator: " ") {
            if wordsOnLine > 0 && line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: helpColumn)
                wordsOnLine = 0
            }
            line += (wordsOnLine > 0 ? " " : "") + word
            wordsOnLine += 1
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }
}
