import Foundation

/// Tags that link to a tracker: `@JIRA-123` or `@issue:42` become links in the HTML and Markdown reports.
///
/// Each rule is `PATTERN=URL`: a regular expression the whole tag (with its `@`) must match, and a URL template in
/// which `$1`…`$9` stand for its groups (percent-encoded). Only `http` and `https` URLs are made.
///
/// ```swift
/// let links = try TagLinks(["@JIRA-(\\d+)=https://tracker.example/browse/JIRA-$1"])
/// links.url(for: "@JIRA-123")  // https://tracker.example/browse/JIRA-123
/// links.url(for: "@wip")       // nil
/// ```
public struct TagLinks: Sendable, Hashable {
    /// One `PATTERN=URL` rule.
    public struct Rule: Sendable, Hashable {
        /// The regular expression a whole tag must match.
        public var pattern: String
        /// The URL, with `$1`…`$9` for the pattern's groups.
        public var template: String
    }

    /// The rules, tried in order: the first that matches a tag gives its link.
    public private(set) var rules: [Rule]

    /// No links.
    public init() { rules = [] }

    /// Parses `PATTERN=URL` rules (the value of `--link-tags`, or of `linkTags` in `cucumber.json`).
    ///
    /// - Throws: `TagLinkError` naming the rule that has no `=`, an invalid regular expression, or a URL that is
    ///   not `http` or `https`.
    public init(_ specifications: [String]) throws(TagLinkError) {
        rules = []
        for specification in specifications {
            // The URL holds no `=` before its query string, the pattern may: split at the last `=` before `http`.
            guard let range = specification.range(of: "=http", options: .backwards) else {
                throw TagLinkError(
                    rule: specification,
                    reason: "write PATTERN=URL, e.g. '@JIRA-(\\d+)=https://tracker.example/browse/JIRA-$1'")
            }
            let pattern = String(specification[..<range.lowerBound])
            let template = String(specification[specification.index(after: range.lowerBound)...])
            guard (try? NSRegularExpression(pattern: pattern)) != nil, !pattern.isEmpty else {
                throw TagLinkError(rule: specification, reason: "'\(pattern)' is not a valid regular expression")
            }
            guard Self.isWebURL(template.replacingOccurrences(of: "$", with: "0")) else {
                throw TagLinkError(rule: specification, reason: "'\(template)' is not an http or https URL")
            }
            rules.append(Rule(pattern: pattern, template: template))
        }
    }

    /// Whether there is no rule.
    public var isEmpty: Bool { rules.isEmpty }

    /// The link of `tag` (`@JIRA-123`): the first rule whose pattern matches the whole tag, its groups put in its
    /// template; nil when none matches or the result is not an http(s) URL.
    public func url(for tag: String) -> String? {
        for rule in rules {
            guard let regex = try? NSRegularExpression(pattern: "^(?:" + rule.pattern + ")$"),
                let match = regex.firstMatch(in: tag, range: NSRange(tag.startIndex..., in: tag))
            else { continue }
            var url = ""
            var characters = rule.template[...]
            while let character = characters.first {
                characters = characters.dropFirst()
                if character == "$", let digit = characters.first?.wholeNumberValue, digit >= 1 {
                    characters = characters.dropFirst()
                    if digit < match.numberOfRanges, let range = Range(match.range(at: digit), in: tag) {
                        url += tag[range].addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? ""
                    }
                } else {
                    url.append(character)
                }
            }
            return Self.isWebURL(url) ? url : nil
        }
        return nil
    }

    /// Whether `text` is an absolute `http` or `https` URL with a host.
    static func isWebURL(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { return false }
        return true
    }
}

/// A `--link-tags` rule that cannot be used.
public struct TagLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule as given.
    public var rule: String
    /// What is wrong and how to write it.
    public var reason: String

    /// `--link-tags 'RULE': REASON`.
    public var description: String { "--link-tags '\(rule)': \(reason)" }
}
