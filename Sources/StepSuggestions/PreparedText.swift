/// A text ready to be compared: its scalars, the same without case, and its words.
struct PreparedText: Sendable {
    let scalars: [Unicode.Scalar]
    let folded: [UInt32]
    /// The words (runs of letters and digits, folded, two scalars or more).
    let words: Set<String>

    init(_ text: some Sequence<Unicode.Scalar>) {
        scalars = Array(text)
        folded = scalars.map(StepSuggestions.folded)
        var words: Set<String> = []
        var word = String.UnicodeScalarView()
        for (scalar, lowered) in zip(scalars, folded) {
            if Self.isWordScalar(scalar) {
                word.append(Unicode.Scalar(lowered) ?? scalar)
            } else {
                if word.count >= 2 { words.insert(String(word)) }
                word = String.UnicodeScalarView()
            }
        }
        if word.count >= 2 { words.insert(String(word)) }
        self.words = words
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            let value = scalar.value
            return (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A)
                || (value >= 0x61 && value <= 0x7A)
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
