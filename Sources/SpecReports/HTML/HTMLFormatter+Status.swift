import Messages

/// How a status shows in the HTML report: its class name, label, glyph and icon.
extension HTMLFormatter {
    private static let icons: [String] = TestStepResultStatus.allCases.sorted { $0.severity < $1.severity }.map {
        "<span class=\"icon s-\(className($0))\" role=\"img\" aria-label=\"\(label($0))\">\(glyph($0))</span>"
    }

    static let stepItems: [String] = TestStepResultStatus.allCases.sorted { $0.severity < $1.severity }.map {
        "<li class=\"s-\(className($0))\">"
    }

    func writeIcon(_ status: TestStepResultStatus) {
        buffer.append(Self.icons[status.severity])
    }

    static func className(_ status: TestStepResultStatus) -> String {
        status == .unknown ? "unknown" : status.rawValue.lowercased()
    }

    static func label(_ status: TestStepResultStatus) -> String {
        status == .unknown ? "not run" : status.rawValue.lowercased()
    }

    static func glyph(_ status: TestStepResultStatus) -> String {
        switch status {
        case .passed: "✓"
        case .failed: "✕"
        case .ambiguous: "!"
        case .undefined: "?"
        case .pending: "…"
        case .skipped: "↷"
        case .unknown: "·"
        }
    }

    /// `count` with its thousands grouped by commas (`10,000`), the same on every machine whatever its locale.
    static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return count < 0 ? "-" + text : text
    }
}
