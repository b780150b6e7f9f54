import Foundation
import Messages

/// Where a run happened, for the top of the HTML and Markdown reports: the CI, its build, the branch and commit
/// from the stream's `meta`, then the team's own facts (`--environment NAME=VALUE`, `environment` in a profile: an
/// app version, a device, a server).
public struct ReportEnvironment: Sendable, Hashable {
    /// One fact: a name, its value, and a web address when it has one.
    public struct Entry: Sendable, Hashable {
        /// What the fact is (`Branch`, `app`).
        public var name: String
        /// Its value, as given.
        public var value: String
        /// An `http` or `https` address to link the value to (a CI build's page).
        public var link: String?

        /// A fact; `link` only when it is an `http` or `https` address.
        public init(name: String, value: String, link: String? = nil) {
            self.name = name
            self.value = value
            self.link = link
        }
    }

    /// The team's own facts, in the order given.
    public var custom: [Entry]

    /// No facts of the team's own.
    public init() {
        custom = []
    }

    /// The facts written `NAME=VALUE` (the first `=` splits; the value may be empty); a name given twice keeps its
    /// last value, in its first place.
    ///
    /// - Throws: `ReportEnvironmentError` naming the entry without a name or without its `=`.
    public init(parsing pairs: [String]) throws(ReportEnvironmentError) {
        var custom: [Entry] = []
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "=") else { throw ReportEnvironmentError(entry: pair) }
            let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw ReportEnvironmentError(entry: pair) }
            let value = String(pair[pair.index(after: equals)...])
            if let index = custom.firstIndex(where: { $0.name == name }) {
                custom[index].value = value
            } else {
                custom.append(Entry(name: name, value: value))
            }
        }
        self.custom = custom
    }

    /// Every fact to show for a run whose stream began with `meta`: the CI's, then the team's own.
    public func entries(meta: Meta?) -> [Entry] {
        var entries: [Entry] = []
        if let ci = meta?.ci {
            entries.append(Entry(name: "CI", value: ci.name, link: ci.url.flatMap(Self.webAddress(_:))))
            if let build = ci.buildNumber { entries.append(Entry(name: "Build", value: build)) }
            if let git = ci.git {
                if let branch = git.branch { entries.append(Entry(name: "Branch", value: branch)) }
                if let tag = git.tag { entries.append(Entry(name: "Tag", value: tag)) }
                entries.append(Entry(name: "Commit", value: git.revision))
                entries.append(Entry(name: "Repository", value: git.remote, link: Self.webAddress(git.remote)))
            }
        }
        return entries + custom
    }

    /// `text` when the reports make it a link (`HTMLFormatter.isWebLink`: `http` or `https`, never `javascript:`).
    static func webAddress(_ text: String) -> String? {
        HTMLFormatter.isWebLink(text) ? text : nil
    }
}

/// An environment entry that is not `NAME=VALUE`.
public struct ReportEnvironmentError: Error, Sendable, CustomStringConvertible {
    /// The entry as given.
    public let entry: String

    /// The error, naming the entry and what was expected.
    public var description: String {
        "--environment '\(entry)': expected NAME=VALUE, e.g. 'app=2.3.0' (a name, then = and the value)"
    }
}
