import TestSupport

extension BuiltExecutable {
    /// `feed`, the feed's command (or `FEED_EXECUTABLE`).
    package static let feed = BuiltExecutable(name: "feed", override: "FEED_EXECUTABLE")
    /// `feed-stress-save`, the crash-safety tests' helper (or `FEED_STRESS_SAVE_EXECUTABLE`).
    package static let stressSave = BuiltExecutable(name: "feed-stress-save", override: "FEED_STRESS_SAVE_EXECUTABLE")
}
